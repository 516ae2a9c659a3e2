import type { AnalysisContext } from './analysisContext';
import { originOf, runScriptWord, type CommandCall } from './commandCall';
import { recordPath } from './dependencyFiles';
import { embeddedCommands } from './embeddedCommands';
import { parseShell } from './parseShell';
import type { ShellWord } from './shellWord';
import { findUrl } from './urls';

/** Shells whose `-c` script, script file or stdin is shell code. */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'ksh93', 'mksh', 'pdksh', 'oksh', 'ash', 'yash', 'posh', 'rbash', 'fish', 'csh', 'tcsh']);

/** Paths that make a shell or interpreter read its program from stdin. */
export const STDIN_PATHS: ReadonlySet<string> = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

interface ShellOptions {
  readonly commandString: boolean;
  readonly readsStdin: boolean;
  readonly informational: boolean;
  readonly next: number;
}

/** Reads `bash -xec`, `-o pipefail`, `+o x`, `--norc`, `--rcfile F`: only -c, -s and --version matter. */
function readShellOptions(call: CommandCall): ShellOptions {
  let commandString = false;
  let readsStdin = false;
  let informational = false;
  let index = 1;
  for (let value = call.words[index]?.value; value !== undefined; value = call.words[index]?.value) {
    if (value === '--' || value === '-') {
      index++;
      break;
    }
    if (value.startsWith('--')) {
      informational ||= value === '--version' || value === '--help';
      index += value === '--rcfile' || value === '--init-file' ? 2 : 1;
      continue;
    }
    if (value.length < 2 || !(value.startsWith('-') || value.startsWith('+'))) break;
    const letters = value.slice(1);
    commandString ||= letters.includes('c');
    readsStdin ||= letters.includes('s');
    index += letters.includes('o') || letters.includes('O') ? 2 : 1;
  }
  return { commandString, readsStdin, informational, next: index };
}

/**
 * Code a shell or interpreter reads from stdin: static text is analysed (as a script, or as inline
 * code), a file is not, and anything produced at run time fails closed.
 */
export function readCodeFromStdin(call: CommandCall, context: AnalysisContext, kind: 'shell' | 'interpreter'): void {
  const stdin = call.stdin();
  switch (stdin.kind) {
    case 'text':
      if (kind === 'shell') context.runScript(stdin.text, originOf(call));
      else checkInlineCode(stdin.text, call, context);
      return;
    case 'file':
      if (stdin.word.value !== undefined && STDIN_PATHS.has(stdin.word.value)) {
        context.failClosed(`a ${kind} reading its program from stdin: fail closed`, originOf(call, stdin.word.source));
        return;
      }
      recordPath({ context, command: call.command }, stdin.word, 'read');
      context.noteUnanalysed(`${call.name} < ${stdin.word.value ?? stdin.word.source}`);
      return;
    case 'runtime':
      context.failClosed(`text produced at run time piped into a ${kind}: fail closed`, originOf(call, stdin.trigger));
      return;
    case 'inherited':
      context.failClosed(`a ${kind} reading its program from stdin: fail closed`, originOf(call));
      return;
    default:
      return;
  }
}

/**
 * Inline interpreter code is not parsed (and never fails closed), but a URL in it means network
 * access, and shell command lines it hands to system()/exec() are analysed as scripts.
 */
export function checkInlineCode(code: string, call: CommandCall, context: AnalysisContext): void {
  context.noteEffect(`runs inline ${call.name} code`);
  const url = findUrl(code);
  if (url !== undefined) {
    context.noteEffect('network request');
    context.addFinding({ category: 'NETWORK_RISK', trigger: url, command: call.command, note: 'URL in inline code', details: [url, call.name, 'request from inline code'] });
  }
  for (const line of embeddedCommands(code, call.name)) {
    // a heuristic find: text that is not valid shell is left alone rather than failing closed
    const errors = parseShell(line).errors;
    if (errors === undefined || errors.length === 0) context.runScript(line, originOf(call));
  }
}

/** bash/sh/zsh...: `-c SCRIPT` is analysed, a script file is noted, stdin follows readCodeFromStdin. */
export function runShell(call: CommandCall, context: AnalysisContext): void {
  const options = readShellOptions(call);
  if (options.informational) return;
  const operand = call.words[options.next];
  if (options.commandString) {
    if (operand !== undefined) runScriptWord({ word: operand, what: 'shell script' }, call, context);
    return;
  }
  if (options.readsStdin || operand === undefined) {
    readCodeFromStdin(call, context, 'shell');
    return;
  }
  runScriptFile(call, context, { kind: 'shell', word: operand });
}

/** A script file given to a shell or interpreter: its content is not analysed (stdin and `<(...)` are). */
export function runScriptFile(call: CommandCall, context: AnalysisContext, file: { readonly kind: 'shell' | 'interpreter'; readonly word: ShellWord }): void {
  const { kind, word: operand } = file;
  if (operand.value === undefined && (operand.source.startsWith('<(') || operand.source.startsWith('>('))) {
    context.failClosed(`process substitution fed to a ${kind}: fail closed`, originOf(call, operand.source));
    return;
  }
  if (operand.value !== undefined && STDIN_PATHS.has(operand.value)) {
    readCodeFromStdin(call, context, kind);
    return;
  }
  recordPath({ context, command: call.command }, operand, 'read');
  context.noteUnanalysed(`${call.name} ${operand.value ?? operand.source}`);
  if (kind === 'shell') context.noteScriptRun(operand, 'shell');
}
