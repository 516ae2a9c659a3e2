import type { CommandArgument, DoubleQuotedChild, Word, WordPart } from 'unbash';

/** One word as bash would see it after quote removal, or undefined when it is built at run time. */
export interface ShellWord {
  /** the evaluated word; undefined when it holds an expansion, a substitution or an unquoted glob */
  readonly value: string | undefined;
  /** the evaluated word with globs kept as text; undefined only when it holds an expansion */
  readonly literal: string | undefined;
  /** the word as written */
  readonly source: string;
  /** stands for text a wrapper adds at run time (xargs input); not listed among the command's words */
  readonly synthetic?: boolean;
  /** quoted by the wrapper that wrote it into a command line (parallel's arguments): listed as written */
  readonly quoted?: boolean;
}

type Dynamism = 'static' | 'glob' | 'expansion';

function childDynamism(child: DoubleQuotedChild): Dynamism {
  return child.type === 'Literal' ? 'static' : 'expansion';
}

function partDynamism(part: WordPart): Dynamism {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return 'static';
    case 'DoubleQuoted':
    case 'LocaleString': {
      for (const child of part.parts) if (childDynamism(child) !== 'static') return 'expansion';
      return 'static';
    }
    // brace expansion is static text but yields several words: position-dependent rules cannot trust it
    case 'Glob':
    case 'ExtendedGlob':
    case 'BraceExpansion':
      return 'glob';
    default:
      return 'expansion';
  }
}

function wordDynamism(parts: readonly WordPart[]): Dynamism {
  let result: Dynamism = 'static';
  for (const part of parts) {
    const kind = partDynamism(part);
    if (kind === 'expansion') return kind;
    if (kind === 'glob') result = kind;
  }
  return result;
}

/** Evaluates an unbash word: quotes and escapes removed, `$'..'` decoded; unknown when built at run time. */
export function evaluateWord(word: Word): ShellWord {
  const parts = word.parts;
  if (parts === undefined) return { value: word.value, literal: word.value, source: word.text };
  const kind = wordDynamism(parts);
  if (kind === 'static') return { value: word.value, literal: word.value, source: word.text };
  if (kind === 'glob') return { value: undefined, literal: word.value, source: word.text };
  return { value: undefined, literal: undefined, source: word.text };
}

/** Evaluates a command argument; an assignment (`declare x=1`) reads as its `name=value` text. */
export function evaluateArgument(argument: CommandArgument): ShellWord {
  if (argument.type === 'Word') return evaluateWord(argument);
  if (argument.value.type === 'ArrayValue') return { value: undefined, literal: undefined, source: argument.text };
  const value = evaluateWord(argument.value);
  const prefix = `${argument.name}${argument.append === true ? '+=' : '='}`;
  return {
    value: value.value === undefined ? undefined : prefix + value.value,
    literal: value.literal === undefined ? undefined : prefix + value.literal,
    source: argument.text,
  };
}

/** A word made from known text, e.g. one split out of `env -S`. */
export function staticWord(text: string): ShellWord {
  return { value: text, literal: text, source: text };
}

/** The text a command runs under: bash finds `/usr/bin/sudo` and `./x/sudo` as `sudo`. */
export function commandBasename(value: string): string {
  const slash = value.lastIndexOf('/');
  return slash === -1 ? value : value.slice(slash + 1);
}

/** How a word is shown in listings and evidence: its value, or its source when unknown or quoted by a wrapper. */
export function shownWord(word: ShellWord): string {
  return word.quoted === true ? word.source : (word.value ?? word.source);
}

/** A command's words as listed in `commands` (synthetic words left out). */
export function listedWords(words: readonly ShellWord[]): string[] {
  const out: string[] = [];
  for (const word of words) if (word.synthetic !== true) out.push(shownWord(word));
  return out;
}

/** Static text that holds what looks like a command substitution: code once evaluated again. */
export function holdsCodeText(value: string): boolean {
  return value.includes('$(') || value.includes('`');
}
