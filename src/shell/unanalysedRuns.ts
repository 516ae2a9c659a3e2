import type { AnalysisContext } from './analysisContext';
import type { CommandCall } from './commandCall';
import { makeRun } from './makeRun';
import { packageScriptName } from './packageScriptRun';
import { staticWord } from './shellWord';
import { readSubcommand } from './toolOptions';

/** Build tools: what they run is written in a file (Makefile, Rakefile, justfile) not analysed here. */
const BUILD_TOOLS: ReadonlySet<string> = new Set(['make', 'gmake', 'just', 'rake', 'ninja', 'mage', 'task', 'gradle', 'gradlew', 'mvn', 'mvnw', 'ant', 'scons', 'bazel', 'bazelisk', 'tox', 'nox', 'invoke']);

/** Subcommands that run project code or package.json scripts. */
const SCRIPT_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['npm', new Set(['run', 'run-script', 'rum', 'urn', 'test', 't', 'tst', 'start', 'stop', 'restart'])],
  ['pnpm', new Set(['run', 'test', 't', 'start'])],
  ['yarn', new Set(['run', 'test', 'start'])],
  ['bun', new Set(['run', 'test'])],
  ['cargo', new Set(['run', 'r', 'build', 'b', 'test', 't', 'bench'])],
  ['go', new Set(['run', 'test', 'generate'])],
  ['deno', new Set(['task'])],
  ['composer', new Set(['run-script', 'run'])],
]);

// yarn and pnpm run a package script for any name that is not one of their own commands
const YARN_OWN = new Set(['add', 'install', 'remove', 'upgrade', 'up', 'link', 'unlink', 'import', 'publish', 'version', 'why', 'info', 'list', 'ls', 'outdated', 'audit', 'config', 'cache', 'bin', 'global', 'init', 'licenses', 'pack', 'login', 'logout', 'owner', 'team', 'versions', 'workspace', 'workspaces', 'check', 'help', 'dedupe', 'exec', 'dlx', 'create', 'node', 'explain', 'patch', 'plugin', 'set', 'constraints', 'search', 'store', 'root', 'env', 'doctor', 'setup', 'npm', 'i', 'update', 'rm', 'uninstall', 'un', 'fetch', 'prune', 'rebuild', 'upgrade-interactive', 'tag', 'unplug']);

const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin\//;

/**
 * Notes commands whose effect lives in a file this analysis does not read (EXEC_ARBITRARY's
 * note), and lists the script files, package.json scripts and Makefiles among them for the
 * caller to read.
 */
export function noteUnanalysedRun(call: CommandCall, context: AnalysisContext): void {
  const first = call.words[0];
  const head = first?.value ?? '';
  if (head.includes('/') && !SYSTEM_BIN.test(head)) {
    context.noteUnanalysed(head);
    if (first !== undefined) context.noteScriptRun(first, 'direct');
    return;
  }
  if (BUILD_TOOLS.has(call.name)) {
    context.noteUnanalysed(call.command.slice(0, 60));
    const run = call.name === 'make' || call.name === 'gmake' ? makeRun(call) : undefined;
    if (run !== undefined) context.noteScriptRun(staticWord(run.folder), 'make', run.targets.join(' '));
    return;
  }
  const scripts = SCRIPT_SUBCOMMANDS.get(call.name);
  if (scripts === undefined) return;
  const sub = readSubcommand(call.name, call.words, 2);
  const verb = sub.words[0]?.value;
  if (verb === undefined) return;
  const ownCommand = (call.name === 'yarn' || call.name === 'pnpm') && !YARN_OWN.has(verb);
  if (!scripts.has(verb) && !ownCommand) return;
  context.noteUnanalysed(`${call.name} ${sub.words.map((word) => word.value ?? word.source).join(' ')}`);
  const script = packageScriptName(call, verb, sub.words[1]?.value);
  if (script !== undefined) context.noteScriptRun(staticWord('package.json'), 'package', script);
}
