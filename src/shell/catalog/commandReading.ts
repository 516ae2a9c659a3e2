import type { ShellWord } from '../words/shellWord';
import type { CatalogNode } from './catalogNode';
import type { ArgumentRole, OperandSpec, RunRole } from './commandSpec';
import { RUN_ROLES } from './commandSpec';
import { isOptionText, readOptionWord, type OptionGrammar, type ReadOption } from './readOptions';

/** Where the command a program runs starts in its words, and how it runs. */
export interface RunStart {
  readonly role: RunRole;
  readonly index: number;
}

/**
 * One simple command read once against the catalog: its program (and subcommands), its options
 * with how the program reads them, its operands with their roles, and where a command it runs
 * starts. Every rule and reader works from this value.
 */
export interface CommandReading {
  /** the basename of the first word */
  readonly name: string;
  readonly words: readonly ShellWord[];
  /** the evaluated words joined by spaces: the `command` of findings */
  readonly command: string;
  /** the deepest program or subcommand reached; undefined when the catalog does not know the program */
  readonly node: CatalogNode | undefined;
  /** the subcommand words read, in order (`stash`, `drop` of `git stash drop`) */
  readonly subcommands: readonly ShellWord[];
  /** the index just after each subcommand word */
  readonly subcommandEnds: readonly number[];
  /** index of the first word after the program and its subcommands */
  readonly next: number;
  readonly options: readonly ReadOption[];
  /** the operands before any command the program runs */
  readonly operands: readonly ShellWord[];
  /** each operand's role, in the same order */
  readonly roles: readonly ArgumentRole[];
  readonly runs: RunStart | undefined;
  /** the operand roles that applied (after the options' overrides) */
  readonly operandSpec: OperandSpec | undefined;
  /** a subcommand word built at run time */
  readonly runtimeSubcommand: ShellWord | undefined;
  /** the first word where the catalog knows no subcommand of a program that has them (at `next`) */
  readonly unknownSubcommand?: ShellWord | undefined;
  /** the options given that the catalog does not know */
  readonly unknownOptions: readonly string[];
  /** why the catalog's knowledge does not cover this line: the program, a subcommand or an option is not known */
  readonly unknown: string | undefined;
}

const RUN_ROLE_NAMES: ReadonlySet<string> = new Set(RUN_ROLES);
const TRUSTED_ROLES: ReadonlySet<ArgumentRole> = new Set(['write', 'overwrite', 'delete', 'script', 'code', 'user']);

function grammarOf(node: CatalogNode): OptionGrammar {
  return node.grammar;
}

const NO_GRAMMAR: OptionGrammar = {
  options: new Map(),
  numericOptions: false,
  plusOptions: false,
  unknownOptions: undefined,
  optionsEnd: new Set(),
};

interface Reading {
  readonly options: ReadOption[];
  readonly operands: ShellWord[];
  /** roles given while reading (leading operands of a wrapper); the rest are assigned at the end */
  readonly fixedRoles: ArgumentRole[];
  /** where a command an option names starts (`fd -x CMD`) */
  commandAt: number | undefined;
}

/** Whether options just read end the option list: a command option, or one of the grammar's last options. */
function endsOptions(read: readonly ReadOption[], grammar: OptionGrammar): 'command' | 'lastOption' | undefined {
  if (read.some((option) => option.kind === 'command')) return 'command';
  return read.some((option) => grammar.optionsEnd.has(option.name)) ? 'lastOption' : undefined;
}

/**
 * Why a program's leading options ended: at its first operand (or the end of the line), at a
 * `--`, at an option whose command follows it (`fd -x CMD`), or at one of the grammar's last options.
 */
export type LeadingOptionsEnd = 'operand' | 'dashDash' | 'command' | 'lastOption';

/** The options read before a program's first operand, and where that operand is. */
export interface LeadingSpecOptions {
  readonly options: readonly ReadOption[];
  /** index of the first word after the options (and after a `--` that ended them) */
  readonly next: number;
  readonly end: LeadingOptionsEnd;
}

