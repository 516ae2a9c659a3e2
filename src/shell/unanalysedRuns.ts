import type { AnalysisContext } from './analysisContext';
import type { CommandCall } from './commandCall';
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

/** Notes commands whose effect lives in a file this analysis does not read (EXEC_ARBITRARY's note). */
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

// make options that read another Makefile, add rules, or run nothing
const MAKE_ELSEWHERE = /^(?:-f|--file|--makefile|-E|--eval|-n|--dry-run|--just-print|--recon|-q|--question|-p|--print-data-base)(?:=|$)|^-[A-Za-z]*[fEnqp]/;
const MAKE_VALUED: ReadonlySet<string> = new Set(['-I', '--include-dir', '-o', '--old-file', '--assume-old', '-W', '--what-if', '--new-file', '--assume-new']);

/** The value of `-C DIR`, `-CDIR`, `--directory=DIR` or `--directory DIR` at `index`, and the words it used. */
function directoryOption(words: CommandCall['words'], index: number): { folder: string | undefined; used: number } | undefined {
  const value = words[index]?.value ?? '';
  if (value === '-C' || value === '--directory') return { folder: words[index + 1]?.value, used: 2 };
  if (value.startsWith('--directory=')) return { folder: value.slice('--directory='.length), used: 1 };
  if (/^-C./.test(value)) return { folder: value.slice(2), used: 1 };
  return undefined;
}

/**
 * The folder and targets of `make [-C DIR] [OPTIONS] [TARGETS] [VAR=value]`, or undefined
 * when make reads another Makefile, rules from its line, or runs nothing.
 */
function makeRun(call: CommandCall): { folder: string; targets: string[] } | undefined {
  const targets: string[] = [];
  let folder: string | undefined;
  for (let index = 1; index < call.words.length; index++) {
    const value = call.words[index]?.value;
    if (value === undefined) return undefined;
    const directory = directoryOption(call.words, index);
    if (directory === undefined && MAKE_ELSEWHERE.test(value)) return undefined;
    if (directory !== undefined) {
      // several -C options add up; one is enough to read
      if (directory.folder === undefined || folder !== undefined) return undefined;
      folder = directory.folder;
      index += directory.used - 1;
    } else if (MAKE_VALUED.has(value)) index++;
    // options, variable settings, and the job or load count of `-j 4`, `-l 2`
    else if (!value.startsWith('-') && !value.includes('=') && !/^\d+(?:\.\d+)?$/.test(value)) targets.push(value);
  }
  return { folder: folder ?? '.', targets };
}

const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'run-script', 'rum', 'urn']);
const LIFECYCLE_VERBS: ReadonlyMap<string, string> = new Map([['test', 'test'], ['t', 'test'], ['tst', 'test'], ['start', 'start'], ['stop', 'stop'], ['restart', 'restart']]);
// options that run the script of another package.json, or of several
const ELSEWHERE = /^(?:--prefix|-C|--cwd|--dir|-w|--workspace|--workspaces|-ws|--filter|-F|-r|--recursive)(?:=|$)/;

/** The package.json script a package manager runs here (`npm run build`, `yarn build`, `npm test`). */
function packageScriptName(call: CommandCall, verb: string, next: string | undefined): string | undefined {
  if (!PACKAGE_MANAGERS.has(call.name)) return undefined;
  if (call.words.some((word) => word.value === undefined || ELSEWHERE.test(word.value))) return undefined;
  if (RUN_VERBS.has(verb)) return next;
  // `bun test` is bun's own test runner
  if (call.name === 'bun') return undefined;
  if (call.name === 'npm') return LIFECYCLE_VERBS.get(verb);
  return verb === 'run' ? next : (LIFECYCLE_VERBS.get(verb) ?? verb);
}
