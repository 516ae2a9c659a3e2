import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stateSessionsDir } from '../../../src/sessions/stateSessionsDir';
import { quoteArgv } from '../../../src/text/quoteArgv';
import { humanHome, type HumanHome } from '../approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../workspace';
import { runAgent, tempDir } from './agentCli';
import type { McpServer } from './agentRunSpec';

/** A workspace an agent works in under intentgate, and how its hook and intents server find its sessions. */
export interface GovernedWorkspace {
  readonly root: string;
  /** the flags of `intentgate hook` and `intentgate intents-mcp` that name this workspace */
  readonly flags: readonly string[];
  /** the human who answers held calls, with the approval credential set up */
  readonly human: HumanHome;
  /** what the agent runs with so its hooks find the human's credential: the user's config folder */
  readonly agentEnv: NodeJS.ProcessEnv;
}

/**
 * The environment that puts the user's config folder (the approval credential, the session key)
 * and state folder (the hooks' sessions) in `human`'s home.
 */
export const configOf = (human: HumanHome): NodeJS.ProcessEnv => ({
  XDG_CONFIG_HOME: path.join(human.home, '.config'),
  XDG_STATE_HOME: path.join(human.home, '.local', 'state'),
});

/** Where the hooks keep the sessions of the workspace `root` when run with `configOf(human)`: the user's state folder. */
export const sessionsDirOf = (root: string, human: HumanHome): string =>
  stateSessionsDir(path.join(root, '.orchestration'), configOf(human));

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
  const human = humanHome();
  const people = { human, agentEnv: configOf(human) };
  if (options.safeMode) return { root, flags: ['--workspace', root], ...people };
  const policy = path.join(root, 'intentgate.policy.yaml');
  writeFileSync(policy, 'version: 1\nworkspaceRoot: .\nsafeMode: false\n');
  return { root, flags: ['--policy', policy], ...people };
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
export function intentsMcpServer(
  intentgate: string,
  workspace: GovernedWorkspace,
  lateBySec = 0,
): Record<string, McpServer> {
  const server = { command: 'node', args: [intentgate, 'intents-mcp', ...workspace.flags] };
  return { intentgate: lateBySec === 0 ? server : startingLate(server, lateBySec) };
}

/**
 * The id of the agent session the workspace's hooks keep (the most recently used), as a human
 * reads it from the held call's note or the sessions folder in their state folder.
 */
export function keptSessionId(root: string, human: HumanHome): string {
  const dir = sessionsDirOf(root, human);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const file = files[0];
  if (file === undefined) throw new Error(`no session kept in ${dir}`);
  return String((JSON.parse(readFileSync(file, 'utf8')) as { sessionId: unknown }).sessionId);
}

/** The approval id a held call's refusal names to the model (it names no way to approve); the last one offered. */
export function heldApprovalId(texts: readonly string[]): string {
  const ids = texts
    .map(
      (text) =>
        /Only a human can (?:approve this call|accept or reject this change) \((approval-\d+)\)/.exec(text)?.[1],
    )
    .filter((id) => id !== undefined);
  const id = ids[ids.length - 1];
  if (id === undefined) throw new Error(`no held call named in: ${texts.join('\n')}`);
  return id;
}

/**
 * Continues the held call the refusal names, as the human does with this checkout's CLI:
 * `intentgate approve --held <id>` for the workspace's session, the credential named with
 * `--token-file` (a child process with no terminal, so the confirmation cannot stand in).
 */
export async function approveHeldAsHuman(
  intentgate: string,
  workspace: GovernedWorkspace,
  texts: readonly string[],
): Promise<void> {
  const held = ['--session', keptSessionId(workspace.root, workspace.human), '--held', heldApprovalId(texts)];
  const argv = ['node', intentgate, 'approve', ...workspace.flags, '--token-file', workspace.human.tokenFile, ...held];
  // the human's own folders, which hold the session key and the sessions the hooks kept
  const approved = await runAgent('bash', ['-c', quoteArgv(argv)], {
    cwd: tempDir('approve-'),
    env: { ...process.env, ...workspace.agentEnv },
    timeoutMs: 30_000,
  });
  if (approved.exitCode !== 0) throw new Error(`${argv.join(' ')} failed: ${approved.stderr}`);
}
