import { createBoundedMemo } from '../../../paths/boundedMemo';
import { codeBindings, endsValue, type CodeBindings } from './codeBindings';
import { isName, isPunct, type Token, type Tokenized } from './codeTokens';
import type { CodeLanguage, CodeVocabulary } from './codeVocabulary';
import { javascriptTokens } from './javascriptTokens';
import { JAVASCRIPT_VOCABULARY } from './javascriptVocabulary';
import { perlTokens } from './perlTokens';
import { PERL_VOCABULARY } from './perlVocabulary';
import { pythonTokens } from './pythonTokens';
import { PYTHON_VOCABULARY } from './pythonVocabulary';
import { chainAt, readCallAt, requiredModule } from './readCalls';
import { rubyTokens } from './rubyTokens';
import { RUBY_VOCABULARY } from './rubyVocabulary';

/**
 * What inline code does as far as its tokens show: it only computes, prints and reads the files
 * it names literally (`reads`), or a word or form makes it unknown, and the call fails closed.
 */
export type InlineCodeReading =
  | { readonly readOnly: true; readonly reads: readonly string[] }
  | {
      readonly readOnly: false;
      /** the first word outside the vocabulary, or the text where the tokens could not be read */
      readonly word: string;
      /** the text could not be read as tokens (a form the reader does not follow), rather than holding an unknown word */
      readonly unread: boolean;
      /**
       * python code that would be read-only but for the modules it imports that the vocabulary
       * does not know (`from sympy import S; print(S(1))`), whose code runs unread: their top-level
       * names (`word` is the first), for the caller to find whether the project holds them
       */
      readonly imports?: ProjectImports;
    };

/** What python code runs of modules the vocabulary does not know, and the files it reads literally. */
export interface ProjectImports {
  readonly modules: readonly string[];
  readonly reads: readonly string[];
}

const LANGUAGES: Readonly<Record<CodeLanguage, { tokens: (code: string) => Tokenized; vocabulary: CodeVocabulary }>> = {
  python: { tokens: pythonTokens, vocabulary: PYTHON_VOCABULARY },
  node: { tokens: javascriptTokens, vocabulary: JAVASCRIPT_VOCABULARY },
  ruby: { tokens: rubyTokens, vocabulary: RUBY_VOCABULARY },
  perl: { tokens: perlTokens, vocabulary: PERL_VOCABULARY },
};

const STATEMENT_ENDS: ReadonlySet<string> = new Set([';', ':']);

// after a name of ruby's, these words end its expression: the name is no call with arguments
const RUBY_CLAUSE_WORDS: ReadonlySet<string> = new Set(
  'if unless and or then end while until rescue else elsif when'.split(' '),
);

// after a name of ruby's and a space, these open an argument when no space follows them (`x -1`, `x *y`)
const RUBY_ARGUMENT_PREFIXES: ReadonlySet<string> = new Set(['-', '+', '*', '&', '::', ':', '!', '%', '/', '<<', '?']);

function isStatementStart(token: Token | undefined): boolean {
  return token === undefined || token.kind === 'newline' || (token.kind === 'punct' && STATEMENT_ENDS.has(token.text));
}

/** The index after a name and the members read from it (`sympy.core.S`). */
function memberChainEnd(tokens: readonly Token[], at: number): number {
  let index = at + 1;
  while (isPunct(tokens[index], '.') && tokens[index + 1]?.kind === 'name') index += 2;
  return index;
}

/**
 * One walk over the tokens: each is known, or the walk stops at the first that is not. Python's
 * imports of modules the vocabulary does not know are let through as the project's (`modules`):
 * the names they bind are used as the module's code, which runs unread, so any member of them is
 * read whole, while the code's own words are still read against the vocabulary.
 */
class CodeWalk {
  readonly reads: string[] = [];
  /** the top-level names of the modules imported that the vocabulary does not know */
  readonly modules = new Set<string>();
  /** the names those imports bind (`sympy`, `S` of `from sympy import S`, `sp` of `import sympy as sp`) */
  private readonly moduleNames = new Set<string>();