/**
 * Reads options from `start` until the first operand, a `--`, or an option that ends them, with a
 * spec's option grammar: the catalog reads a wrapper's own line so, and a family's reader reads
 * so the parts of a line the catalog does not reach (each of tmux's commands).
 */
export function readLeadingSpecOptions(
  words: readonly ShellWord[],
  start: number,
  grammar: OptionGrammar,
): LeadingSpecOptions {
  const options: ReadOption[] = [];
  let index = start;
  while (index < words.length) {
    const text = words[index]?.value ?? words[index]?.literal;
    if (text === '--') return { options, next: index + 1, end: 'dashDash' };
    if (!isOptionText(text, grammar)) break;
    const read = readOptionWord(words, index, grammar);
    options.push(...read.options);
    index += read.used;
    const end = endsOptions(read.options, grammar);
    if (end !== undefined) return { options, next: Math.min(index, words.length), end };
  }
  return { options, next: Math.min(index, words.length), end: 'operand' };
}

/** Reads options until the first operand; returns where it is and whether `--` or an option ended the options. */
function readLeading(
  words: readonly ShellWord[],
  start: number,
  grammar: OptionGrammar,
  reading: Reading,
): { index: number; ended: boolean } {
  const read = readLeadingSpecOptions(words, start, grammar);
  reading.options.push(...read.options);
  if (read.end === 'command') reading.commandAt = read.next;
  return { index: read.next, ended: read.end !== 'operand' };
}

/** Reads options anywhere on the line (GNU argument permutation); `--` ends them. */
function readPermuted(words: readonly ShellWord[], start: number, grammar: OptionGrammar, reading: Reading): void {
  let index = start;
  while (index < words.length) {
    const word = words[index];
    if (word === undefined) break;
    const text = word.value ?? word.literal;
    if (text === '--') {
      // a loop, not push(...spread): spreading a huge argument list overflows the stack
      for (let rest = index + 1; rest < words.length; rest++) {
        const operand = words[rest];
        if (operand !== undefined) reading.operands.push(operand);
      }
      return;
    }
    if (!isOptionText(text, grammar)) {
      reading.operands.push(word);
      index++;
      continue;
    }
    const read = readOptionWord(words, index, grammar);
    reading.options.push(...read.options);
    index += read.used;
    const end = endsOptions(read.options, grammar);
    if (end === 'command') {
      reading.commandAt = index;
      return;
    }
    if (end === 'lastOption') {
      for (let rest = index; rest < words.length; rest++) {
        const operand = words[rest];
        if (operand !== undefined) reading.operands.push(operand);
      }
      return;
    }
  }
}

function given(options: readonly ReadOption[], names: readonly string[] | ReadonlySet<string> | undefined): boolean {
  if (names === undefined || options.length === 0) return false;
  // a list names a few options: searched as it is, not made into a set on every command
  if (!(names instanceof Set)) return options.some((option) => (names as readonly string[]).includes(option.name));
  return options.some((option) => names.has(option.name));
}

/** The operand roles in force: the first override whose option is given, else the node's own. */
function operandSpecOf(node: CatalogNode, options: readonly ReadOption[]): OperandSpec | undefined {
  for (const override of node.overrides) if (given(options, override.options)) return override.operands;
  return node.operands;
}

function runRoleOf(spec: OperandSpec | undefined): RunRole | undefined {
  const role = spec === undefined ? undefined : typeof spec === 'string' ? spec : spec.rest;
  return role !== undefined && RUN_ROLE_NAMES.has(role) ? (role as RunRole) : undefined;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// `host:path`, `user@host:path`, `rsync://host/m`: a colon before any slash
const REMOTE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|[^/:]+:)/;

