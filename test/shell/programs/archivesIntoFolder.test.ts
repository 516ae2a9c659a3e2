import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { PathRole } from '../../../src/shell/catalog/shellAnalysis';
import { governorInAction, type ScopeCase } from '../../support/scopedGovernor';

// An archive extracted into the folder named as a whole ('.', by default, or `-C .`) writes the
// members it holds, any file below the folder: '*/*', which a scope that holds the work tree
// covers and a narrower one does not; intentgate's control files among them are held for a human.

interface OperandCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly (readonly [string | undefined, PathRole])[];
}

const operandsOf = (command: string): (readonly [string | undefined, PathRole])[] =>
  analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role] as const);

describe('extraction into the whole folder writes any file below it', () => {
  it.each<OperandCase>([
    {
      name: 'tar xf with no folder',
      command: 'tar xf a.tar',
      expected: [
        ['a.tar', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'tar -x -C .',
      command: 'tar -xzf a.tgz -C .',
      expected: [
        ['a.tgz', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'tar -x -C DIR/.',
      command: 'tar -xf a.tar -C out/.',
      expected: [
        ['a.tar', 'read'],
        ['out/*/*', 'overwrite'],
      ],
    },
    {
      name: 'tar -x -C DIR names the folder',
      command: 'tar -xf a.tar -C out',
      expected: [
        ['a.tar', 'read'],
        ['out', 'overwrite'],
      ],
    },
    {
      name: 'tar -xk keeps files already there',
      command: 'tar -xkf a.tar',
      expected: [
        ['a.tar', 'read'],
        ['*/*', 'write'],
      ],
    },
    {
      name: 'bsdtar -xf',
      command: 'bsdtar -xf a.tar',
      expected: [
        ['a.tar', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'unzip with no folder',
      command: 'unzip a.zip',
      expected: [
        ['a.zip', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'unzip -d .',
      command: 'unzip -o a.zip -d .',
      expected: [
        ['a.zip', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'unzip -d DIR names the folder',
      command: 'unzip a.zip -d out',
      expected: [
        ['a.zip', 'read'],
        ['out', 'overwrite'],
      ],
    },
    {
      name: 'cpio -i with names kept below',
      command: 'cpio -idm --no-absolute-filenames -F a.cpio',
      expected: [
        ['a.cpio', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: '7z x with no -o',
      command: '7z x a.7z',
      expected: [
        ['a.7z', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    { name: 'tar -t only lists', command: 'tar -tf a.tar', expected: [['a.tar', 'read']] },
    {
      name: 'tar -c of . reads the folder as named',
      command: 'tar -cf a.tar .',
      expected: [
        ['a.tar', 'overwrite'],
        ['.', 'read'],
      ],
    },
  ])('$name', ({ command, expected }) => {
    expect({ command, operands: operandsOf(command) }).toEqual({ command, operands: expected });
  });

  it('holds the control files among the members as FS_CONFIG_SECRETS', () => {
    const finding = analyzeShell('tar xf a.tar').findings.find((item) => item.category === 'FS_CONFIG_SECRETS');
    expect(finding).toMatchObject({
      trigger: 'tar',
      note:
        "'tar xf a.tar' may write any file below its folder, intentgate's control files " +
        '(.intentignore, the orchestration folder) and those .intentignore names included',
      unseen: true,
    });
  });

  it('counts the members as a possible write, which a sandbox takes over for a contained command', () => {
    const members = analyzeShell('tar xf a.tar').pathOperands.find((operand) => operand.path === '*/*');
    expect(members?.assumed).toBe("'tar xf a.tar' may write any file below its folder, which the line does not name");
  });

  it('raises no such finding for extraction into a folder named plainly', () => {
    const categories = analyzeShell('tar xf a.tar -C out').findings.map((item) => item.category);
    expect(categories).not.toContain('FS_CONFIG_SECRETS');
  });
});

describe('extraction into the whole folder is judged by the scope', () => {
  it.each<ScopeCase>([
    {
      name: "tar xf in scope '**': held for the control files",
      scope: "'**'",
      command: 'tar xf a.tar',
      code: 'needs_approval',
    },
    { name: "tar -x -C . in scope '**'", scope: "'**'", command: 'tar -xzf a.tgz -C .', code: 'needs_approval' },
    { name: "unzip in scope '**'", scope: "'**'", command: 'unzip a.zip', code: 'needs_approval' },
    { name: "bsdtar -xf in scope '**'", scope: "'**'", command: 'bsdtar -xf a.tar', code: 'needs_approval' },
    { name: "7z x in scope '**'", scope: "'**'", command: '7z x a.7z', code: 'needs_approval' },
    { name: "tar xf in scope 'src/**': refused", scope: 'src/**', command: 'tar xf a.tar', code: 'scope_violation' },
    { name: "tar -x -C . in scope 'src/**'", scope: 'src/**', command: 'tar -xzf a.tgz -C .', code: 'scope_violation' },
    { name: "unzip in scope 'src/**'", scope: 'src/**', command: 'unzip a.zip', code: 'scope_violation' },
    {
      name: "cpio -i in scope 'src/**'",
      scope: 'src/**',
      command: 'cpio -id --no-absolute-filenames < a.cpio',
      code: 'scope_violation',
    },
    {
      name: "tar -x -C src in scope 'src/**'",
      scope: 'src/**',
      command: 'tar xf a.tar -C src',
      code: 'destructive_in_scope',
    },
    {
      name: "tar -xP in scope '**': names land anywhere",
      scope: "'**'",
      command: 'tar -xPf a.tar',
      code: 'scope_violation',
    },
    {
      name: "cpio -i keeping absolute names in scope '**'",
      scope: "'**'",
      command: 'cpio -id < a.cpio',
      code: 'scope_violation',
    },
  ])('$name: $code', ({ scope, command, code }) => {
    expect(governorInAction(scope).handleToolCall('execute_command', { command }).code).toBe(code);
  });

  it.each([
    { name: 'tar xf', command: 'tar xf a.tar' },
    { name: 'unzip', command: 'unzip a.zip' },
  ])("$name is allowed in scope '**' once FS_CONFIG_SECRETS is approved", ({ command }) => {
    const decision = governorInAction("'**'", ['FS_CONFIG_SECRETS']).handleToolCall('execute_command', { command });
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({
      verdict: 'allow',
      code: 'destructive_in_scope',
    });
  });
});
