import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernedMcpProxy } from '../../../src/integrations/mcpProxy';
import { mcpProxyOptionsFromArgs, parseMcpProxyArgs } from '../../../src/integrations/mcpProxy/mcpProxyArgs';
import { IntentGateError } from '../../../src/errors/IntentGateError';
import { InvalidOptionsError } from '../../../src/errors/InvalidOptionsError';
import { PolicyError } from '../../../src/errors/PolicyError';
import { UpstreamUnavailableError } from '../../../src/errors/UpstreamUnavailableError';
import { writePolicy } from './proxyHarness';

describe('parseMcpProxyArgs', () => {
  it('reads the flags before -- and keeps everything after it as the upstream command', () => {
    expect(
      parseMcpProxyArgs([
        '--trusted',
        '--approve',
        'FS_DELETE_OVERWRITE,EXEC_ARBITRARY',
        '--approve',
        'FS_DELETE_OVERWRITE',
        '--workspace',
        'ws',
        '--',
        'npx',
        '-y',
        '@modelcontextprotocol/server-filesystem',
        '--trusted',
      ]),
    ).toEqual({
      ok: true,
      args: {
        upstream: ['npx', '-y', '@modelcontextprotocol/server-filesystem', '--trusted'],
        trusted: true,
        approve: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'],
        workspace: 'ws',
        policy: undefined,
        containUpstream: false,
        help: false,
      },
    });
  });

  it('reads --policy', () => {
    expect(parseMcpProxyArgs(['--policy', 'intentgate.yaml', '--', 'npx', 'server'])).toMatchObject({
      ok: true,
      args: { policy: 'intentgate.yaml', upstream: ['npx', 'server'] },
    });
  });

  it.each([
    { name: 'no upstream command', argv: ['--trusted'], problem: 'the upstream command is missing' },
    { name: 'nothing after --', argv: ['--'], problem: 'the upstream command is missing' },
    {
      name: 'an unknown category',
      argv: ['--approve', 'ROOT', '--', 'x'],
      problem: "--approve: unknown category 'ROOT'",
    },
    { name: 'an unknown flag', argv: ['--yolo', '--', 'x'], problem: "Unknown option '--yolo'" },
    { name: 'an upstream command without --', argv: ['npx', 'server'], problem: 'the upstream command goes after --' },
    { name: 'an empty workspace', argv: ['--workspace', '', '--', 'x'], problem: '--workspace must not be empty' },
    { name: 'an empty policy', argv: ['--policy', '', '--', 'x'], problem: '--policy must not be empty' },
    {
      name: '--policy without its file',
      argv: ['--policy', '--', 'x'],
      problem: "Option '--policy <value>' argument missing",
    },
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

describe('mcpProxyOptionsFromArgs with --policy', () => {
  const optionsFor = (argv: readonly string[], cwd = '/home/me') => {
    const parsed = parseMcpProxyArgs([...argv, '--', 'npx', 'server']);
    if (!parsed.ok) throw new Error(parsed.problem);
    return mcpProxyOptionsFromArgs(parsed.args, cwd);
  };

  it("gives the proxy the policy's governor options and trusted servers, the policy resolved against cwd", () => {
    const file = writePolicy(
      'version: 1\nworkspaceRoot: repo\nsafeMode: false\nlocale: ru\nclassification: { ' +
        'list_directory: SAFE }\nmcp: { trustedServers: [secure-filesystem-server] }\n',
    );
    const folder = path.dirname(file);
    expect(optionsFor(['--policy', path.basename(file)], folder)).toEqual({
      upstream: { command: 'npx', args: ['server'] },
      governor: {
        workspaceRoot: path.join(folder, 'repo'),
        safeMode: false,
        locale: 'ru',
        classification: { list_directory: 'SAFE' },
      },
      trustAnnotations: false,
      trustedServers: ['secure-filesystem-server'],
      approve: [],
    });
  });

  it.each([
    {
      name: 'the flag over the policy',
      policy: 'version: 1\nworkspaceRoot: repo\n',
      flags: ['--workspace', 'ws'],
      expected: (folder: string) => ({ workspaceRoot: path.join(folder, 'ws') }),
    },
    {
      name: "the policy's sandbox, whose project/ is the workspace",
      policy: 'version: 1\nsandboxRoot: sandbox\n',
      flags: [],
      expected: (folder: string) => ({ sandboxRoot: path.join(folder, 'sandbox') }),
    },
    {
      name: 'the working directory when the policy names none',
      policy: 'version: 1\n',
      flags: [],
      expected: (folder: string) => ({ workspaceRoot: folder }),
    },
  ])('takes the workspace from $name', ({ policy, flags, expected }) => {
    const file = writePolicy(policy);
    const folder = path.dirname(file);
    expect(optionsFor(['--policy', file, ...flags], folder).governor).toEqual(expected(folder));
  });

  it('throws PolicyError with every issue of a bad policy', () => {
    const file = writePolicy('version: 1\nlocale: fr\nmcp: { trusted: [x] }\n');
    expect(() => optionsFor(['--policy', file])).toThrow(PolicyError);
    expect(() => optionsFor(['--policy', file])).toThrow(/- locale: .*\n- mcp\.trusted: unknown key/);
  });
});

describe('createGovernedMcpProxy options', () => {
  it('reports every bad option before starting anything', async () => {
    const error = await createGovernedMcpProxy({
      upstream: { command: '' },
      approve: ['ROOT' as 'SUDO'],
      trustAnnotations: 'yes' as unknown as boolean,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidOptionsError);
    expect((error as InvalidOptionsError).issues).toHaveLength(3);
  });

  it('refuses bad governor options before starting the upstream', async () => {
    const error = await createGovernedMcpProxy({
      upstream: { command: 'definitely-not-a-command' },
      governor: { safeMode: 'no' as unknown as boolean },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidOptionsError);
  });

  it('refuses an empty trusted server name before starting the upstream', async () => {
    const error = await createGovernedMcpProxy({
      upstream: { command: 'definitely-not-a-command' },
      trustedServers: [''],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidOptionsError);
    expect((error as InvalidOptionsError).issues).toEqual(['trustedServers[0]: a server name must not be empty']);
  });

  it('throws UpstreamUnavailableError, naming the command, when the upstream cannot start', async () => {
    const error = await createGovernedMcpProxy({
      upstream: { command: 'definitely-not-a-command-xyz', args: ['--flag'], stderr: 'ignore' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toBeInstanceOf(IntentGateError);
    expect(error).toMatchObject({ code: 'upstream_unavailable', command: 'definitely-not-a-command-xyz --flag' });
    expect((error as Error).message).toBe(
      "Upstream MCP server unavailable: could not start 'definitely-not-a-command-xyz --flag': spawn " +
        'definitely-not-a-command-xyz ENOENT. Check the upstream command: it must start an MCP server that speaks over stdio.',
    );
  });

  it('throws UpstreamUnavailableError when the command runs but is no MCP server', async () => {
    const error = await createGovernedMcpProxy({
      upstream: { command: process.execPath, args: ['-e', 'process.exit(0)'], stderr: 'ignore' },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'UpstreamUnavailableError', code: 'upstream_unavailable' });
    expect((error as Error).message).not.toContain('\n');
  });
});
