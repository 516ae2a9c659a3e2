import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { quoteArgv } from '../../../src/text/quoteArgv';
import { INTENTS_YAML, makeWorkspace } from '../workspace';
import { runAgent, tempDir } from './agentCli';
import type { McpServer } from './agentRunSpec';

/** A workspace an agent works in under intentgate, and how its hook and intents server find its sessions. */
export interface GovernedWorkspace {
  readonly root: string;
  /** the flags of `intentgate hook` and `intentgate intents-mcp` that name this workspace */
  readonly flags: readonly string[];
}

/**
 * A workspace with the intents (INT-001 owns src/auth/** and tests/auth/), src/auth and
 * src/billing/keep.ts in it; with `safeMode: false` its policy file turns safe mode off, so
 * only the lifecycle and the scopes decide.
 */
export function governedWorkspace(options: { readonly safeMode: boolean }): GovernedWorkspace {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  mkdirSync(path.join(root, 'src', 'billing'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'billing', 'keep.ts'), 'export {};\n');
  if (options.safeMode) return { root, flags: ['--workspace', root] };
  const policy = path.join(root, 'intentgate.policy.yaml');
  writeFileSync(policy, 'version: 1\nworkspaceRoot: .\nsafeMode: false\n');
  return { root, flags: ['--policy', policy] };
}

/**
 * The hook command as docs/hooks.md sets it up, with this checkout's bundled CLI: a
 * hook that cannot run or finish says why on stderr and exits 2, which both Codex and Gemini CLI read as a block.
 */
export const intentgateHookCommand = (intentgate: string, agent: string, workspace: GovernedWorkspace): string =>
  `timeout 25 ${quoteArgv(['node', intentgate, 'hook', agent, ...workspace.flags])} || { echo 'intentgate: the hook failed' >&2; exit 2; }`;

/** An MCP server whose process starts `delaySec` seconds late, as on a loaded machine. */
export const startingLate = (server: McpServer, delaySec: number): McpServer => ({
  ...server,
  command: 'bash',
  args: ['-c', `sleep ${delaySec}; exec ${quoteArgv([server.command, ...server.args])}`],
});

/**
 * The intents MCP server of the workspace, under the name the adapters read the handshake from;
 * its process starts `lateBySec` seconds late when that is given.
 */
export function intentsMcpServer(intentgate: string, workspace: GovernedWorkspace, lateBySec = 0): Record<string, McpServer> {
  const server = { command: 'node', args: [intentgate, 'intents-mcp', ...workspace.flags] };
  return { intentgate: lateBySec === 0 ? server : startingLate(server, lateBySec) };
}

/**
 * Runs the `intentgate approve ... --held <id>` line a held call's refusal offers, as a human
 * would in a terminal, with this checkout's CLI; the refusal is the last text that offers one.
 */
export async function approveHeldAsOffered(intentgate: string, texts: readonly string[]): Promise<void> {
  const offered = texts.map((text) => /`intentgate (approve [^`]*? --held [^`\s]+)`/.exec(text)?.[1]).filter((line) => line !== undefined);
  const line = offered[offered.length - 1];
  if (line === undefined) throw new Error(`no approve line with --held in: ${texts.join('\n')}`);
  const approved = await runAgent('bash', ['-c', `node ${quoteArgv([intentgate])} ${line}`], { cwd: tempDir('approve-'), env: process.env, timeoutMs: 30_000 });
  if (approved.exitCode !== 0) throw new Error(`intentgate ${line} failed: ${approved.stderr}`);
}
