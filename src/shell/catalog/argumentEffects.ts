import { lastAnswerOf } from '../words/lastAnswer';
import { staticWord, type ShellWord } from '../words/shellWord';
import { joinWords } from '../words/wordLists';
import type { CommandEffects } from './commandEffects';
import { programLabel, type CommandReading } from './commandReading';
import type { ArgumentRole, OperandSpec } from './commandSpec';
import type { ReadOption } from './readOptions';

/** Why an argument of this reading counts as a possible write. */
export function distrustReason(reading: CommandReading): string {
  return reading.unknown ?? `'${reading.name}' hands it to code intentgate does not analyse`;
}

/** A possible write: an argument handed to code the catalog does not know. A URL or stdin names no local file. */
export function possibleWrite(effects: CommandEffects, word: ShellWord, why: string): void {
  const text = word.value ?? word.literal ?? word.source;
  if (text === '' || text === '-' || text.includes('://')) return;
  effects.paths.push({ word, role: 'overwrite', assumed: why });
}

function isAnchored(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~');
}

/** The folder `-C`-like options move a program to, '' for none; undefined when one is built at run time. */
function programFolderOf(reading: CommandReading): string | undefined {
  let base = '';
  for (const option of reading.options) {
    if (option.kind !== 'cwd') continue;
    const value = option.value?.value;
    if (value === undefined) return undefined;
    base = isAnchored(value) || base === '' ? value : `${base.replace(/\/+$/, '')}/${value}`;
  }
  return base;
}

// worked out once for the reading asked last: a line may hold many options and many operands
const programFolder = lastAnswerOf(programFolderOf);

/**
 * A relative path as seen from where the command line runs, when an option moves the program
 * to another folder first (`git -C docs rm a.md` deletes docs/a.md); unknown when that folder is.
 */
export function fromProgramFolder(word: ShellWord, reading: CommandReading): ShellWord {
  if (reading.node?.movesFolder !== true || word.value === undefined || isAnchored(word.value)) return word;
  const folder = programFolder(reading);
  if (folder === '') return word;
  if (folder === undefined) return { value: undefined, literal: undefined, source: word.source };
  const value = `${folder.replace(/\/+$/, '')}/${word.value}`;
  return { value, literal: value, source: word.source };
}

/** One argument as argumentEffect reads it: an option's value names the option, an operand may name what its code is. */
interface ArgumentUse {
  readonly word: ShellWord;
  readonly role: ArgumentRole | 'program';
  /** the option whose value it is */
  readonly option?: string;
  /** what its code is, when it is code; '<program> script' for an operand */
  readonly what?: string;
}

/** What an argument's code is, for the fail-closed reason; built only for code, as most arguments are none. */
function scriptLabel(reading: CommandReading, use: ArgumentUse): string {
  if (use.option !== undefined) return `${programLabel(reading.name, reading.subcommands)} ${use.option} command`;
  return use.what ?? `${reading.name} script`;
}

/** One argument (an option's value or an operand) as effects, by its role. */
export function argumentEffect(effects: CommandEffects, reading: CommandReading, use: ArgumentUse): void {
  const { word, role } = use;
  switch (role) {
    case 'read':
    case 'write':
    case 'overwrite':
    case 'delete':
      // '-' is stdin or stdout (`wget -O-`, `curl -o -`), not a file
      if (word.value !== '-') effects.paths.push({ word: fromProgramFolder(word, reading), role });
      return;
    case 'unknown':
      possibleWrite(effects, fromProgramFolder(word, reading), distrustReason(reading));
      return;
    case 'script':
      effects.scripts.push({ word, what: scriptLabel(reading, use) });
      return;
    case 'code':
      // code built at run time may start any process: it fails closed, as a command built at run time does
      if (word.value === undefined)
        effects.problems.push({
          reason: `inline ${reading.name} code built at run time: fail closed; give the code as a literal`,
          trigger: word.source,
        });
      else effects.inlineCode.push(word.value);
      return;
    case 'program':
      effects.paths.push({ word: fromProgramFolder(word, reading), role: 'read' });
      effects.unanalysed.push(`${reading.name} ${word.value ?? word.source}`);
      return;
    case 'user':
      effects.users.push(word.value ?? word.source);
      return;
    default:
      return;
  }
}

