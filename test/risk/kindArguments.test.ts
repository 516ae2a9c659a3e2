import { describe, expect, it } from 'vitest';
import { ToolArgumentsError } from '../../src/errors/ToolArgumentsError';
import { UnknownToolError } from '../../src/errors/UnknownToolError';
import { assessCallRisk, resolveRiskContext } from '../../src/risk/categorize';
import { readKindArguments } from '../../src/risk/kindArguments';
import type { ToolKindSpec } from '../../src/tools/toolKinds';

const SHELL: ToolKindSpec = { kind: 'shell', command: 'command', cwd: 'cwd' };
const WRITE: ToolKindSpec = { kind: 'file_write', path: ['path', 'paths'], patch: 'patch' };

describe('readKindArguments', () => {
  const readCases: ReadonlyArray<{ name: string; spec: ToolKindSpec; args: Record<string, unknown>; read: unknown }> = [
    {
      name: 'reads a command and its working folder',
      spec: SHELL,
      args: { command: 'ls', cwd: 'src' },
      read: { kind: 'shell', command: 'ls', cwd: { argument: 'cwd', path: 'src' } },
    },
    {
      name: 'reads every path of a file write, the patch headers last',
      spec: WRITE,
      args: { paths: ['a.ts'], patch: '*** Add File: b.ts' },
      read: {
        kind: 'file_write',
        uses: [
          { argument: 'paths', path: 'a.ts' },
          { argument: 'patch', path: 'b.ts' },
        ],
        deletes: false,
      },
    },
    {
      name: 'reads only a real boolean as a dry run',
      spec: { kind: 'file_patch', path: 'path', dryRun: 'dry_run' },
      args: { path: 'a.ts', dry_run: 'true' },
      read: { kind: 'file_patch', file: { argument: 'path', path: 'a.ts' }, dryRun: false },
    },
    {
      name: "reads a resource's file URI as a path",
      spec: { kind: 'read', path: 'path', uri: 'uri' },
      args: { uri: 'file:///etc/passwd' },
      read: { kind: 'read', uses: [{ argument: 'uri', path: 'file:///etc/passwd' }] },
    },
    {
      name: 'reads no path in a resource URI of another scheme',
      spec: { kind: 'read', path: 'path', uri: 'uri' },
      args: { uri: 'https://example.com/.env' },
      read: { kind: 'read', uses: [] },
    },
    {
      name: 'reads a null resource URI as not given',
      spec: { kind: 'read', path: 'path', uri: 'uri' },
      args: { uri: null },
      read: { kind: 'read', uses: [] },
    },
    {
      name: 'reads an fs operation in lower case',
      spec: { kind: 'fs', op: 'op', path: 'path' },
      args: { op: 'DELETE', path: 'x' },
      read: { kind: 'fs', op: 'delete', file: { argument: 'path', path: 'x' } },
    },
  ];

  it.each(readCases)('$name', ({ spec, args, read }) => {
    expect(readKindArguments('tool', args, spec)).toEqual({ ok: true, read });
  });

  const errorCases: ReadonlyArray<{
    name: string;
    spec: ToolKindSpec;
    args: Record<string, unknown>;
    argument: string;
  }> = [
    {
      name: 'returns a command that is not text as an error',
      spec: SHELL,
      args: { command: ['ls'] },
      argument: "'command'",
    },
    {
      name: 'returns an empty working folder as an error',
      spec: SHELL,
      args: { command: 'ls', cwd: '' },
      argument: "'cwd'",
    },
    {
      name: 'returns a blank working folder as an error',
      spec: SHELL,
      args: { command: 'ls', cwd: ' \t' },
      argument: "'cwd'",
    },
    {
      name: 'returns an array working folder as an error',
      spec: SHELL,
      args: { command: 'ls', cwd: ['src'] },
      argument: "'cwd'",
    },
    { name: 'returns an empty command as an error', spec: SHELL, args: { command: '' }, argument: "'command'" },
    {
      name: 'returns a blank command as an error, before its working folder',
      spec: SHELL,
      args: { command: '  \n', cwd: 7 },
      argument: "'command'",
    },
    {
      name: 'returns a blank entry of a path list as an error',
      spec: WRITE,
      args: { paths: ['a', ' '] },
      argument: "'paths'[1]",
    },
    {
      name: 'returns a numeric entry of a path list as an error',
      spec: WRITE,
      args: { paths: [7] },
      argument: "'paths'[0]",
    },
    {
      name: 'returns an object path as an error',
      spec: WRITE,
      args: { path: { toString: () => 'a.ts' } },
      argument: "'path'",
    },
    {
      name: 'returns a resource URI that is not text as an error',
      spec: { kind: 'read', path: 'path', uri: 'uri' },
      args: { uri: ['file:///x'] },
      argument: "'uri'",
    },
    {
      name: 'returns a blank run script as an error',
      spec: { kind: 'run', path: 'path' },
      args: { path: '   ' },
      argument: "'path'",
    },
    {
      name: 'returns an empty entry of a path list as an error naming its index',
      spec: WRITE,
      args: { paths: ['a', ''] },
      argument: "'paths'[1]",
    },
    { name: 'returns a patch that is not text as an error', spec: WRITE, args: { patch: 5 }, argument: "'patch'" },
    {
      name: 'returns a file write naming no file as an error',
      spec: WRITE,
      args: { content: 'x' },
      argument: 'the path',
    },
  ];

  it.each(errorCases)('$name', ({ spec, args, argument }) => {
    const result = readKindArguments('tool', args, spec);
    expect(result).toEqual({ ok: false, error: expect.any(ToolArgumentsError) });
    expect(result.ok === false && result.error.argument).toBe(argument);
  });
});

describe('assessCallRisk', () => {
  const risk = resolveRiskContext({ workspaceRoot: '/ws/project' }, '/');

  it('returns an unknown tool as an UnknownToolError value', () => {
    expect(assessCallRisk('deploy_app', {}, risk)).toEqual({ ok: false, error: expect.any(UnknownToolError) });
  });

  it('returns arguments a getter throws on as a ToolArgumentsError value', () => {
    const args = Object.defineProperty({}, 'command', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const result = assessCallRisk('shell', args, risk);
    expect(result).toEqual({ ok: false, error: expect.any(ToolArgumentsError) });
    expect(result.ok === false && result.error.message).toContain('could not be read (Error: boom)');
  });

  it('returns the risk of a readable call', () => {
    expect(assessCallRisk('shell', { command: 'sudo ls' }, risk)).toMatchObject({
      ok: true,
      risk: { categories: expect.arrayContaining(['SUDO']) },
    });
  });
});