/** Roles of the operands read in permuted order: leading ones, the rest, and a last one. */
function assignRoles(
  spec: OperandSpec | undefined,
  operands: readonly ShellWord[],
  options: readonly ReadOption[],
): ArgumentRole[] {
  if (spec === undefined) return operands.map(() => 'unknown');
  if (typeof spec === 'string')
    return operands.map(() => (RUN_ROLE_NAMES.has(spec) ? 'unknown' : (spec as ArgumentRole)));
  const leading = given(options, spec.leadingUnless) ? [] : (spec.leading ?? []);
  const rest = spec.rest === undefined || RUN_ROLE_NAMES.has(spec.rest) ? 'unknown' : (spec.rest as ArgumentRole);
  const roles = operands.map((word, index): ArgumentRole => {
    if (spec.assignments === true && ASSIGNMENT.test(word.value ?? word.source)) return 'data';
    if (spec.remote === true && REMOTE.test(word.value ?? word.source)) return 'data';
    return leading[index] ?? rest;
  });
  const restCount = operands.length - leading.length;
  const last = operands[operands.length - 1];
  const remoteLast = spec.remote === true && last !== undefined && REMOTE.test(last.value ?? last.source);
  if (spec.last !== undefined && restCount >= 2 && !remoteLast && !given(options, spec.lastUnless))
    roles[roles.length - 1] = spec.last;
  return roles;
}

/** Reads the arguments of the program or subcommand reached, starting at `start`. */
function readArguments(
  node: CatalogNode,
  words: readonly ShellWord[],
  start: number,
  reading: Reading,
): { spec: OperandSpec | undefined; runs: RunStart | undefined } {
  const grammar = grammarOf(node);
  if (!node.runsCommand) {
    readPermuted(words, start, grammar, reading);
    return { spec: operandSpecOf(node, reading.options), runs: undefined };
  }
  // a wrapper: its options end at the first operand, and the command's own options stay with it
  let { index, ended } = readLeading(words, start, grammar, reading);
  const spec = operandSpecOf(node, reading.options);
  // an option said where the command starts
  if (reading.commandAt !== undefined) return { spec, runs: undefined };
  const role = runRoleOf(spec);
  if (role === undefined) {
    // past the options' end (`--`, `java -jar FILE`) every word is an operand
    if (ended) for (let rest = index; rest < words.length; rest++) reading.operands.push(words[rest] as ShellWord);
    else readPermuted(words, index, grammar, reading);
    return { spec, runs: undefined };
  }
  const leading = typeof spec === 'object' && !given(reading.options, spec.leadingUnless) ? (spec.leading ?? []) : [];
  for (const leadingRole of leading) {
    const word = words[index];
    if (word === undefined) break;
    reading.operands.push(word);
    reading.fixedRoles.push(leadingRole);
    index++;
  }
  if (!ended && typeof spec === 'object' && spec.optionsAfterLeading === true)
    ({ index, ended } = readLeading(words, index, grammar, reading));
  // `kubectl exec POD -- CMD`: a `--` between the leading operands and the command ends them
  if (!ended && words[index]?.value === '--') index++;
  return { spec, runs: index < words.length ? { role, index } : undefined };
}

function unknownOptionsOf(options: readonly ReadOption[]): string[] {
  const names: string[] = [];
  for (const option of options) if (option.kind === undefined && !names.includes(option.name)) names.push(option.name);
  return names;
}

/** Roles a reading the catalog does not fully cover gives: reads and data become possible writes. */
function distrusted(roles: readonly ArgumentRole[]): ArgumentRole[] {
  return roles.map((role) => (TRUSTED_ROLES.has(role) ? role : 'unknown'));
}

/**
 * A command whose program the catalog does not know: every operand is a possible write, and
 * what follows a `--` is read as a command it may run (`aws-vault exec prod -- git push`).
 */
export function unknownReading(
  words: readonly ShellWord[],
  command: string,
  name: string,
  why: string,
): CommandReading {
  const reading: Reading = { options: [], operands: [], fixedRoles: [], commandAt: undefined };
  const dash = words.findIndex((word, index) => index > 0 && word.value === '--');
  const own = dash === -1 ? words : words.slice(0, dash);
  readPermuted(own, 1, NO_GRAMMAR, reading);
  return {
    name,
    words,
    command,
    node: undefined,
    subcommands: [],
    subcommandEnds: [],
    next: 1,
    options: reading.options,
    operands: reading.operands,
    roles: reading.operands.map(() => 'unknown'),
    runs: dash !== -1 && dash + 1 < words.length ? { role: 'command', index: dash + 1 } : undefined,
    operandSpec: undefined,
    runtimeSubcommand: undefined,
    unknownOptions: unknownOptionsOf(reading.options),
    unknown: why,
  };
}

