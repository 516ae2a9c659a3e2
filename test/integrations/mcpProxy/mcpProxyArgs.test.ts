import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernedMcpProxy } from '../../../src/integrations/mcpProxy';
import { mcpProxyOptionsFromArgs, parseMcpProxyArgs } from '../../../src/integrations/mcpProxy/mcpProxyArgs';
import { InvalidOptionsError } from '../../../src/errors/InvalidOptionsError';

describe('parseMcpProxyArgs', () => {
  it('reads the flags before -- and keeps everything after it as the upstream command', () => {
    expect(parseMcpProxyArgs(['--trusted', '--approve', 'FS_DELETE_OVERWRITE,EXEC_ARBITRARY', '--approve', 'FS_DELETE_OVERWRITE', '--workspace', 'ws', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '--trusted'])).toEqual({
      ok: true,
      args: {
        upstream: ['npx', '-y', '@modelcontextprotocol/server-filesystem', '--trusted'],
        trusted: true,
        approve: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'],
        workspace: 'ws',
        help: false,
      },
    });
  });

  it.each([
    { name: 'no upstream command', argv: ['--trusted'], problem: 'the upstream command is missing' },
    { name: 'nothing after --', argv: ['--'], problem: 'the upstream command is missing' },
    { name: 'an unknown category', argv: ['--approve', 'ROOT', '--', 'x'], problem: "--approve: unknown category 'ROOT'" },
    { name: 'an unknown flag', argv: ['--yolo', '--', 'x'], problem: "Unknown option '--yolo'" },
    { name: 'an upstream command without --', argv: ['npx', 'server'], problem: 'the upstream command goes after --' },
    { name: 'an empty workspace', argv: ['--workspace', '', '--', 'x'], problem: '--workspace must not be empty' },
  ])('refuses $name', ({ argv, problem }) => {
    const parsed = parseMcpProxyArgs(argv);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toContain(problem);
  });

  it('accepts --help without an upstream command', () => {
    expect(parseMcpProxyArgs(['-h'])).toMatchObject({ ok: true, args: { help: true } });
  });

  it('turns the arguments into runMcpProxy options with the workspace resolved', () => {
    const parsed = parseMcpProxyArgs(['--workspace', 'ws', '--', 'npx', 'server', '.']);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(mcpProxyOptionsFromArgs(parsed.args, '/home/me')).toEqual({
      upstream: { command: 'npx', args: ['server', '.'] },
      governor: { workspaceRoot: path.resolve('/home/me', 'ws') },
      trustAnnotations: false,
      approve: [],
    });
  });
});

describe('createGovernedMcpProxy options', () => {
  it('reports every bad option before starting anything', async () => {
    const error = await createGovernedMcpProxy({ upstream: { command: '' }, approve: ['ROOT' as 'SUDO'], trustAnnotations: 'yes' as unknown as boolean }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidOptionsError);
    expect((error as InvalidOptionsError).issues).toHaveLength(3);
  });

  it('refuses bad governor options before starting the upstream', async () => {
    const error = await createGovernedMcpProxy({ upstream: { command: 'definitely-not-a-command' }, governor: { safeMode: 'no' as unknown as boolean } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidOptionsError);
  });

  it('says which upstream command could not start', async () => {
    await expect(createGovernedMcpProxy({ upstream: { command: 'definitely-not-a-command-xyz', stderr: 'ignore' } })).rejects.toThrow("could not start the upstream MCP server 'definitely-not-a-command-xyz'");
  });
});
