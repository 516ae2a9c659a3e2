import { describe, expect, it } from 'vitest';
import { isRiskCategory } from '../../src/risk/categories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { COMMAND_RULES, rulesFor, ruleName } from '../../src/shell/commandRules';
import { RULE_CATEGORIES } from '../../src/shell/ruleTypes';

const examples = COMMAND_RULES.flatMap((rule) =>
  rule.examples.map((example) => ({ name: `${rule.category} matches ${JSON.stringify(example)} (${rule.note})`, example, category: rule.category })),
);

describe('the command rule table', () => {
  it.each(examples)('$name', ({ example, category }) => {
    const analysis = analyzeShell(example);
    expect(analysis.unknowable).toBeUndefined();
    expect(analysis.findings.map((finding) => finding.category)).toContain(category);
  });

  it('gives every rule a category, commands, a note and at least one example', () => {
    for (const rule of COMMAND_RULES) {
      expect(isRiskCategory(rule.category) && (RULE_CATEGORIES as readonly string[]).includes(rule.category)).toBe(true);
      expect(rule.commands.length).toBeGreaterThan(0);
      expect(rule.note.length).toBeGreaterThan(0);
      expect(rule.examples.length).toBeGreaterThan(0);
    }
  });

  it('gives every SYSTEM_IMPACT rule an impact level', () => {
    expect(COMMAND_RULES.filter((rule) => rule.category === 'SYSTEM_IMPACT' && rule.level === undefined)).toEqual([]);
  });

  it('covers the command families seed 002 names', () => {
    for (const name of ['pip', 'pip3', 'poetry', 'pipenv', 'npm', 'yarn', 'git', 'systemctl', 'service', 'iptables', 'ufw', 'mount', 'umount', 'mkfs', 'reboot', 'shutdown', 'sudo', 'curl', 'wget']) {
      expect(rulesFor(name).length, name).toBeGreaterThan(0);
    }
  });

  it.each([
    { name: 'reads mkfs.ext4 as mkfs', command: 'mkfs.ext4', family: 'mkfs' },
    { name: 'reads pip3.12 as pip3', command: 'pip3.12', family: 'pip3' },
    { name: 'keeps an unknown name', command: 'constructor', family: 'constructor' },
  ])('$name', ({ command, family }) => {
    expect(ruleName(command)).toBe(family);
  });

  it('finds no rule for a prototype property name', () => {
    expect(rulesFor('toString')).toEqual([]);
    expect(analyzeShell('constructor x; __proto__ y; toString').unknowable).toBeUndefined();
  });
});
