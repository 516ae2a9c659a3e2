import type { CommandCall } from './commandCall';

/** Which package.json script a package manager's line runs. */

const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'run-script', 'rum', 'urn']);
const LIFECYCLE_VERBS: ReadonlyMap<string, string> = new Map([['test', 'test'], ['t', 'test'], ['tst', 'test'], ['start', 'start'], ['stop', 'stop'], ['restart', 'restart']]);
// options that run the script of another package.json, or of several
const ELSEWHERE = /^(?:--prefix|-C|--cwd|--dir|-w|--workspace|--workspaces|-ws|--filter|-F|-r|--recursive)(?:=|$)/;

/** The package.json script a package manager runs here (`npm run build`, `yarn build`, `npm test`). */
export function packageScriptName(call: CommandCall, verb: string, next: string | undefined): string | undefined {
  if (!PACKAGE_MANAGERS.has(call.name)) return undefined;
  if (call.words.some((word) => word.value === undefined || ELSEWHERE.test(word.value))) return undefined;
  if (RUN_VERBS.has(verb)) return next;
  // `bun test` is bun's own test runner
  if (call.name === 'bun') return undefined;
  if (call.name === 'npm') return LIFECYCLE_VERBS.get(verb);
  return verb === 'run' ? next : (LIFECYCLE_VERBS.get(verb) ?? verb);
}
