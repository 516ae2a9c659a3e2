import { optionEffects } from '../../catalog/argumentEffects';
import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { joinWords } from '../../words/wordLists';

// `eslint@9`, `@scope/pkg@latest`; not a path, URL or git spec
const NPM_VERSIONED = /^((?:@[\w.~-]+\/)?[\w.~-]+)@[^/\s]*$/;
// `ruff@0.4`, `black==24.1`, `httpie[socks]`
const PYTHON_VERSIONED = /^([A-Za-z0-9][\w.-]*)(?:@|==|>=|<=|~=|!=|\[)[^/\s]*$/;
const PYTHON_RUNNERS: ReadonlySet<string> = new Set(['uvx', 'uv', 'pipx']);
// npm's settings on the line that choose the shell or node options of what it runs, or another configuration
const CODE_SETTINGS: ReadonlySet<string> = new Set([
  '--script-shell',
  '--node-options',
  '--userconfig',
  '--globalconfig',
]);
// the JavaScript package managers, whose runs read the project's .npmrc as their scripts do
const NODE_MANAGERS: ReadonlySet<string> = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx']);
// options that name the package, so the first word is the program run, not a package spec
const PACKAGE_OPTIONS: ReadonlySet<string> = new Set(['-p', '--package', '--from', '--spec']);

/** The program a fetched package runs, read by the package's name (`eslint@9` runs `eslint`). */
function programWord(word: ShellWord, versioned: RegExp): ShellWord {
  const name = word.value === undefined ? undefined : versioned.exec(word.value)?.[1];
  return name === undefined ? word : staticWord(name);
}

/**
 * `npx CMD`, `npm exec -- CMD`, `pnpm dlx`, `yarn exec`, `bunx`, `uvx`, `pipx run`: the command run
 * is analysed in its own right, read by the package's name; the spec says where it starts, and
 * which options run a script (`npx -c`) or hand the words to a shell (`pnpm dlx -c`, `yarn exec`).
 */
export const packageRunnerReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    optionEffects(effects, reading);
    // its settings (--node-options, .npmrc's script-shell) are read as a package script's are; no script runs
    if (NODE_MANAGERS.has(reading.name)) {
      const variables = reading.options
        .filter((option) => CODE_SETTINGS.has(option.name))
        .map((option) => [option.name.slice(2), option.value?.value] as const);
      effects.scriptRuns.push({
        word: staticWord('package.json'),
        how: 'package',
        script: 'exec',
        details: { scripts: [], variables },
      });
    }
    const runs = reading.runs;
    if (runs === undefined) return effects;
    const words = reading.words.slice(runs.index);
    if (runs.role === 'shell') {
      effects.scripts.push({ word: joinWords(words), what: `${reading.name} shell line` });
      return effects;
    }
    const [first, ...rest] = words;
    if (first === undefined) return effects;
    const named = reading.options.some((option) => PACKAGE_OPTIONS.has(option.name));
    const versioned = PYTHON_RUNNERS.has(reading.node?.path[0] ?? reading.name) ? PYTHON_VERSIONED : NPM_VERSIONED;
    effects.commands.push({ words: [named ? first : programWord(first, versioned), ...rest], stdin: 'pass' });
    return effects;
  },
};
