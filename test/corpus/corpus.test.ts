import { describe, expect, it } from 'vitest';
import { RISK_CATEGORIES, sortCategories, type RiskCategory } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import type { ShellAnalysis } from '../../src/shell/catalog/shellAnalysis';
import { TECHNIQUES, type ExpectedPathOperand } from './corpusTypes';
import { realisticCommands } from './realistic';
import { shellBenign } from './shellBenign';
import { shellBypass } from './shellBypass';

function categoriesOf(analysis: ShellAnalysis): RiskCategory[] {
  return sortCategories(analysis.findings.map((finding) => finding.category));
}

// the evaluated path is the contract; the source word is accepted where the path is built at run time (~, $HOME)
function hasPathOperand(analysis: ShellAnalysis, expected: ExpectedPathOperand): boolean {
  return analysis.pathOperands.some(
    (operand) => operand.role === expected.role && (operand.path === expected.path || operand.source === expected.path),
  );
}

describe('shell bypass corpus', () => {
  it.each(shellBypass)('$technique: $name', ({ command, mustInclude, pathOperand }) => {
    const analysis = analyzeShell(command);
    const found = categoriesOf(analysis);
    const missing = sortCategories(mustInclude).filter((category) => !found.includes(category));
    expect({ command, missing, found, unknowable: analysis.unknowable }).toEqual({
      command,
      missing: [],
      found,
      unknowable: analysis.unknowable,
    });
    if (pathOperand !== undefined) {
      expect(
        hasPathOperand(analysis, pathOperand),
        `${JSON.stringify(pathOperand)} in ${JSON.stringify(analysis.pathOperands)}`,
      ).toBe(true);
    }
  });
});

describe('shell benign corpus', () => {
  it.each(shellBenign)('$name', ({ command, expected }) => {
    const analysis = analyzeShell(command);
    expect({ command, categories: categoriesOf(analysis) }).toEqual({ command, categories: sortCategories(expected) });
  });
});

describe('realistic agent commands', () => {
  it.each(realisticCommands)('analyzes without throwing: %s', (command) => {
    expect(() => analyzeShell(command)).not.toThrow();
  });
});

describe('corpus shape', () => {
  it('holds at least 80 bypass, 40 benign and 200 realistic commands', () => {
    expect(shellBypass.length).toBeGreaterThanOrEqual(80);
    expect(shellBenign.length).toBeGreaterThanOrEqual(40);
    expect(realisticCommands.length).toBeGreaterThanOrEqual(200);
  });

  it('names every case uniquely', () => {
    const names = [...shellBypass.map((c) => `${c.technique}: ${c.name}`), ...shellBenign.map((c) => c.name)];
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers every technique', () => {
    const used = new Set(shellBypass.map((c) => c.technique));
    expect(TECHNIQUES.filter((technique) => !used.has(technique))).toEqual([]);
  });

  it('expects EXEC_ARBITRARY from every command and uses only known categories', () => {
    const expectations = [...shellBypass.map((c) => c.mustInclude), ...shellBenign.map((c) => c.expected)];
    for (const categories of expectations) {
      expect(categories).toContain('EXEC_ARBITRARY');
      expect(categories.every((category) => (RISK_CATEGORIES as readonly string[]).includes(category))).toBe(true);
    }
  });
});
