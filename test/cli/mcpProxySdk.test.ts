import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadMcpProxy } from '../../src/cli/loadMcpProxy';
import { IntentGateError } from '../../src/errors/IntentGateError';
import { PeerDependencyError } from '../../src/errors/PeerDependencyError';
import { REPO_ROOT } from './cliHarness';

// the CLI in a child process whose resolver cannot find the SDK, as when the optional peer is not installed
const MAIN = path.join(REPO_ROOT, 'src/cli/main.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const WITHOUT_SDK = pathToFileURL(path.join(REPO_ROOT, 'test/cli/fixtures/withoutMcpSdk.mjs')).href;

function runWithoutSdk(args: readonly string[]) {
  return spawnSync(process.execPath, ['--import', TSX_LOADER, '--import', WITHOUT_SDK, MAIN, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    input: '',
    timeout: 20_000,
  });
}

const failingWith = (code: string, message: string) => () =>
  Promise.reject(Object.assign(new Error(message), { code }));

describe('loadMcpProxy', () => {
  it.each([
    {
      name: 'the package is missing (ESM)',
      code: 'ERR_MODULE_NOT_FOUND',
      message: "Cannot find package '@modelcontextprotocol/sdk' imported from /app/dist/cli.js",
    },
    {
      name: 'the package is missing (CommonJS)',
      code: 'MODULE_NOT_FOUND',
      message: "Cannot find module '@modelcontextprotocol/sdk/server/stdio.js'",
    },
    {
      name: 'the package is too old for a subpath',
      code: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
      message:
        'Package subpath \'./server/stdio.js\' is not defined by "exports" in /app/node_modules/@modelcontextprotocol/sdk/package.json',
    },
  ])('throws PeerDependencyError with the install command when $name', async ({ code, message }) => {
    const error = await loadMcpProxy(failingWith(code, message)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PeerDependencyError);
    expect(error).toBeInstanceOf(IntentGateError);
    expect(error).toMatchObject({
      code: 'peer_dependency_missing',
      packageName: '@modelcontextprotocol/sdk',
      installCommand: 'npm install @modelcontextprotocol/sdk',
      message:
        'Peer dependency missing: intentgate mcp-proxy needs the optional peer dependency ' +
        '@modelcontextprotocol/sdk, which cannot be loaded; install it with `npm install @modelcontextprotocol/sdk`.',
    });
    expect((error as Error).cause).toMatchObject({ code });
  });

  it.each([
    {
      name: 'another missing package',
      failure: failingWith('ERR_MODULE_NOT_FOUND', "Cannot find package 'zod' imported from /app/dist/cli.js"),
    },
    {
      name: 'a failure that is not a missing module',
      failure: failingWith('EACCES', 'permission denied, open @modelcontextprotocol/sdk'),
    },
  ])('passes $name on unchanged', async ({ failure }) => {
    const error = await loadMcpProxy(failure).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(IntentGateError);
    expect(error).toBeInstanceOf(Error);
  });

  it('returns runMcpProxy when the module loads', async () => {
    const runMcpProxy = async () => 'closed' as const;
    expect(await loadMcpProxy(() => Promise.resolve({ runMcpProxy }))).toBe(runMcpProxy);
  });
});

describe('intentgate mcp-proxy without @modelcontextprotocol/sdk', () => {
  it('says how to install the SDK in one line and exits 1, with no stack trace', () => {
    const run = runWithoutSdk(['mcp-proxy', '--', 'npx', '@modelcontextprotocol/server-filesystem', '.']);
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'error: Peer dependency missing: intentgate mcp-proxy needs the optional peer dependency ' +
        '@modelcontextprotocol/sdk, which cannot be loaded; install it with `npm install @modelcontextprotocol/sdk`.\n',
    });
  });

  it('still runs the commands that do not need the SDK', () => {
    const run = runWithoutSdk(['decide', '--tool', 'read_file']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tool: 'read_file', state: 'REQUEST' });
  });
});
