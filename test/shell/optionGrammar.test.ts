import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/shell/catalog/catalog';
import { readCommand } from '../../src/shell/catalog/commandReading';
import type { CommandSpec, OptionKind } from '../../src/shell/catalog/commandSpec';
import { readOptionWord } from '../../src/shell/catalog/readOptions';
import { isOptionText, type OptionSyntax } from '../../src/shell/words/optionGrammar';
import { isOptionWord, readArguments, readLeadingOptions, valuedSet } from '../../src/shell/words/options';
import { staticWord, type ShellWord } from '../../src/shell/words/shellWord';

// The one option grammar, read two ways: as getopt reads a wrapper's or builtin's line (valued
// options take a value, every other letter is a flag), and as the catalog reads a spec'd
// program (each option's kind, an unknown letter taking the rest of its word, and the spec's
// numeric, plus and unknown-option settings).

/** A word as the shell evaluates it; `glob:` marks an unquoted glob, whose text is all that is known. */
function word(text: string): ShellWord {
  if (!text.startsWith('glob:')) return staticWord(text);
  const literal = text.slice('glob:'.length);
  return { value: undefined, literal, source: literal };
}

/** A value as a case writes it: a glob keeps its text, marked. */
function valueText(value: ShellWord | undefined): string {
  if (value === undefined) return '';
  return value.value === undefined ? `=glob:${value.literal ?? '?'}` : `=${value.value}`;
}

interface GrammarCase {
  readonly name: string;
  /** the words after the program's name */
  readonly line: readonly string[];
  /** the spec's options; the getopt reading takes the ones whose kind takes a value as valued */
  readonly options: Readonly<Record<string, OptionKind>>;
  readonly spec?: Pick<CommandSpec, 'numericOptions' | 'plusOptions' | 'unknownOptions'>;
  /** options as `name=value`, then the operands, as getopt reads the line */
  readonly getopt: { readonly options: readonly string[]; readonly operands: readonly string[] };
  /** options as `name=value:kind` (`?` for an option the spec does not know), then the operands */
  readonly catalog: { readonly options: readonly string[]; readonly operands: readonly string[] };
}

const VALUED_KINDS: ReadonlySet<OptionKind> = new Set(['read', 'write', 'data', 'program', 'cwd', 'user']);

function getoptReading(test: GrammarCase) {
  const valued = Object.entries(test.options).flatMap(([name, kind]) => (VALUED_KINDS.has(kind) ? [name] : []));
  const parsed = readArguments(['prog', ...test.line].map(word), 1, valuedSet(valued));
  return {
    options: parsed.options.map((option) => `${option.name}${valueText(option.value)}`),
    operands: parsed.operands.map((operand) => operand.value ?? `glob:${operand.literal ?? '?'}`),
  };
}

function catalogReading(test: GrammarCase) {
  const catalog = createCatalog([{ prog: { ...test.spec, options: { ...test.options }, operands: 'data' } }]);
  const words = ['prog', ...test.line].map(word);
  const reading = readCommand(words, ['prog', ...test.line].join(' '), 'prog', catalog);
  return {
    options: reading.options.map((option) => `${option.name}${valueText(option.value)}:${option.kind ?? '?'}`),
    operands: reading.operands.map((operand) => operand.value ?? `glob:${operand.literal ?? '?'}`),
  };
}

