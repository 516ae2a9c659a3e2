import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AGENT_CLIS,
  agentCliDir,
  agentClisRoot,
  installAgentCli,
  installedAgentCli,
  type AgentCli,
} from '../../../scripts/installAgentClis';
import { tempDir } from '../../support/agents/agentCli';

const claude = AGENT_CLIS.find((cli) => cli.name === 'claude-code') as AgentCli;

/** Lays out an install as npm leaves it: the package's manifest and its program under .bin. */
function fakeInstall(root: string, cli: AgentCli, version: string): string {
  const modules = path.join(agentCliDir(cli, root), 'node_modules');
  const manifest = path.join(modules, ...cli.packageName.split('/'), 'package.json');
  mkdirSync(path.dirname(manifest), { recursive: true });
  writeFileSync(manifest, JSON.stringify({ name: cli.packageName, version }));
  mkdirSync(path.join(modules, '.bin'), { recursive: true });
  const program = path.join(modules, '.bin', cli.bin);
  symlinkSync(manifest, program);
  return program;
}

describe('the pinned agent CLIs', () => {
  it('pins Claude Code first, at the release that still runs on Node 20', () => {
    expect(AGENT_CLIS[0]).toEqual({
      name: 'claude-code',
      packageName: '@anthropic-ai/claude-code',
      version: '2.1.197',
      bin: 'claude',
    });
    for (const cli of AGENT_CLIS) expect(cli.version, cli.name).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    {
      name: 'a named folder first',
      env: { INTENTGATE_AGENT_CLIS_DIR: '/opt/clis', XDG_CACHE_HOME: '/c' },
      root: '/opt/clis',
    },
    { name: 'the XDG cache next', env: { XDG_CACHE_HOME: '/c' }, root: '/c/intentgate-agent-clis' },
    {
      name: 'the home cache when XDG_CACHE_HOME is empty',
      env: { XDG_CACHE_HOME: '' },
      root: path.join(process.env.HOME ?? '', '.cache', 'intentgate-agent-clis'),
    },
  ])('installs under $name', ({ env, root }) => {
    expect(agentClisRoot(env)).toBe(root);
  });

  it('finds a CLI installed at its pinned version, and no other', () => {
    const root = tempDir('clis-');
    expect(installedAgentCli(claude, root)).toBeUndefined();
    const program = fakeInstall(root, claude, claude.version);
    expect(installedAgentCli(claude, root)).toBe(program);
    const other = tempDir('clis-');
    fakeInstall(other, claude, '2.1.196');
    expect(installedAgentCli(claude, other)).toBeUndefined();
  });

  it('leaves an installed CLI alone', async () => {
    const root = tempDir('clis-');
    const program = fakeInstall(root, claude, claude.version);
    // npm is never run: the pinned install is already there
    await expect(installAgentCli(claude, root)).resolves.toBe(program);
  });
});
