import { isName, isPunct, partnerIndex, type Token } from './codeTokens';
import type { CodeLanguage, CodeVocabulary } from './codeVocabulary';
import { requiredModule } from './readCalls';

/** The names inline code binds itself, and the names it binds to a module used through its chain. */
export interface CodeBindings {
  readonly names: ReadonlySet<string>;
  readonly aliases: ReadonlyMap<string, string>;
}

/** The bindings of the code, or a form of binding the reader refuses (a destructuring pattern reads members by name). */
export type BindingsReading =
  { readonly ok: true; readonly bindings: CodeBindings } | { readonly ok: false; readonly at: string };

const DECLARATIONS: ReadonlySet<string> = new Set(['const', 'let', 'var']);

/** Every token list of the code: its own, and the code in its strings' interpolations, at any depth. */
export function tokenLists(tokens: readonly Token[]): (readonly Token[])[] {
  const lists: (readonly Token[])[] = [tokens];
  for (let index = 0; index < lists.length; index++)
    for (const token of lists[index] ?? []) for (const code of token.code ?? []) lists.push(code);
  return lists;
}

class Collector {
  readonly names = new Set<string>();
  readonly aliases = new Map<string, string>();
  refusedAt: string | undefined;

  constructor(private readonly vocabulary: CodeVocabulary) {}

  bind(token: Token | undefined): void {
    if (token?.kind === 'name' && this.vocabulary.ownName(token.text)) this.names.add(token.text);
  }

  refuse(at: string): void {
    this.refusedAt ??= at;
  }

  /**
   * The names of a parameter list opened at `open`: each at its top after `(`, `,` or `...`; a
   * pattern (`{ a }`, `[a]`) at its top is refused, and a parenthesised default passed over.
   */
  parameters(tokens: readonly Token[], open: number): void {
    const close = partnerIndex(tokens, open) ?? tokens.length;
    for (let index = open + 1; index < close; index++) {
      const token = tokens[index];
      if (isPunct(token, '{') || isPunct(token, '[')) this.refuse('{…} parameters');
      const before = tokens[index - 1];
      if (index === open + 1 || isPunct(before, ',') || isPunct(before, '...')) this.bind(token);
      if (isPunct(token, '(')) index = partnerIndex(tokens, index) ?? close;
    }
  }
}

/** JavaScript's bindings: declarations, parameters and catch; every destructuring pattern is refused. */
function javascriptBindings(tokens: readonly Token[], collector: Collector, vocabulary: CodeVocabulary): void {
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    if (token.kind === 'name' && DECLARATIONS.has(token.text)) declaration(tokens, index, collector, vocabulary);
    else if (isName(token, 'function')) {
      const open = next?.kind === 'name' ? index + 2 : index + 1;
      collector.bind(next);
      if (isPunct(tokens[open], '(')) collector.parameters(tokens, open);
    } else if (isPunct(token, '=>')) {
      const before = tokens[index - 1];
      if (before?.kind === 'name') collector.bind(before);
      else if (isPunct(before, ')')) {
        const open = partnerIndex(tokens, index - 1);
        if (open !== undefined) collector.parameters(tokens, open);
      }
    } else if (isName(token, 'catch') && isPunct(next, '(')) collector.parameters(tokens, index + 1);
    else if (isName(token, 'for') && isPunct(next, '(')) {
      const head = tokens[index + 2];
      if (isPunct(head, '{') || isPunct(head, '[')) collector.refuse('for ({…}');
    } else if (isPunct(token, '=') && (isPunct(tokens[index - 1], '}') || isPatternEnd(tokens, index - 1)))
      collector.refuse('{…} =');
  });
}

/** Whether a `]` at `at` closes an array literal (a pattern when `=` follows), not a subscript. */
function isPatternEnd(tokens: readonly Token[], at: number): boolean {
  if (!isPunct(tokens[at], ']')) return false;
  const open = partnerIndex(tokens, at);
  const before = open === undefined ? undefined : tokens[open - 1];
  return before === undefined || !endsValue(before);
}

