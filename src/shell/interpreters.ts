import type { AnalysisContext } from './analysisContext';
import type { CommandCall } from './commandCall';
import { hasOption, optionValue, readLeadingOptions, valuedSet } from './options';
import { checkInlineCode, readCodeFromStdin, runScriptFile } from './shellRunners';
import { isPythonName } from './unwrapCommand';

/** How an interpreter's line reads: where inline code comes from, which options take values. */
interface InterpreterSpec {
  /** options whose value is inline code (`python -c`, `node -e`) */
  readonly code: readonly string[];
  readonly valued: readonly string[];
  /** options, or first operands (bun's subcommands), with which no program is read or run (`--version`) */
  readonly noProgram: readonly string[];
  /** the program is the first operand, not a file (awk) */
  readonly programOperand?: boolean;
  /** options whose value is the program file (`php -f`, `awk -f`) */
  readonly fileOptions?: readonly string[];
}

const PYTHON: InterpreterSpec = { code: ['-c'], valued: ['-c', '-m', '-X', '-W'], noProgram: ['-V', '--version', '-h', '--help'] };
const NODE: InterpreterSpec = {
  code: ['-e', '--eval', '-p', '--print'],
  valued: ['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--env-file', '--input-type', '--title'],
  noProgram: ['-v', '--version', '-h', '--help'],
};
const AWK: InterpreterSpec = {
  code: [],
  valued: ['-F', '-v', '-f', '--field-separator', '--assign', '--file', '-i', '--include', '-l', '--load', '-E', '--exec'],
  noProgram: ['--version', '-V'],
  programOperand: true,
  fileOptions: ['-f', '--file', '-E', '--exec'],
};

const INTERPRETERS: ReadonlyMap<string, InterpreterSpec> = new Map<string, InterpreterSpec>([
  ['node', NODE],
  ['nodejs', NODE],
  ['bun', { ...NODE, noProgram: [...NODE.noProgram, 'run', 'test', 'build', 'x', 'pm', 'install', 'i', 'add', 'a', 'remove', 'rm', 'update', 'link', 'unlink', 'init', 'create', 'upgrade', 'publish', 'outdated', 'patch', 'exec'] }],
  ['perl', { code: ['-e', '-E'], valued: ['-e', '-E', '-I', '-M', '-m'], noProgram: ['-v', '--version', '-h'] }],
  ['ruby', { code: ['-e'], valued: ['-e', '-I', '-r', '-C', '-E', '-F'], noProgram: ['-v', '--version', '-h', '--help'] }],
  ['php', { code: ['-r'], valued: ['-r', '-d', '-c', '-f', '-z', '-t', '-S'], noProgram: ['-v', '--version', '-h', '-i', '-m'], fileOptions: ['-f'] }],
  ['lua', { code: ['-e'], valued: ['-e', '-l'], noProgram: ['-v'] }],
  ['luajit', { code: ['-e'], valued: ['-e', '-l'], noProgram: ['-v'] }],
  ['Rscript', { code: ['-e'], valued: ['-e'], noProgram: ['--version'] }],
  ['osascript', { code: ['-e'], valued: ['-e', '-l'], noProgram: [] }],
  ...['awk', 'gawk', 'mawk', 'nawk'].map((name) => [name, AWK] as const),
]);

const VALUED = new Map([...INTERPRETERS.entries(), ['python', PYTHON] as const].map(([name, spec]) => [name, valuedSet(spec.valued)] as const));

function specFor(name: string): { spec: InterpreterSpec; key: string } | undefined {
  if (isPythonName(name)) return { spec: PYTHON, key: 'python' };
  const spec = INTERPRETERS.get(name);
  return spec === undefined ? undefined : { spec, key: name };
}

export function isInterpreter(name: string): boolean {
  return specFor(name) !== undefined || name === 'deno';
}

/** `deno eval CODE` is inline code; `deno run FILE|URL` runs a program (a URL is seen by the URL rule). */
function runDeno(call: CommandCall, context: AnalysisContext): void {
  const parsed = readLeadingOptions(call.words, 1, valuedSet([]));
  const verb = parsed.operands[0]?.value;
  if (verb === 'eval') {
    const code = readLeadingOptions(call.words, parsed.firstOperand + 1, valuedSet([])).operands[0];
    if (code?.value !== undefined) checkInlineCode(code.value, call, context);
    else context.noteEffect('runs inline deno code');
    return;
  }
  if (verb === 'run' || verb === 'test' || verb === 'task') context.noteUnanalysed(call.command.slice(0, 80));
}

/**
 * python/node/perl/ruby/php/awk...: inline code is not analysed beyond URLs (not fail-closed, per the
 * brief), a program file is noted, and a program read from stdin follows the shell's stdin rules.
 */
export function runInterpreter(call: CommandCall, context: AnalysisContext): void {
  if (call.name === 'deno') return runDeno(call, context);
  const found = specFor(call.name);
  if (found === undefined) return;
  const { spec, key } = found;
  const parsed = readLeadingOptions(call.words, 1, VALUED.get(key) ?? valuedSet(spec.valued));
  if (hasOption(parsed, spec.noProgram) || spec.noProgram.includes(parsed.operands[0]?.value ?? '')) return;
  const code = optionValue(parsed, spec.code);
  if (code !== undefined) {
    if (code.value === undefined) context.noteEffect(`runs inline ${call.name} code`);
    else checkInlineCode(code.value, call, context);
    return;
  }
  const module = key === 'python' ? optionValue(parsed, ['-m']) : undefined;
  if (module !== undefined) {
    context.noteUnanalysed(`${call.name} -m ${module.value ?? module.source}`);
    return;
  }
  const programFile = spec.fileOptions === undefined ? undefined : optionValue(parsed, spec.fileOptions);
  if (programFile !== undefined) {
    context.noteUnanalysed(`${call.name} ${programFile.value ?? programFile.source}`);
    return;
  }
  const first = parsed.operands[0];
  if (spec.programOperand === true) {
    if (first?.value !== undefined) checkInlineCode(first.value, call, context);
    return;
  }
  if (first === undefined) {
    readCodeFromStdin(call, context, 'interpreter');
    return;
  }
  runScriptFile(call, context, { kind: 'interpreter', word: first });
}
