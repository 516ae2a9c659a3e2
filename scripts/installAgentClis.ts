// Installs the agent CLIs the end-to-end hook tests drive, at pinned versions, into a cache
// folder outside the repository: they are too large to be devDependencies. Idempotent: a CLI
// already installed at its pinned version is left alone. Run with `npx tsx scripts/installAgentClis.ts`.
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

function run(command: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** Installs one CLI unless it is there already; returns its program. */
export async function installAgentCli(cli: AgentCli, root: string = agentClisRoot()): Promise<string> {
  const present = installedAgentCli(cli, root);
  if (present !== undefined) return present;
  const dir = agentCliDir(cli, root);
  mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // a private package.json keeps npm from walking up into a project that holds the cache folder
  if (!existsSync(path.join(dir, 'package.json'))) await run(npm, ['init', '-y'], dir);
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
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
