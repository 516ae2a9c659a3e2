import type { ShellWord } from '../words/shellWord';
import {
  isOptionText as isGrammarOptionText,
  readOptionWord as readGrammarOptionWord,
  type GrammarOption,
  type OptionSyntax,
  type OptionValueTaking,
  type OptionWordReading,
} from '../words/optionGrammar';
import type { OptionKind } from './commandSpec';

/**
 * One option as a command line gives it, with how its program reads it: `kind` undefined when
 * the program's spec does not know the option, `unlisted` when it is read as data only because
 * the program's options all take data values (`unknownOptions: data`).
 */
export type ReadOption = GrammarOption<OptionKind>;

/** The option table one level of a program reads with. */
export interface OptionGrammar {
  readonly options: ReadonlyMap<string, OptionKind>;
  readonly numericOptions: boolean;
  readonly plusOptions: boolean;
  /** how options not listed read: taking a data value (`aws --region us-east-1`), or as operands (`echo -x`) */
  readonly unknownOptions: 'data' | 'operand' | undefined;
  /** options after which the program reads no more options */
  readonly optionsEnd: ReadonlySet<string>;
}

/** Kinds that take a value: every role, and a program file; a flag, an optional value or a command do not. */
export function takesValue(kind: OptionKind): boolean {
  return kind !== 'flag' && kind !== 'optional' && kind !== 'optionalWrite' && kind !== 'command';
}

/** How an option of a kind takes its value; a command option's command is the words after it. */
function valueOf(kind: OptionKind): OptionValueTaking {
  if (takesValue(kind)) return 'required';
  return kind === 'optional' || kind === 'optionalWrite' ? 'optional' : 'none';
}

// each level's grammar is read into the word grammar's terms once
const SYNTAXES = new WeakMap<OptionGrammar, OptionSyntax<OptionKind>>();

/** A spec level's grammar as the one option grammar reads it: an option the spec does not know may take the rest of its word (`-ofile`). */
function syntaxOf(grammar: OptionGrammar): OptionSyntax<OptionKind> {
  let syntax = SYNTAXES.get(grammar);
  if (syntax === undefined) {
    const { options } = grammar;
    syntax = {
      kindOf: (name) => options.get(name),
      valueOf,
      unknownLetter: 'restOfWord',
      unlistedOptions: grammar.unknownOptions ?? 'option',
      numericOptions: grammar.numericOptions,
      plusOptions: grammar.plusOptions,
      unlistedKinds: { flag: 'flag', data: 'data' },
    };
    SYNTAXES.set(grammar, syntax);
  }
  return syntax;
}

/** A word the program reads as an option: `-x`, `--long`, `+x` where the grammar takes those. */
export function isOptionText(text: string | undefined, grammar: OptionGrammar): boolean {
  return isGrammarOptionText(text, syntaxOf(grammar));
}

/**
 * Reads the option word at `index` with the program's grammar, by the one option grammar's GNU
 * rules (`words/optionGrammar.ts`). Returns the options read and how many words they used.
 */
export function readOptionWord(
  words: readonly ShellWord[],
  index: number,
  grammar: OptionGrammar,
): OptionWordReading<OptionKind> {
  return readGrammarOptionWord(words, index, syntaxOf(grammar));
}
