import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import type { ShellWord } from '../../words/shellWord';

/** An editor or pager line: its name and words. */
interface EditorCall {
  readonly name: string;
  readonly words: readonly ShellWord[];
}

/**
 * Editors and pagers run from a command line with commands of their own: vi's Ex commands
 * (`-c CMD`, `+CMD`, `--cmd CMD`) reach a shell with `!`, `system()` or `:terminal`, emacs
 * evaluates Lisp (`--eval`, `-l FILE`), and less's `+CMD` may hold `!cmd` or `|cmd`. Only
 * commands that cannot run anything pass: a line number, a plain search, a substitution without
 * expressions, and write or quit. Anything else fails closed.
 */

const SAFE_EX_FORMS = [
  String.raw`\d*`,
  String.raw`\$`,
  // a search: no second command after it (`/x/w FILE`, `/x/!cmd`)
  String.raw`\/[^/|!\\]*\/?`,
  String.raw`\?[^?|!\\]*\??`,
  // a substitution: no '\=' expressions, no '|' chaining
  String.raw`(?:%|\d+(?:,\d+)?)?s\/[^/|!\\]*\/[^/|!\\]*\/[gciIen]*`,
  String.raw`(?:w|wq|wqa|wall|x|xa|q|qa|update)!?`,
];
const SAFE_EX = new RegExp(`^(?:${SAFE_EX_FORMS.map((form) => `(?:${form})`).join('|')})$`);

function isSafeExCommand(text: string): boolean {
  return SAFE_EX.test(text.trim().replace(/^:+/, ''));
}

// a word built at run time that starts as a `+CMD` does: `"+$cmd"`
const RUNTIME_COMMAND = /^["']?\+/;

// -u FILE loads a vimrc; NONE, NORC and DEFAULTS load nothing the caller wrote
const SAFE_VIMRC: ReadonlySet<string> = new Set(['NONE', 'NORC', 'DEFAULTS']);
// script files (nvim -l runs Lua) and Ex mode (commands read from stdin): their content is not analysed
const VI_SCRIPT_OPTIONS: ReadonlySet<string> = new Set(['-S', '-s', '-e', '-E', '-es', '-Es', '-l']);

/** Why this vi command line may run code, or undefined when it cannot. */
function viProblem(call: EditorCall): string | undefined {
  if (call.name === 'ex') return 'ex reads Ex commands from its input: fail closed';
  const words = call.words;
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    const value = word?.value;
    // a file name from a variable, as `cat "$f"` is read; a `+CMD` built at run time is unknown
    if (value === undefined) {
      if (RUNTIME_COMMAND.test(word?.source ?? ''))
        return `${call.name} runs an Ex command built at run time: fail closed`;
      continue;
    }
    if (value === '--') return undefined;
    if (value === '-c' || value === '--cmd') {
      const command = words[index + 1]?.value;
      if (command === undefined || !isSafeExCommand(command))
        return `${call.name} ${value} runs an Ex command that may run a shell: fail closed`;
      index++;
    } else if (value.startsWith('+') && value.length > 1) {
      if (!isSafeExCommand(value.slice(1)))
        return `${call.name} ${value} runs an Ex command that may run a shell: fail closed`;
    } else if (value === '-u' || value === '-U') {
      const file = words[index + 1]?.value;
      if (file === undefined || !SAFE_VIMRC.has(file))
        return `${call.name} ${value} loads a startup file that is not analysed: fail closed`;
      index++;
    } else if (VI_SCRIPT_OPTIONS.has(value)) {
      return `${call.name} ${value} runs commands that are not analysed: fail closed`;
    }
  }
  return undefined;
}

// emacsclient -e is --eval; emacs -x is --script
const EMACS_CODE = /^(?:--eval|--execute|-e|-l|--load|-f|--funcall|--script|-x)(?:=|$)/;

function emacsProblem(call: EditorCall): string | undefined {
  for (const word of call.words.slice(1)) {
    if (word.value === undefined) continue;
    if (EMACS_CODE.test(word.value))
      return `${call.name} ${word.value} evaluates Lisp, which may run a shell: fail closed`;
  }
  return undefined;
}

// less's initial commands (`+G`, `+/pattern`, `+100g`); `!` and `|` hand text to a shell
const SAFE_LESS_COMMAND = /^\+\+?(?:\d*[gGFpP%]?|[/?&][^!|]*)$/;

function lessProblem(call: EditorCall): string | undefined {
  for (const word of call.words.slice(1)) {
    if (word.value === undefined) {
      if (RUNTIME_COMMAND.test(word.source)) return `${call.name} runs a command built at run time: fail closed`;
      continue;
    }
    if (word.value === '--') return undefined;
    if (word.value.startsWith('+') && !SAFE_LESS_COMMAND.test(word.value))
      return `${call.name} ${word.value} runs a command that may reach a shell: fail closed`;
  }
  return undefined;
}

/** Fails closed for an editor or pager line that runs commands; one opening files runs nothing more. */
export const editorReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const call = { name: reading.name, words: reading.words };
    // the spec's primary name says which family: vim (vi, nvim, ex...), emacs (emacsclient), less
    const family = reading.node?.path[0];
    const problem =
      family === 'vim'
        ? viProblem(call)
        : family === 'emacs'
          ? emacsProblem(call)
          : family === 'less'
            ? lessProblem(call)
            : undefined;
    if (problem !== undefined) effects.problems.push({ reason: problem });
    return effects;
  },
};
