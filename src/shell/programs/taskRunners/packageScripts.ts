import { noEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { leadingWords } from '../../catalog/specEffects';
import { staticWord } from '../../words/shellWord';

const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'run-script', 'rum', 'urn']);
const LIFECYCLE_VERBS: ReadonlyMap<string, string> = new Map([
  ['test', 'test'],
  ['t', 'test'],
  ['tst', 'test'],
  ['start', 'start'],
  ['stop', 'stop'],
  ['restart', 'restart'],
]);
// options that run the script of another package.json, or of several
const ELSEWHERE = /^(?:--prefix|-C|--cwd|--dir|-w|--workspace|--workspaces|-ws|--filter|-F|-r|--recursive)(?:=|$)/;

/** The package.json script a package manager runs here (`npm run build`, `yarn build`, `npm test`). */
function packageScriptName(reading: CommandReading): string | undefined {
  if (reading.words.some((word) => word.value === undefined || ELSEWHERE.test(word.value))) return undefined;
  const [verb = '', next] = leadingWords(reading);
  if (RUN_VERBS.has(verb)) return next;
  // `bun test` is bun's own test runner
  if (reading.name === 'bun') return undefined;
  if (reading.name === 'npm') return LIFECYCLE_VERBS.get(verb);
  return LIFECYCLE_VERBS.get(verb) ?? verb;
}

/** The scripts a lifecycle command runs (`npm install`, `npm pack`), unless `--ignore-scripts` turns them off. */
function lifecycleScripts(reading: CommandReading): readonly string[] | undefined {
  const scripts = reading.node?.packageScripts;
  if (scripts === undefined || reading.words.some((word) => word.value === undefined || ELSEWHERE.test(word.value)))
    return undefined;
  return reading.words.some((word) => /^--ignore-scripts(?:=true)?$/.test(word.value ?? '')) ? undefined : scripts;
}

/**
 * npm, pnpm, yarn and bun run package.json scripts: the one named (`npm run build`, `npm test`),
 * or those a lifecycle command runs itself (`npm install`, `npm pack`, `npm publish`), listed
 * for the caller to read.
 */
export const packageScriptReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const lifecycle = lifecycleScripts(reading);
    if (lifecycle !== undefined) {
      effects.scriptRuns.push({
        word: staticWord('package.json'),
        how: 'package',
        script: reading.node?.path.at(-1) ?? reading.name,
        details: { scripts: lifecycle },
      });
      return effects;
    }
    // a lifecycle command told to run no scripts, or pointed at another folder
    if (reading.node?.packageScripts !== undefined) return effects;
    const script = packageScriptName(reading);
    if (script !== undefined && script !== '')
      effects.scriptRuns.push({ word: staticWord('package.json'), how: 'package', script });
    return effects;
  },
};
