import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AGENT_CLIS,
  agentClisRoot,
  CLAUDE_CODE_ON_FAILURE,
  installedAgentCli,
  pathWithNodeOf,
  runsNode22Package,
} from '../../../scripts/installAgentClis';

/** The repository root, for hook commands that run this checkout's CLI. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Whether CI demands the agent CLIs: a missing one fails the run instead of skipping it. */
export const AGENT_CLIS_REQUIRED = process.env.INTENTGATE_AGENT_CLIS === 'required';

/** An agent CLI found at its pinned version, or why its tests are skipped. */
export type AgentCliLookup = { readonly program: string } | { readonly skip: string };

/**
 * The installed program of the CLI behind `intentgate hook <name>`. When it is missing the
 * tests skip with a printed reason, unless INTENTGATE_AGENT_CLIS=required, where it throws.
 */
export function findAgentCli(name: string): AgentCliLookup {
  const cli = AGENT_CLIS.find((row) => row.name === name);
  if (cli === undefined) throw new Error(`no pinned agent CLI named '${name}' in scripts/installAgentClis.ts`);
  const program = installedAgentCli(cli);
  if (program !== undefined) return { program };
  const reason = `${cli.packageName}@${cli.version} is not installed: run npx tsx scripts/installAgentClis.ts`;
  if (AGENT_CLIS_REQUIRED) throw new Error(`${reason} (INTENTGATE_AGENT_CLIS=required)`);
  console.warn(`skipping the ${name} end-to-end tests: ${reason}`);
  return { skip: reason };
}

/** A CLI found with the PATH it runs with: its own program folder first, then its Node's, then the test's PATH. */
export type PathedCliLookup = { readonly program: string; readonly path: string } | { readonly skip: string };

/**
 * The Claude Code whose hooks take `onFailure: "block"` (CLAUDE_CODE_ON_FAILURE), with the PATH
 * on which `claude` is that release and `node` is the Node 22 it declares. When either is missing
 * the tests skip with a printed reason, unless INTENTGATE_AGENT_CLIS=required, where it throws.
 */
export function findClaudeCodeOnFailure(): PathedCliLookup {
  const cli = CLAUDE_CODE_ON_FAILURE;
  const program = installedAgentCli(cli);
  const withNode = pathWithNodeOf(cli, agentClisRoot());
  if (program !== undefined && withNode !== undefined)
    return { program, path: [path.dirname(program), withNode].join(path.delimiter) };
  const node = cli.node === undefined ? '' : ` on ${cli.node.packageName}@${cli.node.version}`;
  const reason = `${cli.packageName}@${cli.version}${node} is not installed: run npx tsx scripts/installAgentClis.ts`;
  // the Node package is built for Linux x64 alone: elsewhere the tests skip even in CI
  if (AGENT_CLIS_REQUIRED && runsNode22Package()) throw new Error(`${reason} (INTENTGATE_AGENT_CLIS=required)`);
  console.warn(`skipping the Claude Code onFailure end-to-end tests: ${reason}`);
  return { skip: reason };
}

/** What one agent run left: its exit code (null when killed), its output, and whether it ran out of time. */
export interface AgentRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface AgentRunOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** killed after this long; default 60 s */
  readonly timeoutMs?: number;
}

/**
 * Runs an agent CLI with an asynchronous spawn, so a model served from this process keeps
 * answering; the run is killed, with its process group, when it outlives its time.
 */
export function runAgent(program: string, args: readonly string[], options: AgentRunOptions): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      // the agent's hook processes go with it
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr, timedOut });
    });
  });
}

/** A temporary folder under the test run's own, for a workspace or an agent's home. */
export function tempDir(prefix: string): string {
  const parent = process.env.INTENTGATE_TEST_TMP ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(path.join(parent, prefix));
}

/** Writes a JSON file, making its folder. */
export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
