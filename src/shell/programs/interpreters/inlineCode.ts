import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { staticWord } from '../../words/shellWord';
import { findUrl } from '../../words/urls';
import { CODE_LANGUAGES, type CodeLanguage } from './codeVocabulary';
import { languageOf, processCalls } from './processCalls';
import { readInlineCode, vocabularyOf, type ProjectImports } from './readOnlyCode';

// awk writes and reads files through its own syntax (redirected print, getline from a file) and loads extensions;
// its pipes and system() hand literal commands to a shell, which processCalls reads
const AWK_EFFECTS = /\bprintf?\b[^;{}\n|]*>|\bgetline\b[^;{}\n|]*<|@(?:load|include)\b/;

/** The language of a program's inline code when it is read token by token (python, node, ruby, perl). */
export function codeLanguageOf(name: string): CodeLanguage | undefined {
  const language = languageOf(name);
  return CODE_LANGUAGES.find((known) => known === language);
}

/**
 * What inline code does as its reader sees it: only reads of named files, those reads and the
 * code of modules the project may hold (ProjectImports), or why it may do more.
 */
type CodeOutcome =
  { readonly reads: readonly string[] } | { readonly imports: ProjectImports } | { readonly unseen: string };

// the `script` of a python run (RunKind `python`) that names modules imported, not run: its reader
// (src/shell/programs/python/pythonRunFiles.ts) finds them in the folder or fails the call closed
const IMPORTS_RUN = 'imports';

// python does not look for modules in the working folder with these: what it imports is not the project's
const ISOLATING_OPTIONS: ReadonlySet<string> = new Set(['-I', '-P']);

/** Whether python's options leave the working folder out of where it imports from (`-I`, `-P`). */
export function isolatesImports(options: readonly { readonly name: string }[] | undefined): boolean {
  return options?.some((option) => ISOLATING_OPTIONS.has(option.name)) === true;
}

/** The command running the code: its options and operands when the catalog read them. */
type CodeCall = Pick<CommandReading, 'name' | 'command'> & Partial<Pick<CommandReading, 'options' | 'operands'>>;

// a name perl's two-argument open takes as a file: no mode, pipe or stdin at either end
const PLAIN_FILE = /^[^\s|<>+&-](?:.*[^\s|])?$/s;

/**
 * Why the interpreter's options let code that only reads do more: code they load before it
 * (`perl -MFoo`, `ruby -r./x`), or a loop over operands opened so that `'cmd|'` runs cmd.
 */
function optionsUnseen(language: CodeLanguage, call: CodeCall): string | undefined {
  const vocabulary = vocabularyOf(language);
  const loads = call.options?.find((option) => vocabulary.codeOptions.has(option.name));
  if (loads !== undefined)
    return `'${call.name} ${loads.name}' loads code the analysis does not see before it, so it may change files or run code`;
  if (call.options?.some((option) => vocabulary.lineLoopOptions.has(option.name)) !== true) return undefined;
  const opened = call.operands?.find((word) => word.value === undefined || !PLAIN_FILE.test(word.value));
  return opened === undefined
    ? undefined
    : `it loops over '${opened.source}', which ${call.name} opens as a mode or command when it is not a plain file name, so it may run a command`;
}

/**
 * Python, JavaScript, ruby and perl are read token by token against a vocabulary (readOnlyCode.ts);
 * awk's file and command syntax is looked for; other languages are not read, so their code fails closed.
 */
function outcomeOf(code: string, call: CodeCall): CodeOutcome {
  const { name } = call;
  const language = codeLanguageOf(name);
  if (language !== undefined) {
    const reading = readInlineCode(code, language);
    const imports = reading.readOnly ? undefined : reading.imports;
    const unseen = reading.readOnly || imports !== undefined ? optionsUnseen(language, call) : undefined;
    if (reading.readOnly) return unseen === undefined ? { reads: reading.reads } : { unseen };
    if (imports !== undefined && !isolatesImports(call.options)) return unseen === undefined ? { imports } : { unseen };
    return {
      unseen: reading.unread
        ? `it has '${reading.word}', a form the reader of inline code does not follow, so it may change files or run code the analysis does not see`
        : `it uses '${reading.word}', which is not among the words known only to compute and read ` +
          `named files, so it may change files or run code the analysis does not see`,
    };
  }
  if (languageOf(name) === 'awk') {
    const found = AWK_EFFECTS.exec(code);
    return found === null
      ? { reads: [] }
      : {
          unseen: `it uses '${found[0].trim().slice(0, 40)}', which writes or reads a file, or loads code, the analysis does not see`,
        };
  }
  return { unseen: 'code of this language is not read for the files it changes' };
}

/** Whether inline code only computes, prints and reads the files it names: nothing it does is unseen. */
export function isReadOnlyCode(code: string, name: string): boolean {
  const language = codeLanguageOf(name);
  return language !== undefined && readInlineCode(code, language).readOnly;
}

/**
 * What inline code (`python -c`, `node -e`, `ruby -e`, `perl -e`, an awk program) does. Code its
 * reader finds only computes, prints and reads named files is the run of that code and those
 * reads: a URL in it is text it prints, and it starts no process. Any other code fails closed,
 * while a URL in it still means network access and the processes it starts are read from their
 * literal arguments (processCalls.ts), each command analysed as a script; a call whose command
 * is built at run time fails closed too.
 */
export function inlineCodeEffects(code: string, reading: CodeCall): CommandEffects {
  const effects = noEffects();
  effects.notes.push(`runs inline ${reading.name} code`);
  const outcome = outcomeOf(code, reading);
  if ('imports' in outcome) {
    // the project's modules run as a script of the project does: python's reader of the working
    // folder finds whether it holds them, and fails the call closed for any it does not; their
    // code is not read, so what the code shows is read as unknown code's is: URLs, processes
    const { modules, reads } = outcome.imports;
    for (const read of reads) effects.paths.push({ word: staticWord(read), role: 'read' });
    effects.unanalysed.push(`${reading.name} modules ${modules.join(', ')}`);
    effects.scriptRuns.push({
      word: staticWord('.'),
      how: 'python',
      script: IMPORTS_RUN,
      details: { scripts: modules },
    });
  } else if ('reads' in outcome && codeLanguageOf(reading.name) !== undefined) {
    for (const read of outcome.reads) effects.paths.push({ word: staticWord(read), role: 'read' });
    return effects;
  }
  const url = findUrl(code);
  if (url !== undefined) {
    effects.notes.push('network request');
    effects.findings.push({
      category: 'NETWORK_RISK',
      trigger: url,
      command: reading.command,
      note: 'URL in inline code',
      details: [url, reading.name, 'request from inline code'],
    });
  }
  if ('unseen' in outcome)
    effects.problems.push({
      reason: `inline ${reading.name} code: ${outcome.unseen}: fail closed; write files with a file tool, or run a script file of the project`,
      trigger: code.slice(0, 120),
    });
  const calls = processCalls(code, reading.name);
  if (calls.hidden !== undefined) {
    effects.problems.push({
      reason: `inline ${reading.name} code starts a process whose command is built at run time: fail closed; give the command as a literal`,
      trigger: calls.hidden.slice(0, 120),
    });
  }
  for (const line of calls.lines)
    effects.scripts.push({ word: staticWord(line), what: `command in inline ${reading.name} code` });
  return effects;
}