  constructor(
    private readonly language: CodeLanguage,
    private readonly vocabulary: CodeVocabulary,
    private readonly bindings: CodeBindings,
  ) {}

  /** The first unknown word of the tokens, or undefined when every token is known. */
  walk(tokens: readonly Token[]): string | undefined {
    for (let index = 0; index < tokens.length;) {
      const step = this.step(tokens, index);
      if (typeof step === 'string') return step;
      index = step;
    }
    return undefined;
  }

  /** The index after the token at `at` (or after the form it starts), or the word that makes the code unknown. */
  private step(tokens: readonly Token[], at: number): number | string {
    const token = tokens[at] as Token;
    switch (token.kind) {
      case 'string':
        for (const code of token.code ?? []) {
          const unknown = this.walk(code);
          if (unknown !== undefined) return unknown;
        }
        return at + 1;
      case 'symbol':
        return this.vocabulary.members.has(token.text) ? at + 1 : `:${token.text}`;
      case 'punct':
        return this.language === 'node' ? this.subscript(tokens, at) : at + 1;
      case 'name':
        return this.name(tokens, at);
      default:
        return at + 1;
    }
  }

  /** JavaScript reads a member named by a subscript (`x['constructor']`): only a number or a harmless name may choose it. */
  private subscript(tokens: readonly Token[], at: number): number | string {
    const token = tokens[at] as Token;
    const before = tokens[at - 1];
    const open = token.text === '?.' && isPunct(tokens[at + 1], '[') ? at + 1 : at;
    if (!isPunct(tokens[open], '[') || (open === at && (before === undefined || !endsValue(before)))) return at + 1;
    const key = tokens[open + 1];
    if (!isPunct(tokens[open + 2], ']') || key === undefined) return '[…]';
    if (key.kind === 'number') return open + 3;
    const name = key.kind === 'string' ? key.value : undefined;
    if (name === undefined || (/^[A-Za-z_$][\w$]*$/.test(name) && !this.vocabulary.members.has(name))) return '[…]';
    return open + 3;
  }

  private name(tokens: readonly Token[], at: number): number | string {
    const { vocabulary } = this;
    const token = tokens[at] as Token;
    const before = tokens[at - 1];
    if (before?.kind === 'punct' && vocabulary.memberAccess.has(before.text))
      return vocabulary.members.has(token.text) ? at + 1 : token.text;
    if (this.moduleNames.has(token.text)) return memberChainEnd(tokens, at);
    const read = readCallAt(tokens, at, vocabulary, this.bindings.aliases);
    if (read !== undefined) {
      this.reads.push(read.path);
      return read.next;
    }
    const form = this.form(tokens, at);
    if (form !== undefined) return form;
    const chain = chainAt(tokens, at, vocabulary, this.bindings.aliases);
    if (chain !== undefined) return 'unknown' in chain ? chain.unknown : chain.next;
    if (vocabulary.names.has(token.text) || this.isOwn(tokens, at)) return at + 1;
    return token.text;
  }

  /** A form a name starts that the walk reads whole: an import, a module's binding, an object's key. */
  private form(tokens: readonly Token[], at: number): number | string | undefined {
    const token = tokens[at] as Token;
    const before = tokens[at - 1];
    const next = tokens[at + 1];
    switch (this.language) {
      case 'python':
        if (token.text === 'import') return this.pythonImport(tokens, at);
        return token.text === 'from' && isStatementStart(before) ? this.pythonFrom(tokens, at) : undefined;
      case 'ruby':
        if (token.text === 'require') return this.libraryAt(tokens, at + 1) ?? 'require';
        // a label (`{ name: 1 }`) is a symbol
        if (
          isPunct(next, ':') &&
          next?.spaced === false &&
          (isPunct(before, '{') || isPunct(before, ',') || isPunct(before, '('))
        )
          return this.vocabulary.members.has(token.text) ? at + 1 : `${token.text}:`;
        return undefined;
      case 'perl':
        return token.text === 'use' ? (this.libraryAt(tokens, at + 1, true) ?? 'use') : undefined;
      default:
        return this.javascriptForm(tokens, at);
    }
  }

