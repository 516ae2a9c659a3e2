// What the attacks of issue 33 are run with: a human's home holding the approval credential, a
// governed workspace, Claude Code's events through the real `intentgate hook claude-code`, the
// agent's shell commands run by real bash (plain, or as the contained line the hook hands back),
// and a real `intentgate serve` process on a real redis-server that requires a password.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../../src/cli/runCli';
import { memoryIo, REPO_ROOT } from '../cli/cliHarness';
import { humanHome, type HumanHome } from '../support/approvalCredential';
import { makeWorkspace } from '../support/workspace';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');

/** The intent every attack works under: src/** in scope, arbitrary commands approved by the intent itself. */
export const INTENTS = `active_intents:
  - id: INT-001
    name: Work in src
    owned_scope: [src/**]
    approvals:
      - categories: [EXEC_ARBITRARY]
`;

/** How the agent's shell commands run: plain bash, or the contained line of the hook's answer. */
export type Containment = 'off' | 'on';

export const tempDir = (prefix: string): string =>
  realpathSync(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), prefix)));

/** A file holding `text`, owner-only, in a fresh folder outside every workspace. */
export function secretFile(name: string, text: string): string {
  const file = path.join(tempDir('attack-secret-'), name);
  writeFileSync(file, `${text}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/**
 * A folder in the workspace with an `intentgate` that runs this checkout's CLI: what the agent's
 * shell finds on PATH, contained too. Given a bundle of the CLI, it is copied in beside it, so a
 * contained command finds it wherever the checkout lies (a checkout under /tmp is hidden by the
 * sandbox's private /tmp, as an installed intentgate is not).
 */
function intentgateBin(root: string, cliBundle: string | undefined): string {
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  if (cliBundle !== undefined) copyFileSync(cliBundle, path.join(bin, 'intentgate.mjs'));
  const runs =
    cliBundle === undefined
      ? `'${process.execPath}' --import '${TSX_LOADER}' '${MAIN}'`
      : `'${process.execPath}' '${path.join(bin, 'intentgate.mjs')}'`;
  const script = `#!/bin/sh\nexec ${runs} "$@"\n`;
  writeFileSync(path.join(bin, 'intentgate'), script, { mode: 0o755 });
  return bin;
}

/** A hook's answer to one event: its exit code and Claude Code's permission decision. */
export interface HookVerdict {
  readonly code: number;
  readonly decision: string;
  readonly reason: string;
  /** the command the hook hands back to run instead (the contained line), if it does */
  readonly updatedCommand: string | undefined;
}

/** What a shell command the agent ran did; `ran` false when the hook refused it. */
export interface ShellRun {
  readonly verdict: HookVerdict;
  readonly ran: boolean;
  readonly status: number | null;
  readonly output: string;
}

/** One mode's world: the human, the workspace, and the agent's routes into both. */
export interface AttackWorld {
  readonly containment: Containment;
  readonly human: HumanHome;
  readonly root: string;
  readonly policyFile: string;
  /** the hook's environment: the human's home, and PATH with intentgate (and bubblewrap) on it */
  readonly env: NodeJS.ProcessEnv;
  hook(session: string, name: string, fields?: Record<string, unknown>): Promise<HookVerdict>;
  /** the agent asks to run `command` with Bash; the hook decides; the command then runs as the mode says */
  shell(session: string, command: string): Promise<ShellRun>;
}

/** A world for `containment`, bubblewrap taken from `bwrapDir` when it is on, the agent's `intentgate` from `cliBundle` when given. */
export function attackWorld(containment: Containment, bwrapDir: string | undefined, cliBundle?: string): AttackWorld {
  const human = humanHome();
  const root = realpathSync(makeWorkspace({ intentsYaml: INTENTS }));
  mkdirSync(path.join(root, 'src'), { recursive: true });
  const policyFile = path.join(tempDir('attack-policy-'), 'policy.yaml');
  writeFileSync(policyFile, `version: 1\ncontainment: ${containment === 'on' ? 'required' : 'off'}\n`);
  const searchPath = [
    intentgateBin(root, cliBundle),
    ...(bwrapDir === undefined ? [] : [bwrapDir]),
    process.env.PATH ?? '',
  ].join(':');
  const env: NodeJS.ProcessEnv = { ...human.env, PATH: searchPath, XDG_CACHE_HOME: tempDir('attack-cache-') };

  const hook = async (session: string, name: string, fields: Record<string, unknown> = {}): Promise<HookVerdict> => {
    const stdin = JSON.stringify({ session_id: session, cwd: root, hook_event_name: name, ...fields });
    const io = memoryIo({ stdin, env, cwd: root });
    const code = await runCli(['hook', 'claude-code', '--workspace', root, '--policy', policyFile], io);
    const body = io.stdout.text.trim() === '' ? {} : (JSON.parse(io.stdout.text) as Record<string, unknown>);
    const output = (body.hookSpecificOutput ?? {}) as {
      permissionDecision?: string;
      permissionDecisionReason?: string;
      updatedInput?: { command?: string };
    };
    return {
      code,
      decision: output.permissionDecision ?? (code === 0 ? 'allow' : 'block'),
      reason: output.permissionDecisionReason ?? io.stderr.text,
      updatedCommand: output.updatedInput?.command,
    };
  };

  const shell = async (session: string, command: string): Promise<ShellRun> => {
    const verdict = await hook(session, 'PreToolUse', { tool_name: 'Bash', tool_input: { command } });
    // containment off: the command runs as written, whatever the hook said (the worst case); on: only as the
    // contained line the hook hands back, for an allow and for an ask a human then lets run in the agent's own prompt
    const line = containment === 'off' ? command : verdict.decision === 'deny' ? undefined : verdict.updatedCommand;
    if (line === undefined) return { verdict, ran: false, status: null, output: '' };
    const run = spawnSync('bash', ['-c', line], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
    return { verdict, ran: true, status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  return { containment, human, root, policyFile, env, hook, shell };
}

/** A real `intentgate serve` process. */
export interface ServeProcess {
  readonly url: string;
  readonly pid: number;
  stop(): void;
}

/** Starts `intentgate serve ARGS` in `cwd` as a process of its own; resolves once its banner is out. */
export async function spawnServe(args: readonly string[], cwd: string): Promise<ServeProcess> {
  const { INTENTGATE_APPROVAL_TOKEN: _token, INTENTGATE_APPROVAL_TOKENS: _tokens, PORT: _port, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, 'serve', ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let url = '';
  // a bounded number of looks at the banner; the child's own failure ends the wait at once
  for (let look = 0; look < 2400 && url === ''; look += 1) {
    if (child.exitCode !== null) throw new Error(`serve exited: ${stderr}`);
    if (stdout.includes('approval token: ')) url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
    if (url === '') await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (url === '') throw new Error(`serve did not start: ${stderr}`);
  return { url, pid: child.pid ?? 0, stop: () => void child.kill('SIGKILL') };
}