const CASES: readonly GrammarCase[] = [
  {
    name: 'matches a whole word first: a single-dash long option is not a cluster',
    line: ['-exec', 'x', 'f'],
    options: { '-exec': 'data', '-e': 'flag' },
    getopt: { options: ['-exec=x'], operands: ['f'] },
    catalog: { options: ['-exec=x:data'], operands: ['f'] },
  },
  {
    name: 'splits --name=value',
    line: ['--output=out', 'f'],
    options: { '--output': 'write' },
    getopt: { options: ['--output=out'], operands: ['f'] },
    catalog: { options: ['--output=out:write'], operands: ['f'] },
  },
  {
    name: 'attaches a value to an unlisted --name=value',
    line: ['--color=never', 'f'],
    options: {},
    getopt: { options: ['--color=never'], operands: ['f'] },
    catalog: { options: ['--color=never:?'], operands: ['f'] },
  },
  {
    name: 'takes the next word as the value of --name',
    line: ['--output', 'out', 'f'],
    options: { '--output': 'write' },
    getopt: { options: ['--output=out'], operands: ['f'] },
    catalog: { options: ['--output=out:write'], operands: ['f'] },
  },
  {
    name: 'reads a cluster whose last letter takes the next word',
    line: ['-vo', 'out', 'f'],
    options: { '-v': 'flag', '-o': 'write' },
    getopt: { options: ['-v', '-o=out'], operands: ['f'] },
    catalog: { options: ['-v:flag', '-o=out:write'], operands: ['f'] },
  },
  {
    name: 'takes the rest of the word as an attached value',
    line: ['-voout', 'f'],
    options: { '-v': 'flag', '-o': 'write' },
    getopt: { options: ['-v', '-o=out'], operands: ['f'] },
    catalog: { options: ['-v:flag', '-o=out:write'], operands: ['f'] },
  },
  {
    name: 'attaches the value of a listed single-dash long option after =',
    line: ['-coverprofile=c.out', 'f'],
    options: { '-coverprofile': 'write' },
    getopt: { options: ['-coverprofile=c.out'], operands: ['f'] },
    catalog: { options: ['-coverprofile=c.out:write'], operands: ['f'] },
  },
  {
    name: 'gives an optional value only when attached',
    line: ['-cauto', '--color', 'f'],
    options: { '-c': 'optional', '--color': 'optional' },
    getopt: { options: ['-c', '-a', '-u', '-t', '-o', '--color'], operands: ['f'] },
    catalog: { options: ['-c=auto:optional', '--color:optional'], operands: ['f'] },
  },
  {
    name: 'ends the options at --',
    line: ['-v', '--', '-o', 'x'],
    options: { '-v': 'flag', '-o': 'write' },
    getopt: { options: ['-v'], operands: ['-o', 'x'] },
    catalog: { options: ['-v:flag'], operands: ['-o', 'x'] },
  },
  {
    name: 'reads options anywhere on the line',
    line: ['a', '-v', 'b'],
    options: { '-v': 'flag' },
    getopt: { options: ['-v'], operands: ['a', 'b'] },
    catalog: { options: ['-v:flag'], operands: ['a', 'b'] },
  },
  {
    name: 'reads -20 whole where the grammar has numeric options',
    line: ['-20', 'f'],
    options: {},
    spec: { numericOptions: true },
    getopt: { options: ['-2', '-0'], operands: ['f'] },
    catalog: { options: ['-20:flag'], operands: ['f'] },
  },
  {
    name: 'reads +x whole where the grammar has plus options',
    line: ['+nightly', 'f'],
    options: {},
    spec: { plusOptions: true },
    getopt: { options: [], operands: ['+nightly', 'f'] },
    catalog: { options: ['+nightly:flag'], operands: ['f'] },
  },
  {
    name: 'reads +x as an operand where the grammar has no plus options',
    line: ['+nightly', 'f'],
    options: {},
    getopt: { options: [], operands: ['+nightly', 'f'] },
    catalog: { options: [], operands: ['+nightly', 'f'] },
  },
  {
    name: 'gives an unlisted long option a data value where unknown options are data',
    line: ['--region', 'us-east-1', 'f'],
    options: {},
    spec: { unknownOptions: 'data' },
    getopt: { options: ['--region'], operands: ['us-east-1', 'f'] },
    catalog: { options: ['--region=us-east-1:data'], operands: ['f'] },
  },
  {
    name: 'reads an unlisted long option before another option as a flag where unknown options are data',
    line: ['--dry-run', '-v', 'f'],
    options: { '-v': 'flag' },
    spec: { unknownOptions: 'data' },
    getopt: { options: ['--dry-run', '-v'], operands: ['f'] },
    catalog: { options: ['--dry-run:flag', '-v:flag'], operands: ['f'] },
  },
  {
    name: 'reads a word of unlisted options as an operand where unknown options are operands',
    line: ['-n', '-x', '-nx', 'f'],
    options: { '-n': 'flag' },
    spec: { unknownOptions: 'operand' },
    getopt: { options: ['-n', '-x', '-n', '-x'], operands: ['f'] },
    catalog: { options: ['-n:flag'], operands: ['-x', '-nx', 'f'] },
  },
  {
    name: 'reads an unknown short letter as a flag in getopt and as taking the rest of the word in the catalog',
    line: ['-vqfile', 'f'],
    options: { '-v': 'flag' },
    getopt: { options: ['-v', '-q', '-f', '-i', '-l', '-e'], operands: ['f'] },
    catalog: { options: ['-v:flag', '-q=file:?'], operands: ['f'] },
  },
  {
    name: 'reads an unknown short letter at the end of a word with no value',
    line: ['-vq', 'f'],
    options: { '-v': 'flag' },
    getopt: { options: ['-v', '-q'], operands: ['f'] },
    catalog: { options: ['-v:flag', '-q:?'], operands: ['f'] },
  },
  {
    name: 'keeps the literal text of a glob value after =',
    line: ['glob:--include=*.ts', 'f'],
    options: { '--include': 'data' },
    getopt: { options: ['--include=glob:*.ts'], operands: ['f'] },
    catalog: { options: ['--include=glob:*.ts:data'], operands: ['f'] },
  },
  {
    name: 'keeps the literal text of a glob value attached to a letter',
    line: ['glob:-o*.txt', 'f'],
    options: { '-o': 'write' },
    getopt: { options: ['-o=glob:*.txt'], operands: ['f'] },
    catalog: { options: ['-o=glob:*.txt:write'], operands: ['f'] },
  },
  {
    name: 'keeps a glob operand a glob',
    line: ['glob:*.ts', '-v'],
    options: { '-v': 'flag' },
    getopt: { options: ['-v'], operands: ['glob:*.ts'] },
    catalog: { options: ['-v:flag'], operands: ['glob:*.ts'] },
  },
];