// after these words an expression starts: a `[` after one opens an array
const BEFORE_EXPRESSION: ReadonlySet<string> = new Set(
  'return typeof instanceof in of new delete void throw case do else yield await const let var'.split(' '),
);

/** Whether a value ends at the token: a `[` after it is a subscript. */
export function endsValue(token: Token): boolean {
  if (token.kind === 'punct') return /^[)\]}]$/.test(token.text);
  if (token.kind === 'name') return !BEFORE_EXPRESSION.has(token.text);
  return token.kind !== 'newline';
}

/**
 * `const a = 1, b = 2`: each declared name, and a name bound to `require('fs')` as an alias of
 * the module. Brackets in an initializer are passed over in one step; a closing bracket, `;`,
 * `of` or `in` ends the declaration.
 */
function declaration(tokens: readonly Token[], at: number, collector: Collector, vocabulary: CodeVocabulary): void {
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (index === at + 1 || isPunct(tokens[index - 1], ',')) {
      if (isPunct(token, '{') || isPunct(token, '[')) collector.refuse(`${tokens[at]?.text ?? ''} {…}`);
      const module = isPunct(tokens[index + 1], '=') ? requiredModule(tokens, index + 2, vocabulary) : undefined;
      const whole =
        module === undefined || [...vocabulary.modules.values()].some((use) => use.name === module && use.whole);
      if (whole) collector.bind(token);
      else if (token.kind === 'name') collector.aliases.set(token.text, module);
    }
    if (token.kind === 'punct' && /^[([{]$/.test(token.text)) index = partnerIndex(tokens, index) ?? tokens.length;
    else if (token.kind === 'punct' && /^[)\]};]$/.test(token.text)) return;
    else if (isName(token, 'of') || isName(token, 'in')) return;
  }
}

/** Ruby's bindings: assignments (`a = `, `a, b = `, `a ||= `), block parameters (`|a, b|`), `for a in`, `rescue => e`. */
function rubyBindings(tokens: readonly Token[], collector: Collector): void {
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    if (token.kind === 'name' && next?.kind === 'punct' && /^(?:[-+*/%|&^]|\|\||&&|\*\*|<<|>>)?=$/.test(next.text))
      collector.bind(token);
    const before = tokens[index - 1];
    const statementStart = before === undefined || before.kind === 'newline' || isPunct(before, ';');
    if (token.kind === 'name' && isPunct(next, ',') && statementStart) {
      // `a, b = 1, 2`: names before the `=` of a multiple assignment
      let end = index;
      while (tokens[end]?.kind === 'name' && isPunct(tokens[end + 1], ',')) end += 2;
      if (tokens[end]?.kind === 'name' && isPunct(tokens[end + 1], '='))
        for (let bound = index; bound <= end; bound += 2) collector.bind(tokens[bound]);
    }
    if ((isPunct(token, '{') || isName(token, 'do')) && isPunct(next, '|')) {
      for (let param = index + 2; param < tokens.length && !isPunct(tokens[param], '|'); param++)
        collector.bind(tokens[param]);
    }
    if (isName(token, 'for'))
      for (let param = index + 1; tokens[param]?.kind === 'name' || isPunct(tokens[param], ','); param++) {
        if (isName(tokens[param], 'in') || isName(tokens[param], 'for')) break;
        collector.bind(tokens[param]);
      }
    if (isName(token, 'rescue') && isPunct(next, '=>')) collector.bind(tokens[index + 2]);
  });
}

/** The names the code binds, over all its token lists; python and perl need none (an unbound name stops them). */
export function codeBindings(
  tokens: readonly Token[],
  language: CodeLanguage,
  vocabulary: CodeVocabulary,
): BindingsReading {
  const collector = new Collector(vocabulary);
  for (const list of tokenLists(tokens)) {
    if (language === 'node') javascriptBindings(list, collector, vocabulary);
    else if (language === 'ruby') rubyBindings(list, collector);
  }
  return collector.refusedAt === undefined
    ? { ok: true, bindings: { names: collector.names, aliases: collector.aliases } }
    : { ok: false, at: collector.refusedAt };
}
