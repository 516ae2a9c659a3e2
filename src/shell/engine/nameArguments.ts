import type { Assignment } from 'unbash';
import type { AnalysisContext } from './analysisContext';
import { originOf, runScriptWord, type CommandCall } from './commandCall';
import { isOptionWord, optionValue, readArguments, valuedSet } from '../words/options';
import { evaluateWord, holdsCodeText, type ShellWord } from '../words/shellWord';

const DECLARATIONS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
// a NAME=value or NAME[...]=value written with a literal name (its value may still be built at run time)
const LITERAL_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
const SUBSCRIPTED_NAME = /^[A-Za-z_][A-Za-z0-9_]*\[/;
const PLAIN_NUMBER = /^[0-9]+$/;

const READ_VALUED = valuedSet(['-a', '-d', '-i', '-n', '-N', '-p', '-t', '-u']);
const MAPFILE_VALUED = valuedSet(['-d', '-n', '-O', '-s', '-u', '-C', '-c']);
const UNSET_VALUED = valuedSet([]);
const WAIT_VALUED = valuedSet(['-p']);
const PRINTF_VALUED = valuedSet(['-v']);

const RUNTIME_NAME = 'a variable name built at run time can hold a[$(cmd)], which bash runs: fail closed';

function failOnRuntimeName(call: CommandCall, word: ShellWord | undefined, context: AnalysisContext): void {
  if (word !== undefined && word.value === undefined) context.failClosed(RUNTIME_NAME, originOf(call, word.source));
}

/** `declare "$x"`, `export $(...)`: a word whose name part is not literal; `-n` values are names too. */
function guardDeclaration(call: CommandCall, context: AnalysisContext): void {
  const nameref = call.words.some((word) => word.value !== undefined && /^-[a-zA-Z]*n/.test(word.value));
  for (const word of call.words.slice(1)) {
    if (word.value === undefined && !LITERAL_ASSIGNMENT.test(word.source))
      return failOnRuntimeName(call, word, context);
    if (!nameref || isOptionWord(word)) continue;
    const text = word.value ?? word.source;
    const target = text.includes('=') ? text.slice(text.indexOf('=') + 1) : '';
    if (word.value === undefined || holdsCodeText(target)) {
      context.failClosed(
        'a nameref to a name built at run time or holding code runs it when used: fail closed',
        originOf(call, word.source),
      );
      return;
    }
  }
}

/** `mapfile -C CALLBACK`: bash runs the callback as code every `-c` lines. */
function runMapfileCallback(call: CommandCall, context: AnalysisContext): void {
  const parsed = readArguments(call.words, 1, MAPFILE_VALUED);
  failOnRuntimeName(call, parsed.operands[0], context);
  const callback = optionValue(parsed, ['-C']);
  if (callback !== undefined)
    runScriptWord({ word: callback, what: 'mapfile callback', placement: 'deferred' }, call, context);
}

/** `test -v NAME` / `[ -v NAME ]` evaluate NAME's subscript. */
function guardTestNames(call: CommandCall, context: AnalysisContext): void {
  call.words.forEach((word, index) => {
    if (word.value === '-v') failOnRuntimeName(call, call.words[index + 1], context);
  });
}

/**
 * Builtins taking variable names: a literal name with a subscript holding code, or a name built at
 * run time (which can hold `a[$(cmd)]`), is evaluated by bash: fail closed.
 */
export function guardNameArguments(call: CommandCall, context: AnalysisContext): void {
  for (const word of call.words.slice(1)) {
    const value = word.value;
    if (value !== undefined && holdsCodeText(value) && (call.name === 'let' || SUBSCRIPTED_NAME.test(value))) {
      context.failClosed(
        'a variable name or arithmetic argument holds code bash evaluates: fail closed',
        originOf(call, word.source),
      );
      return;
    }
  }
  if (DECLARATIONS.has(call.name)) return guardDeclaration(call, context);
  switch (call.name) {
    case 'read': {
      const parsed = readArguments(call.words, 1, READ_VALUED);
      failOnRuntimeName(call, optionValue(parsed, ['-a']), context);
      for (const operand of parsed.operands) failOnRuntimeName(call, operand, context);
      return;
    }
    case 'printf':
      return failOnRuntimeName(call, optionValue(readArguments(call.words, 1, PRINTF_VALUED), ['-v']), context);
    case 'unset':
      for (const operand of readArguments(call.words, 1, UNSET_VALUED).operands)
        failOnRuntimeName(call, operand, context);
      return;
    case 'mapfile':
    case 'readarray':
      return runMapfileCallback(call, context);
    case 'wait':
      return failOnRuntimeName(call, optionValue(readArguments(call.words, 1, WAIT_VALUED), ['-p']), context);
    case 'getopts':
      return failOnRuntimeName(call, call.words[2], context);
    case 'test':
    case '[':
      return guardTestNames(call, context);
    default:
      return;
  }
}

function failOnCodeSubscript(source: string, context: AnalysisContext): void {
  context.failClosed('an array subscript holding code is evaluated by bash: fail closed', {
    trigger: source,
    command: source,
  });
}

/**
 * `a[SUB]=x` and `a=([SUB]=x)`: bash evaluates SUB as arithmetic, which runs `$(...)` held in it
 * even when quoted; a SUB built at run time marks the script level as arithmetic.
 */
export function guardSubscripts(assignment: Assignment, context: AnalysisContext): void {
  const level = context.level;
  if (assignment.index !== undefined) {
    const index = evaluateWord(assignment.index);
    if (index.value !== undefined && holdsCodeText(index.value)) return failOnCodeSubscript(assignment.text, context);
    if (level !== undefined && !PLAIN_NUMBER.test(index.value ?? '')) level.arithmetic = true;
  }
  if (assignment.value.type !== 'ArrayValue') return;
  for (const element of assignment.value.elements) {
    const value = evaluateWord(element).value;
    if (!(value ?? element.text).startsWith('[')) continue;
    if (value !== undefined && holdsCodeText(value.slice(0, value.indexOf(']=') + 1)))
      return failOnCodeSubscript(element.text, context);
    if (level !== undefined) level.arithmetic = true;
  }
}
