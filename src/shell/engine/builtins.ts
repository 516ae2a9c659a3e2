import type { AnalysisContext, FindingOrigin } from './analysisContext';
import { environmentCode, type EnvironmentCode } from './codeEnvironment';
import { isCodeVariable, isPromptVariable } from './codeVariables';
import { originOf, runScriptWord, type CommandCall } from './commandCall';
import { recordPath } from './dependencyFiles';
import { isOptionWord, optionValue, readLeadingOptions, valuedSet } from '../words/options';
import { STDIN_PATHS } from '../words/stdinSource';
import { holdsCodeText, staticWord, type ShellWord } from '../words/shellWord';
import { guardNameArguments } from './nameArguments';
import { joinWords } from '../words/wordLists';
import { FOLDER_BUILTINS } from './directoryScopes';
import { runFolderBuiltin } from './folderBuiltins';

const DECLARATIONS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
// builtins taking variable names: a name with a subscript (`a[$(cmd)]`) is evaluated as arithmetic
const NAME_BUILTINS: ReadonlySet<string> = new Set([
  'printf',
  'read',
  'unset',
  'mapfile',
  'readarray',
  'wait',
  'getopts',
  'test',
  '[',
  'let',
  ...DECLARATIONS,
]);
// declare -i: values assigned later are evaluated as arithmetic
const INTEGER_OPTION = /^-[a-zA-Z]*i/;

/**
 * An assignment `NAME=value` (prefix, export, env): a code-bearing variable's value is a script some
 * tool runs; a prompt string holding `$(...)` runs it when printed (PS4 under `set -x`).
 */
export function checkAssignment(
  assignment: { readonly name: string; readonly value: ShellWord },
  origin: FindingOrigin,
  context: AnalysisContext,
): void {
  const { name, value } = assignment;
  const families = context.catalog.code.environment;
  if (isCodeVariable(name, families)) {
    if (value.value === undefined)
      context.failClosed(`${name} set to a command built at run time: fail closed`, {
        ...origin,
        trigger: value.source,
      });
    else context.runScript(value.value, origin, 'deferred');
    return;
  }
  if (isPromptVariable(name) && (value.value === undefined || holdsCodeText(value.value))) {
    context.failClosed(`${name} prompt string can run commands: fail closed`, {
      ...origin,
      trigger: `${name}=${value.source}`,
    });
  }
  const code = environmentCode(name, value, families);
  if (code !== undefined) applyEnvironmentCode(code, { ...origin, trigger: `${name}=${value.source}` }, context);
}

/** A variable that chooses the code programs load: its files are listed to read, or the call fails closed. */
export function applyEnvironmentCode(code: EnvironmentCode, origin: FindingOrigin, context: AnalysisContext): void {
  if (code.problem !== undefined) context.failClosed(code.problem, origin);
  for (const run of code.runs) context.noteScriptRun(run.word, run.how, run.script, run.details);
}

/** Splits an evaluated `NAME=value` argument; the name is read from the source when the value is unknown. */
function splitAssignment(word: ShellWord): { name: string; value: ShellWord } | undefined {
  const text = word.value ?? word.source;
  const equals = text.indexOf('=');
  if (equals <= 0 || text.startsWith('-')) return undefined;
  const name = text.slice(0, text[equals - 1] === '+' ? equals - 1 : equals);
  if (word.value === undefined)
    return {
      name,
      value: { value: undefined, literal: undefined, source: word.source.slice(word.source.indexOf('=') + 1) },
    };
  return { name, value: staticWord(word.value.slice(equals + 1)) };
}

/** `let` and `declare -i` make later values arithmetic; names evaluated as code are checked in nameArguments.ts. */
function guardNames(call: CommandCall, context: AnalysisContext): void {
  const integerDeclaration =
    DECLARATIONS.has(call.name) && call.words.some((word) => INTEGER_OPTION.test(word.value ?? ''));
  if (call.name === 'let' || integerDeclaration) {
    const level = context.level;
    if (level !== undefined) level.arithmetic = true;
  }
  guardNameArguments(call, context);
}

function runSource(call: CommandCall, context: AnalysisContext): void {
  const operand = call.words.slice(1).find((word) => word.value !== '--');
  if (operand === undefined) return;
  if (operand.value === undefined && (operand.source.startsWith('<(') || operand.source.startsWith('>('))) {
    context.failClosed('process substitution sourced as a script: fail closed', originOf(call, operand.source));
    return;
  }
  if (operand.value !== undefined && STDIN_PATHS.has(operand.value)) {
    context.failClosed('source of stdin: fail closed', originOf(call, operand.source));
    return;
  }
  recordPath({ context, command: call.command }, operand, 'read');
  context.noteUnanalysed(`${call.name} ${operand.value ?? operand.source}`);
  context.noteScriptRun(operand, 'shell');
}

function runTrap(call: CommandCall, context: AnalysisContext): void {
  const parsed = readLeadingOptions(call.words, 1, valuedSet([]));
  const action = parsed.operands[0];
  // one operand resets that signal; '-' resets, '' ignores
  if (action === undefined || parsed.operands.length < 2 || action.value === '-' || action.value === '') return;
  runScriptWord({ word: action, what: 'trap action', placement: 'deferred' }, call, context);
}

function runAliases(call: CommandCall, context: AnalysisContext): void {
  for (const word of call.words.slice(1)) {
    if (isOptionWord(word)) continue;
    const assignment = splitAssignment(word);
    if (assignment === undefined) continue;
    // an alias named cd replaces the builtin once aliases are expanded
    if (FOLDER_BUILTINS.has(assignment.name) || word.value === undefined) context.flow.overridden = true;
    runScriptWord({ word: assignment.value, what: 'alias value', placement: 'deferred' }, call, context);
    if (assignment.value.value !== undefined) context.aliases.define(assignment.name, assignment.value.value);
  }
}

/**
 * Builtins that run code from their arguments: eval, source/., trap, alias, complete -C; and
 * declarations of code-bearing variables. Returns true when the builtin was handled here.
 */
export function runBuiltin(call: CommandCall, context: AnalysisContext): boolean {
  if (NAME_BUILTINS.has(call.name)) guardNames(call, context);
  if (runFolderBuiltin(call, context)) return true;
  switch (call.name) {
    case 'eval': {
      const words = call.words.slice(call.words[1]?.value === '--' ? 2 : 1);
      if (words.length > 0)
        runScriptWord({ word: joinWords(words), what: 'eval text', placement: 'inline' }, call, context);
      return true;
    }
    case 'source':
    case '.':
      runSource(call, context);
      return true;
    case 'trap':
      runTrap(call, context);
      return true;
    case 'alias':
      runAliases(call, context);
      return true;
    case 'compgen':
    case 'complete': {
      const script = optionValue(
        readLeadingOptions(call.words, 1, valuedSet(['-C', '-F', '-A', '-G', '-W', '-X', '-P', '-S', '-o'])),
        ['-C'],
      );
      if (script !== undefined)
        runScriptWord({ word: script, what: 'completion command', placement: 'deferred' }, call, context);
      return true;
    }
    default:
      break;
  }
  if (!DECLARATIONS.has(call.name)) return false;
  for (const word of call.words.slice(1)) {
    const assignment = isOptionWord(word) ? undefined : splitAssignment(word);
    if (assignment !== undefined) checkAssignment(assignment, originOf(call), context);
  }
  return true;
}
