import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, type Evidence } from '../../src/index';

// seed 002's layout: the sandbox's project/ child is the workspace
const sandbox = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'file-risk-'));
const project = path.join(sandbox, 'project');
mkdirSync(path.join(project, 'src', 'old'), { recursive: true });
writeFileSync(path.join(project, 'src', 'a.ts'), 'export {};\n');
const options = { sandboxRoot: sandbox, homeDir: '/home/dev' };

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** FS_DELETE_OVERWRITE's note and its [path, operation, extent] details */
  readonly expected: Pick<Evidence, 'note' | 'details'>;
}

const cases: Case[] = [
  {
    name: 'a delete of a missing path removes nothing: does not exist',
    tool: 'shell',
    args: { command: 'rm -rf src/gone' },
    expected: { note: 'delete (does not exist)', details: ['src/gone', 'delete', 'does not exist'] },
  },
  {
    name: 'a delete by a glob names the files it matches',
    tool: 'shell',
    args: { command: 'rm -f build/*.o' },
    expected: {
      note: 'delete (files matching a pattern)',
      details: ['build/*.o', 'delete', 'files matching a pattern'],
    },
  },
  {
    name: 'an fs delete of a missing path: does not exist',
    tool: 'fs',
    args: { op: 'delete', path: 'project/src/gone.ts' },
    expected: { note: 'delete (does not exist)', details: ['src/gone.ts', 'delete', 'does not exist'] },
  },
  {
    name: 'a delete of a folder: folder',
    tool: 'shell',
    args: { command: 'rm -rf src/old' },
    expected: { note: 'delete (folder)', details: ['src/old', 'delete', 'folder'] },
  },
  {
    name: 'a delete of a file: file',
    tool: 'fs',
    args: { op: 'delete', path: 'project/src/a.ts' },
    expected: { note: 'delete (file)', details: ['src/a.ts', 'delete', 'file'] },
  },
  {
    name: 'a write of a missing path creates a new file',
    tool: 'workspace_write',
    args: { path: 'src/new.ts', content: 'x' },
    expected: { note: 'create (new file)', details: ['src/new.ts', 'create', 'new file'] },
  },
  {
    name: 'a write of an existing file overwrites it',
    tool: 'workspace_write',
    args: { path: 'src/a.ts', content: 'x' },
    expected: { note: 'overwrite (file)', details: ['src/a.ts', 'overwrite', 'file'] },
  },
];

describe('the FS_DELETE_OVERWRITE note and extent', () => {
  it.each(cases)('$name', ({ tool, args, expected }) => {
    const found = categorize(tool, args, options).evidence.filter((item) => item.category === 'FS_DELETE_OVERWRITE');
    expect(found.map(({ note, details }) => ({ note, details }))).toEqual([expected]);
  });
});
