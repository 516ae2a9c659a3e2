import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RISK_CATEGORIES } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { SHELL_CATEGORIES } from '../../src/shell/catalog/shellAnalysis';

const SEED = 20260522;
const TOKENS = [
  'sudo',
  'git',
  'push',
  'curl',
  'https://x.io',
  "'",
  '"',
  '$(',
  ')',
  '`',
  ';',
  '|',
  '&&',
  '<<',
  'EOF',
  '\n',
  ' ',
  '$x',
  '{',
  '}',
  '(',
  'eval',
  'bash',
  '-c',
  '>',
  '.env',
  '\\',
  '$[',
  '((',
  '#',
];
const shellish = fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }).map((tokens) => tokens.join(''));
const anyText = fc.oneof(fc.string({ maxLength: 80 }), shellish);

function singleQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

describe('analyzeShell properties', () => {
  it('never throws and keeps its invariants', () => {
    fc.assert(
      fc.property(anyText, (command) => {
        const analysis = analyzeShell(command);
        const categories = new Set(analysis.findings.map((finding) => finding.category));
        for (const finding of analysis.findings) {
          expect((RISK_CATEGORIES as readonly string[]).includes(finding.category)).toBe(true);
          expect(finding.details).toHaveLength(3);
        }
        if (analysis.unknowable !== undefined)
          expect(SHELL_CATEGORIES.every((category) => categories.has(category))).toBe(true);
        if (/^[ \t\n]*$/.test(command)) expect(analysis.findings).toEqual([]);
        else expect(analysis.findings[0]?.category).toBe('EXEC_ARBITRARY');
      }),
      { numRuns: 2000, seed: SEED },
    );
  });

  it('raises only EXEC_ARBITRARY for echo of any single-quoted text', () => {
    fc.assert(
      fc.property(
        anyText.filter((text) => !text.includes('$[')),
        (text) => {
          const analysis = analyzeShell(`echo ${singleQuote(text)}`);
          expect(analysis.findings.map((finding) => finding.category)).toEqual(['EXEC_ARBITRARY']);
          expect(analysis.commands).toEqual([['echo', text]]);
        },
      ),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('finds sudo after any harmless prefix of commands', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('ls', 'true', 'echo ok', 'git status', '(pwd)'), { maxLength: 20 }),
        fc.constantFrom('; ', ' && ', ' || ', ' | ', '\n'),
        (prefix, separator) => {
          const command = [...prefix, 'sudo id'].join(separator);
          expect(analyzeShell(command).findings.some((finding) => finding.category === 'SUDO')).toBe(true);
        },
      ),
      { numRuns: 500, seed: SEED },
    );
  });
});
