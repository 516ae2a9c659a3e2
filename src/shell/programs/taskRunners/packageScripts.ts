import { noEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { leadingWords } from '../../catalog/specEffects';
import type { ScriptRunWords } from '../../catalog/commandEffects';
import { staticWord, type ShellWord } from '../../words/shellWord';

const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'run-script', 'rum', 'urn']);
const LIFECYCLE_VERBS: ReadonlyMap<string, string> = new Map([
  ['test', 'test'],
  ['t', 'test'],
  ['tst', 'test'],
  ['start', 'start'],
  ['stop', 'stop'],
  ['restart', 'restart'],
]);
// the folder whose package.json runs: npm's --prefix and -C, pnpm's -C and --dir, yarn's and bun's --cwd
const FOLDER_OPTION = /^(?:--prefix|-C|--cwd|--dir)(?:=(.*))?$/s;
// options that run the scripts of other packages of a workspace, or of several: those are not read
const WORKSPACE_OPTION = /^(?:-w|--workspace|--workspaces|-ws|--filter|-F|-r|--recursive)(?:=|$)/;
// npm settings given on the line that choose the shell or node options its scripts run with, or more configuration
const CODE_SETTING = /^--(script-shell|node-options|userconfig|globalconfig|onload-script)(?:=(.*))?$/s;
const IGNORE_SCRIPTS = /^--ignore-scripts(?:=true)?$/;
// the scripts a command runs on purpose, which --ignore-scripts leaves running (`npm install-test` still tests)
const INTENDED_SCRIPTS: ReadonlySet<string> = new Set([
  'pretest',
  'test',
  'posttest',
  'prestart',
  'start',
  'poststart',
  'prestop',
  'stop',
  'poststop',
  'prerestart',
  'restart',
  'postrestart',
]);

/** What the words of a package manager's line say of where and how its scripts run. */
interface LineSettings {
  /** the folder named by --prefix (or kin); null when none is */
  readonly folder: ShellWord | null;
  /** it runs the scripts of other packages of a workspace */
  readonly workspaces: boolean;
  readonly ignoreScripts: boolean;
  /** the npm settings the line gives that choose code, each value undefined when built at run time */
  readonly settings: readonly (readonly [string, string | undefined])[];
}

/** Reads the options before `--` (what follows is the script's arguments), each value attached or the next word. */
function lineSettings(words: readonly ShellWord[]): LineSettings {
  let folder: ShellWord | null = null;
  let workspaces = false;
  let ignoreScripts = false;
  const settings: (readonly [string, string | undefined])[] = [];
  let index = 1;
  // the value of an option at `index`: attached after '=', else the next word, which it then takes
  const valueOf = (attached: string | undefined): ShellWord | undefined => {
    if (attached !== undefined) return staticWord(attached);
    index++;
    return words[index];
  };
  for (; index < words.length; index++) {
    const text = words[index]?.value;
    if (text === '--') break;
    if (text === undefined) continue;
    const folderOption = FOLDER_OPTION.exec(text);
    if (folderOption !== null) folder = valueOf(folderOption[1]) ?? null;
    workspaces ||= WORKSPACE_OPTION.test(text);
    ignoreScripts ||= IGNORE_SCRIPTS.test(text);
    const setting = CODE_SETTING.exec(text);
    if (setting?.[1] !== undefined) settings.push([setting[1], valueOf(setting[2])?.value]);
  }
  return { folder, workspaces, ignoreScripts, settings };
}

/** The script a package manager runs by name (`npm run build`, `yarn build`, `npm test`). */
function packageScriptName(reading: CommandReading): string | undefined {
  const [verb = '', next] = leadingWords(reading);
  if (RUN_VERBS.has(verb)) return next;
  // `bun test` is bun's own test runner
  if (reading.name === 'bun') return undefined;
  if (reading.name === 'npm') return LIFECYCLE_VERBS.get(verb);
  return LIFECYCLE_VERBS.get(verb) ?? verb;
}

/** The package.json of the folder the line names, or of the command's own. */
function manifestWord(folder: ShellWord | null): ShellWord {
  if (folder === null) return staticWord('package.json');
  if (folder.value === undefined) return { value: undefined, literal: undefined, source: folder.source };
  return staticWord(`${folder.value.replace(/\/+$/, '')}/package.json`);
}

/**
 * npm, pnpm, yarn and bun run package.json scripts: the one named (`npm run build`, `npm test`),
 * or those a lifecycle command runs itself (`npm install`, `npm pack`, `npm publish`), listed
 * for the caller to read with the settings the line gives them (`--script-shell`,
 * `--node-options`), from the folder `--prefix` names. A line that runs other packages of a
 * workspace (`-w`, `--filter`) lists no script, only its settings and the configuration files
 * of its folder (packageScriptFiles.ts).
 */
export const packageScriptReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const line = lineSettings(reading.words);
    const word = manifestWord(line.folder);
    const settings: Pick<ScriptRunWords, 'variables'> = line.settings.length === 0 ? {} : { variables: line.settings };
    const lifecycle = reading.node?.packageScripts;
    if (lifecycle !== undefined) {
      const scripts = line.ignoreScripts ? lifecycle.filter((name) => INTENDED_SCRIPTS.has(name)) : lifecycle;
      // a lifecycle command told to run no scripts
      if (scripts.length === 0) return effects;
      const script = reading.node?.path.at(-1) ?? reading.name;
      effects.scriptRuns.push({
        word,
        how: 'package',
        script,
        details: { scripts: line.workspaces ? [] : scripts, ...settings },
      });
      return effects;
    }
    const script = packageScriptName(reading);
    if (script === undefined || script === '') return effects;
    effects.scriptRuns.push({
      word,
      how: 'package',
      script,
      details: line.workspaces ? { scripts: [], ...settings } : settings,
    });
    return effects;
  },
};