  private javascriptForm(tokens: readonly Token[], at: number): number | string | undefined {
    const token = tokens[at] as Token;
    const before = tokens[at - 1];
    const next = tokens[at + 1];
    // an object's key is never evaluated (destructuring, where a key reads a member, is refused with the bindings)
    if ((isPunct(before, '{') || isPunct(before, ',')) && isPunct(next, ':')) return at + 1;
    // `const fs = require('fs')`: the binding of a module used through its chain
    if (this.bindings.aliases.has(token.text) && isPunct(next, '=') && isName(tokens[at + 2], 'require')) return at + 2;
    const module = requiredModule(tokens, at, this.vocabulary);
    if (module === undefined) return undefined;
    const whole = [...this.vocabulary.modules.values()].some((use) => use.name === module && use.whole);
    const bindsAlias = isPunct(before, '=') && this.bindings.aliases.has(tokens[at - 2]?.text ?? '');
    // any other use of a module used through its chain is read as its chain
    return whole || bindsAlias ? at + 4 : undefined;
  }

  /** `require 'json'`, `use strict;`: a library of the vocabulary's, and the index after it. */
  private libraryAt(tokens: readonly Token[], at: number, bareword = false): number | undefined {
    const parenthesised = isPunct(tokens[at], '(');
    const name = tokens[parenthesised ? at + 1 : at];
    const text = name?.kind === 'string' || (bareword && name?.kind === 'name') ? (name.value ?? name.text) : undefined;
    if (text === undefined || !this.vocabulary.modules.has(text)) return undefined;
    let end = parenthesised ? at + 2 : at + 1;
    if (parenthesised && !isPunct(tokens[end++], ')')) return undefined;
    // `use feature 'say';`: perl's pragmas take their arguments as strings
    if (bareword && tokens[end]?.kind === 'string') end++;
    return end;
  }

  /** A module the vocabulary does not know, imported with the name it binds: the project's, if the caller finds it so. */
  private importModule(module: string, bound: string): void {
    this.modules.add(module.split('.')[0] ?? module);
    this.moduleNames.add(bound);
  }

  /** `import a.b as c, d`; a module used through its chain takes no other name; one not known binds its name (see modules). */
  private pythonImport(tokens: readonly Token[], at: number): number | string {
    let index = at + 1;
    for (;;) {
      const dotted = dottedName(tokens, index);
      if (dotted === undefined) return 'import';
      const use = this.vocabulary.modules.get(dotted.name);
      index = dotted.end;
      if (isName(tokens[index], 'as')) {
        const alias = tokens[index + 1];
        if ((use !== undefined && !use.whole) || alias?.kind !== 'name') return `${dotted.name} as`;
        if (use === undefined) this.importModule(dotted.name, alias.text);
        index += 2;
      } else if (use === undefined) {
        // `import a.b` binds a
        this.importModule(dotted.name, dotted.name.split('.')[0] ?? dotted.name);
      }
      if (!isPunct(tokens[index], ',')) return index;
      index++;
    }
  }

  /**
   * `from a import b, c as d`: a whole module's members, or the names a chained module exports,
   * unrenamed; any names of a module not known, each bound as its code (see modules).
   */
  private pythonFrom(tokens: readonly Token[], at: number): number | string {
    const dotted = dottedName(tokens, at + 1);
    if (dotted === undefined) return 'from';
    const use = this.vocabulary.modules.get(dotted.name);
    let index = dotted.end;
    if (!isName(tokens[index], 'import')) return 'from';
    const parenthesised = isPunct(tokens[++index], '(');
    if (parenthesised) index++;
    for (;;) {
      const name = tokens[index];
      if (name?.kind !== 'name') return `from ${dotted.name} import`;
      const exported =
        use === undefined ||
        (use.whole ? this.vocabulary.members.has(name.text) : use.exports?.has(name.text) === true);
      if (!exported) return `${dotted.name}.${name.text}`;
      index++;
      let bound = name.text;
      if (isName(tokens[index], 'as')) {
        const alias = tokens[index + 1];
        if ((use !== undefined && !use.whole) || alias?.kind !== 'name') return `${name.text} as`;
        bound = alias.text;
        index += 2;
      }
      if (use === undefined) this.importModule(dotted.name, bound);
      if (!isPunct(tokens[index], ',')) break;
      index++;
      if (parenthesised && isPunct(tokens[index], ')')) break;
    }
    if (!parenthesised) return index;
    return isPunct(tokens[index], ')') ? index + 1 : `from ${dotted.name} import`;
  }