// an unlisted option of a program whose options take data values, named as one that takes a file or folder (`--out-file`, `--destination`)
const FILE_OPTION_NAME = /file|out|dest|dir|path|save|dump|export|download/i;

/** The options' values as effects; the value of an option the catalog does not know may be a file it writes. */
export function optionEffects(
  effects: CommandEffects,
  reading: CommandReading,
  options: readonly ReadOption[] = reading.options,
): void {
  if (options.length === 0) return;
  for (const option of options) {
    if (option.unlisted === true && option.value !== undefined && FILE_OPTION_NAME.test(option.name)) {
      possibleWrite(
        effects,
        option.value,
        `option '${option.name}' of '${programLabel(reading.name, reading.subcommands)}' is not in the command catalog`,
      );
      continue;
    }
    if (
      option.value === undefined ||
      option.kind === 'flag' ||
      option.kind === 'optional' ||
      option.kind === 'data' ||
      option.kind === 'command'
    )
      continue;
    if (option.kind === 'cwd') {
      if (option.value.value !== undefined) effects.paths.push({ word: option.value, role: 'read' });
      continue;
    }
    const role = option.kind === undefined ? 'unknown' : option.kind === 'optionalWrite' ? 'overwrite' : option.kind;
    argumentEffect(effects, reading, { word: option.value, role, option: option.name });
  }
}

/** The role an operand at `position` has under a spec, before any distrust. */
function roleAt(spec: OperandSpec | undefined, position: number): ArgumentRole {
  if (spec === undefined) return 'unknown';
  if (typeof spec === 'string') return spec === 'command' || spec === 'shell' || spec === 'program' ? 'unknown' : spec;
  const role = spec.leading?.[position] ?? spec.rest ?? 'unknown';
  return role === 'command' || role === 'shell' || role === 'program' ? 'unknown' : role;
}

/**
 * The operands as effects by their roles; operands the spec assumes when fewer are given
 * (`git clean -f` cleans '.', `split FILE` writes x...) by their position.
 */
export function operandEffects(effects: CommandEffects, reading: CommandReading): void {
  reading.operands.forEach((word, index) =>
    argumentEffect(effects, reading, { word, role: reading.roles[index] ?? 'unknown' }),
  );
  if (reading.runs !== undefined) return;
  const spec = reading.operandSpec;
  if (typeof spec !== 'object') return;
  const given = reading.operands.length;
  (spec.assumed ?? []).slice(given).forEach((path, index) => {
    const role = roleAt(spec, given + index);
    argumentEffect(effects, reading, {
      word: staticWord(path),
      role: reading.unknown !== undefined && (role === 'read' || role === 'data') ? 'unknown' : role,
      what: reading.name,
    });
  });
  if (given === 0 && spec.shellWhenEmpty === true) effects.commands.push({ words: [staticWord('sh')], stdin: 'pass' });
}

/** What runs from the words after a wrapper's own: a command, a shell line, or a program file with its arguments. */
export function runEffects(effects: CommandEffects, reading: CommandReading): void {
  const runs = reading.runs;
  if (runs === undefined) return;
  const words = reading.words.slice(runs.index);
  if (runs.role === 'command') {
    effects.commands.push({ words, stdin: 'pass' });
    return;
  }
  if (runs.role === 'shell') {
    effects.scripts.push({ word: joinWords(words), what: `${reading.name} command` });
    return;
  }
  const program = words[0];
  if (program !== undefined) argumentEffect(effects, reading, { word: program, role: 'program', what: reading.name });
  effects.commands.push({ words, stdin: 'pass', programFile: true });
}
