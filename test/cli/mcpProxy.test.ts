import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, REPO_ROOT, tempFile } from './cliHarness';

const MAIN = path.join(REPO_ROOT, 'src/cli/main.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

describe('intentgate mcp-proxy: failures before serving', () => {
  it('exits 2 with every issue of a bad --policy file, before starting the upstream', async () => {
    const policy = tempFile(
      'policy.yaml',
      'version: 1\nlocale: fr\nmcp: { trustedServers: secure-filesystem-server }\n',
    );
    const run = await cli(['mcp-proxy', '--policy', policy, '--', 'definitely-not-a-command']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: [
        `error: mcp-proxy: --policy: Invalid policy ${policy}:`,
        '- locale: Invalid option: expected one of "en"|"ru"',
        '- mcp.trustedServers: Invalid input: expected array, received string',
        '(add --help for usage)',
        '',
      ].join('\n'),
    });
  });

  it('exits 2 naming a --policy file that does not exist', async () => {
    const run = await cli(['mcp-proxy', '--policy', 'missing.yaml', '--', 'x'], { cwd: REPO_ROOT });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `Invalid policy ${path.join(REPO_ROOT, 'missing.yaml')}:\n- no such file; check the path`,
    );
  });

  it('lists --policy in its usage', async () => {
    const run = await cli(['mcp-proxy', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('usage: mcp-proxy [--policy FILE] [--trusted]');
    expect(run.stdout).toContain('mcp.trustedServers');
  });

  it('prints one line naming the command and exits 1 when the upstream cannot start', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', TSX_LOADER, MAIN, 'mcp-proxy', '--', '/nonexistent-cmd', '--flag'],
      { cwd: REPO_ROOT, encoding: 'utf8', input: '', timeout: 20_000 },
    );
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr:
        "error: Upstream MCP server unavailable: could not start '/nonexistent-cmd --flag': spawn " +
        '/nonexistent-cmd ENOENT. Check the upstream command: it must start an MCP server that speaks over stdio.\n',
    });
  });
});