  /** Whether a name is the code's own where it stands (see OwnNameUse). */
  private isOwn(tokens: readonly Token[], at: number): boolean {
    const name = (tokens[at] as Token).text;
    if (!this.vocabulary.ownName(name)) return false;
    switch (this.vocabulary.ownNames) {
      case 'anywhere':
        return true;
      case 'bound':
        return this.bindings.names.has(name);
      default:
        return this.bindings.names.has(name) && !rubyCallsWith(tokens, at);
    }
  }
}

/** Whether ruby reads the name at `at` as a method called with arguments or a block (`x(1)`, `x 'a'`, `x -1`, `x do`). */
function rubyCallsWith(tokens: readonly Token[], at: number): boolean {
  const next = tokens[at + 1];
  if (next === undefined || next.kind === 'newline') return false;
  if (next.kind === 'name') return !RUBY_CLAUSE_WORDS.has(next.text);
  if (next.kind !== 'punct') return true;
  if (next.text === '(' || next.text === '{' || (next.text === '[' && next.spaced)) return true;
  return next.spaced && RUBY_ARGUMENT_PREFIXES.has(next.text) && tokens[at + 2]?.spaced !== true;
}

/** A dotted name (`os.path`) at `at`, and the index after it. */
function dottedName(tokens: readonly Token[], at: number): { readonly name: string; readonly end: number } | undefined {
  const first = tokens[at];
  if (first?.kind !== 'name') return undefined;
  let name = first.text;
  let index = at + 1;
  while (isPunct(tokens[index], '.') && tokens[index + 1]?.kind === 'name') {
    name += `.${tokens[index + 1]?.text ?? ''}`;
    index += 2;
  }
  return { name, end: index };
}

/** The vocabulary inline code of `language` is read against. */
export function vocabularyOf(language: CodeLanguage): CodeVocabulary {
  return LANGUAGES[language].vocabulary;
}

// a reading depends on the code and its language only, and a command's code is read twice (for
// its arguments' roles, then for its effects): the last few readings are kept rather than tokenized
// again, frozen since they are shared; few, as a line seldom holds more code than that
const readings = createBoundedMemo<InlineCodeReading>(4 * 1024, () => 64);

/** Reads inline code of `language`: the files it reads literally when it only computes and reads, or why it may do more. */
export function readInlineCode(code: string, language: CodeLanguage): InlineCodeReading {
  return readings.get(`${language}\u0000${code}`, () => Object.freeze(readInlineCodeAnew(code, language)));
}

/** readInlineCode without the kept readings. */
function readInlineCodeAnew(code: string, language: CodeLanguage): InlineCodeReading {
  const { tokens: tokenize, vocabulary } = LANGUAGES[language];
  const tokenized = tokenize(code);
  if (!tokenized.ok) return { readOnly: false, word: tokenized.at, unread: true };
  const bound = codeBindings(tokenized.tokens, language, vocabulary);
  if (!bound.ok) return { readOnly: false, word: bound.at, unread: true };
  const walk = new CodeWalk(language, vocabulary, bound.bindings);
  const unknown = walk.walk(tokenized.tokens);
  if (unknown !== undefined) return { readOnly: false, word: unknown, unread: false };
  const [module] = walk.modules;
  if (module === undefined) return { readOnly: true, reads: Object.freeze(walk.reads) };
  const imports = { modules: Object.freeze([...walk.modules]), reads: Object.freeze(walk.reads) };
  return { readOnly: false, word: module, unread: false, imports: Object.freeze(imports) };
}