describe('one option grammar', () => {
  it.each(CASES)('getopt $name', (test) => {
    expect(getoptReading(test)).toEqual(test.getopt);
  });

  it.each(CASES)('catalog $name', (test) => {
    expect(catalogReading(test)).toEqual(test.catalog);
  });

  it('reads an option word and its value as used words', () => {
    const grammar = {
      options: new Map<string, OptionKind>([
        ['-o', 'write'],
        ['-v', 'flag'],
      ]),
      numericOptions: false,
      plusOptions: false,
      unknownOptions: undefined,
      optionsEnd: new Set<string>(),
    };
    const words = ['-vo', 'out', 'f'].map(word);
    expect(readOptionWord(words, 0, grammar)).toEqual({
      options: [
        { name: '-v', value: undefined, kind: 'flag' },
        { name: '-o', value: words[1], kind: 'write' },
      ],
      used: 2,
    });
  });

  it.each([
    { name: 'given alone', line: ['-v', '-x', 'rm', '-rf', '/'] },
    { name: 'last in a cluster', line: ['-vx', 'rm', '-rf', '/'] },
  ])('catalog starts the command of a command option at the next word, $name', ({ line }) => {
    const catalog = createCatalog([{ prog: { options: { '-v': 'flag', '-x': 'command' }, operands: 'data' } }]);
    const words = ['prog', ...line].map(word);
    const reading = readCommand(words, ['prog', ...line].join(' '), 'prog', catalog);
    expect(words.slice(reading.runs?.index ?? words.length).map((each) => each.value)).toEqual(['rm', '-rf', '/']);
  });

  it.each([
    { name: 'a dash and a letter', text: '-x', option: true },
    { name: 'a long option', text: '--long', option: true },
    { name: 'a lone dash (standard input)', text: '-', option: false },
    { name: 'a plus word', text: '+x', option: false },
    { name: 'a plain word', text: 'x', option: false },
  ])('getopt reads $name as an option word: $option', ({ text, option }) => {
    expect(isOptionWord(word(text))).toBe(option);
  });

  it('reads a plus word as an option word only where the grammar takes plus options', () => {
    const syntax: OptionSyntax<'flag'> = {
      kindOf: () => undefined,
      valueOf: () => 'none',
      unknownLetter: 'flag',
      unlistedOptions: 'option',
      numericOptions: false,
      plusOptions: true,
      unlistedKinds: { flag: 'flag', data: 'flag' },
    };
    expect([isOptionText('+x', syntax), isOptionText('+x', { ...syntax, plusOptions: false })]).toEqual([true, false]);
  });
});

// words over a small alphabet, each a distinct object, so an operand or value is found by identity
const ALPHABET = [
  '-a',
  '-b',
  '-ab',
  '-ba',
  '-ax',
  '--',
  '--x',
  '--x=1',
  '--y',
  '-',
  '-1',
  'x',
  'f',
  'glob:*.ts',
  'glob:-a*',
];
const VALUED = valuedSet(['-a', '--x']);

/**
 * Each word of the line is read once: as an operand, as the value an option took from the next
 * word, or as an option word (the `--` that ends the options among them), never two of these
 * and never twice.
 */
function accountedOnce(words: readonly ShellWord[], read: typeof readArguments): boolean {
  const parsed = read(words, 0, VALUED);
  const uses = new Map<ShellWord, number>();
  const use = (used: ShellWord): void => void uses.set(used, (uses.get(used) ?? 0) + 1);
  parsed.operands.forEach(use);
  for (const option of parsed.options)
    if (option.value !== undefined && words.includes(option.value)) use(option.value);
  if ([...uses.values()].some((count) => count !== 1)) return false;
  const optionWords = words.filter((each) => !uses.has(each));
  if (!optionWords.every(isOptionWord)) return false;
  // each option word gives at least one option, but the `--` that ends them gives none
  const ending = optionWords.some((each) => each.value === '--') ? 1 : 0;
  return optionWords.length - ending <= parsed.options.length;
}

describe('every word read once', () => {
  const lines = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 });

  it.each([
    { name: 'readArguments', read: readArguments },
    { name: 'readLeadingOptions', read: readLeadingOptions },
  ])('$name loses and repeats no word', ({ read }) => {
    fc.assert(
      fc.property(lines, (texts) => accountedOnce(texts.map(word), read)),
      { numRuns: 1000, seed: 20261235 },
    );
  });

  it('leaves the value of a valued option that ends the line missing', () => {
    const parsed = readArguments(['-a'].map(word), 0, VALUED);
    expect(parsed).toEqual({ options: [{ name: '-a', value: undefined }], operands: [], firstOperand: 1 });
  });
});