/** A program and the subcommands read, as the catalog's messages name them (`git stash`). */
export function programLabel(name: string, subcommands: readonly ShellWord[]): string {
  return [name, ...subcommands.map((word) => word.value ?? word.source)].join(' ');
}

// a word `anySubcommand` may take: a command group or action (`s3api`, `get-object`, `apps:info`)
const SUBCOMMAND_NAME = /^[A-Za-z0-9][\w:-]*$/;

/**
 * Reads one simple command against the catalog: the program by its name, then subcommands
 * while the level has them (options before each), then the arguments of the level reached.
 */
export function readCommand(
  words: readonly ShellWord[],
  command: string,
  name: string,
  // only the lookup: the reading knows nothing else of the catalog, whose code reads readings
  catalog: { lookup(name: string): CatalogNode | undefined },
): CommandReading {
  const program = catalog.lookup(name);
  if (program === undefined) return unknownReading(words, command, name, `'${name}' is not in the command catalog`);
  const reading: Reading = { options: [], operands: [], fixedRoles: [], commandAt: undefined };
  const subcommands: ShellWord[] = [];
  const subcommandEnds: number[] = [];
  let node = program;
  let index = 1;
  let runtimeSubcommand: ShellWord | undefined;
  let unknownSubcommand: ShellWord | undefined;
  while (node.subcommands !== undefined || node.otherSubcommand !== undefined || node.anySubcommand !== undefined) {
    const leading = readLeading(words, index, grammarOf(node), reading);
    index = leading.index;
    const word = words[index];
    if (word === undefined || leading.ended) break;
    if (word.value === undefined) {
      runtimeSubcommand = word;
      break;
    }
    // any other word names a subcommand only when it reads as a name: a path or a value is an operand
    const child =
      node.subcommands?.get(word.value) ?? (SUBCOMMAND_NAME.test(word.value) ? node.anySubcommand : undefined);
    if (child === undefined) {
      // any other first operand: the word is the other level's first operand (`yarn build`, `bun x.ts`)
      if (node.otherSubcommand !== undefined) node = node.otherSubcommand;
      else unknownSubcommand = word;
      break;
    }
    subcommands.push(word);
    index++;
    subcommandEnds.push(index);
    node = child;
  }
  const stopped = runtimeSubcommand !== undefined || unknownSubcommand !== undefined;
  const read = stopped ? { spec: undefined, runs: undefined } : readArguments(node, words, index, reading);
  if (stopped) readPermuted(words, index, grammarOf(node), reading);
  const spec = read.spec;
  const commandAt = reading.commandAt;
  const runs =
    commandAt !== undefined && commandAt < words.length ? { role: 'command' as const, index: commandAt } : read.runs;
  const assigned =
    reading.fixedRoles.length === 0
      ? assignRoles(spec, reading.operands, reading.options)
      : [
          ...reading.fixedRoles,
          ...assignRoles(spec, reading.operands.slice(reading.fixedRoles.length), reading.options),
        ];
  const unknownOptions = unknownOptionsOf(reading.options);
  const unknown =
    unknownSubcommand !== undefined
      ? `'${programLabel(name, subcommands)} ${unknownSubcommand.value ?? unknownSubcommand.source}' is not a subcommand the command catalog knows`
      : unknownOptions.length > 0
        ? `${unknownOptions.length === 1 ? 'option' : 'options'} ` +
          `${unknownOptions.map((option) => `'${option}'`).join(', ')} of ` +
          `'${programLabel(name, subcommands)}' ${unknownOptions.length === 1 ? 'is' : 'are'} not in the command catalog`
        : undefined;
  return {
    name,
    words,
    command,
    node,
    subcommands,
    subcommandEnds,
    next: index,
    options: reading.options,
    operands: reading.operands,
    roles: unknown === undefined ? assigned : distrusted(assigned),
    runs,
    operandSpec: spec,
    runtimeSubcommand,
    unknownSubcommand,
    unknownOptions,
    unknown,
  };
}
