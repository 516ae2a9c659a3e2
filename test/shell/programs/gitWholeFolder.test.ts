import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { PathRole } from '../../../src/shell/catalog/shellAnalysis';
import { governorInAction, type ScopeCase } from '../../support/scopedGovernor';

// A pathspec that names the folder git runs in as a whole (`git restore .`, `git checkout -- .`)
// overwrites any file below it: '*/*', which a scope that holds the work tree covers and a
// narrower one does not; intentgate's control files among them are held for a human.

interface OperandCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly (readonly [string | undefined, PathRole])[];
}

const operandsOf = (command: string): (readonly [string | undefined, PathRole])[] =>
  analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role] as const);

describe('a pathspec naming the whole folder overwrites any file below it', () => {
  it.each<OperandCase>([
    { name: 'git restore .', command: 'git restore .', expected: [['*/*', 'overwrite']] },
    { name: 'git restore ./', command: 'git restore ./', expected: [['*/*', 'overwrite']] },
    { name: 'git restore -- .', command: 'git restore -- .', expected: [['*/*', 'overwrite']] },
    { name: 'git restore --source REF .', command: 'git restore -s HEAD~1 .', expected: [['*/*', 'overwrite']] },
    { name: 'git checkout -- .', command: 'git checkout -- .', expected: [['*/*', 'overwrite']] },
    { name: 'git checkout . (no ref is named .)', command: 'git checkout .', expected: [['*/*', 'overwrite']] },
    { name: 'git checkout REF -- .', command: 'git checkout HEAD -- .', expected: [['*/*', 'overwrite']] },
    { name: 'git restore :/ (the top)', command: 'git restore :/', expected: [['*/*', 'overwrite']] },
    {
      name: 'git -C DIR restore .',
      command: 'git -C src restore .',
      expected: [
        ['src', 'read'],
        ['src/*/*', 'overwrite'],
      ],
    },
    { name: 'git restore FOLDER names the folder', command: 'git restore src', expected: [['src', 'overwrite']] },
    {
      name: 'git checkout -- FOLDER names the folder',
      command: 'git checkout -- src',
      expected: [['src', 'overwrite']],
    },
    { name: 'git restore --staged . only reads', command: 'git restore --staged .', expected: [['.', 'read']] },
    { name: 'git rm -r . deletes the folder as named', command: 'git rm -r .', expected: [['.', 'delete']] },
  ])('$name', ({ command, expected }) => {
    expect({ command, operands: operandsOf(command) }).toEqual({ command, operands: expected });
  });

  it('holds the control files among them as FS_CONFIG_SECRETS', () => {
    const finding = analyzeShell('git restore .').findings.find((item) => item.category === 'FS_CONFIG_SECRETS');
    expect(finding).toMatchObject({
      trigger: 'git restore',
      note:
        "'git restore .' may write any file below its folder, intentgate's control files " +
        '(.intentignore, the orchestration folder) and those .intentignore names included',
      unseen: true,
    });
  });

  it('raises no such finding for a folder named plainly', () => {
    const categories = analyzeShell('git restore src').findings.map((item) => item.category);
    expect(categories).not.toContain('FS_CONFIG_SECRETS');
  });
});

describe('a restore of the whole folder is judged by the scope', () => {
  it.each<ScopeCase>([
    {
      name: "git restore . in scope '**': held for the control files",
      scope: "'**'",
      command: 'git restore .',
      code: 'needs_approval',
    },
    { name: "git checkout -- . in scope '**'", scope: "'**'", command: 'git checkout -- .', code: 'needs_approval' },
    { name: "git checkout . in scope '**'", scope: "'**'", command: 'git checkout .', code: 'needs_approval' },
    {
      name: "git restore . in scope 'src/**': refused",
      scope: 'src/**',
      command: 'git restore .',
      code: 'scope_violation',
    },
    {
      name: "git checkout -- . in scope 'src/**'",
      scope: 'src/**',
      command: 'git checkout -- .',
      code: 'scope_violation',
    },
    { name: "git checkout . in scope 'src/**'", scope: 'src/**', command: 'git checkout .', code: 'scope_violation' },
    {
      name: "git restore -s REF . in scope 'src/**'",
      scope: 'src/**',
      command: 'git restore -s HEAD~1 .',
      code: 'scope_violation',
    },
    {
      name: "git -C src restore . in scope 'src/**'",
      scope: 'src/**',
      command: 'git -C src restore .',
      code: 'needs_approval',
    },
    {
      name: "git restore src in scope 'src/**'",
      scope: 'src/**',
      command: 'git restore src',
      code: 'destructive_in_scope',
    },
    {
      name: "git restore src in scope 'docs/**'",
      scope: 'docs/**',
      command: 'git restore src',
      code: 'scope_violation',
    },
  ])('$name: $code', ({ scope, command, code }) => {
    expect(governorInAction(scope).handleToolCall('execute_command', { command }).code).toBe(code);
  });

  it.each([
    { name: 'git restore .', command: 'git restore .' },
    { name: 'git checkout -- .', command: 'git checkout -- .' },
  ])("$name is allowed in scope '**' once FS_CONFIG_SECRETS is approved", ({ command }) => {
    const decision = governorInAction("'**'", ['FS_CONFIG_SECRETS']).handleToolCall('execute_command', { command });
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({
      verdict: 'allow',
      code: 'destructive_in_scope',
    });
  });

  it('says what a narrower scope refuses', () => {
    const decision = governorInAction('src/**').handleToolCall('execute_command', { command: 'git restore .' });
    expect(decision.reason).toBe(
      "Scope Violation: '*/*' is outside the scope of intent 'A' (src/**). It counts as a possible write because " +
        "'git restore .' may write any file below its folder, which the line does not name.",
    );
  });
});
