import { argumentsOf, isName, isPunct, type ArgumentSpan, type Token } from './codeTokens';
import type { CodeVocabulary, ReadCall } from './codeVocabulary';

// the modes python's open reads in; any other (`w`, `a`, `x`, `+`) writes
const READ_MODES: ReadonlySet<string> = new Set(['r', 'rt', 'tr', 'rb', 'br']);

// python open's keyword arguments that only say how text is decoded; `opener` runs a function
const DECODING_KEYWORDS: ReadonlySet<string> = new Set(['encoding', 'errors', 'newline', 'buffering']);

/** The module a code names at `at`, and the index after its name: `os`, a name bound to `require('fs')`, or `require('fs')` itself. */
export interface Head {
  readonly module: string;
  readonly end: number;
}

/** The names the code bound to a module used through its chain (`const f = require('fs')`), by name. */
export type ModuleAliases = ReadonlyMap<string, string>;

export function headAt(
  tokens: readonly Token[],
  at: number,
  vocabulary: CodeVocabulary,
  aliases: ModuleAliases,
): Head | undefined {
  const token = tokens[at];
  if (token?.kind !== 'name') return undefined;
  const required = requiredModule(tokens, at, vocabulary);
  if (required !== undefined) return { module: required, end: at + 4 };
  return { module: aliases.get(token.text) ?? token.text, end: at + 1 };
}

/** The module `require('spec')` at `at` loads, by the name its chain knows, when the vocabulary knows it. */
export function requiredModule(tokens: readonly Token[], at: number, vocabulary: CodeVocabulary): string | undefined {
  const spec = tokens[at + 2];
  if (!isName(tokens[at], 'require') || !isPunct(tokens[at + 1], '(') || !isPunct(tokens[at + 3], ')'))
    return undefined;
  return spec?.kind === 'string' && spec.value !== undefined ? vocabulary.modules.get(spec.value)?.name : undefined;
}

// a callee's dotted name, split once per read call of a vocabulary: the walk tries each at every name
const CALLEES = new WeakMap<ReadCall, { readonly first: string; readonly rest: readonly string[] }>();

function calleeParts(call: ReadCall): { readonly first: string; readonly rest: readonly string[] } {
  let parts = CALLEES.get(call);
  if (parts === undefined) {
    const [first = '', ...rest] = call.callee.split('.');
    CALLEES.set(call, (parts = { first, rest }));
  }
  return parts;
}

/** The index after the call's callee at the head's place (`os` `.` `listdir`), or undefined when it is not named there. */
function calleeEnd(tokens: readonly Token[], head: Head, call: ReadCall): number | undefined {
  const { first, rest } = calleeParts(call);
  if (head.module !== first) return undefined;
  let index = head.end;
  for (const part of rest) {
    if (!isPunct(tokens[index], '.') || !isName(tokens[index + 1], part)) return undefined;
    index += 2;
  }
  return index;
}

/** The one token an argument is, or undefined when it is more or none. */
function soleToken(tokens: readonly Token[], span: ArgumentSpan | undefined): Token | undefined {
  return span !== undefined && span.end - span.start === 1 ? tokens[span.start] : undefined;
}

/** Whether the arguments after the path are ones the call only reads with. */
function restReads(call: ReadCall, tokens: readonly Token[], rest: readonly ArgumentSpan[]): boolean {
  switch (call.rest) {
    case 'none':
      return rest.length === 0;
    case 'encoding':
      return rest.length === 0 || (rest.length === 1 && soleToken(tokens, rest[0])?.kind === 'string');
    case 'pythonOpen':
      return rest.every((span, index) => {
        const [first, second, third] = [tokens[span.start], tokens[span.start + 1], tokens[span.start + 2]];
        const mode = (token: Token | undefined): boolean =>
          token?.kind === 'string' && token.value !== undefined && READ_MODES.has(token.value);
        if (index === 0 && span.end - span.start === 1) return mode(first);
        if (first?.kind !== 'name' || !isPunct(second, '=')) return false;
        return (
          DECODING_KEYWORDS.has(first.text) || (first.text === 'mode' && span.end - span.start === 3 && mode(third))
        );
      });
    default:
      return false;
  }
}

/** A read call found in the code: the path it reads, and the index the walk goes on from. */
export interface FoundRead {
  readonly path: string;
  readonly next: number;
}

/**
 * The read call at `at`, if one of the vocabulary's is there with a literal path and arguments
 * that only read. The walk goes on after the path (the other arguments are checked as code), or
 * after the method a `then` call names.
 */
export function readCallAt(
  tokens: readonly Token[],
  at: number,
  vocabulary: CodeVocabulary,
  aliases: ModuleAliases,
): FoundRead | undefined {
  // the head is the same for every call the vocabulary knows
  const head = headAt(tokens, at, vocabulary, aliases);
  if (head === undefined) return undefined;
  for (const call of vocabulary.reads) {
    const open = calleeEnd(tokens, head, call);
    if (open === undefined || !isPunct(tokens[open], '(')) continue;
    const parsed = argumentsOf(tokens, open);
    if (parsed === undefined) continue;
    const [first, ...rest] = parsed.args;
    const literal = soleToken(tokens, first);
    const path = first === undefined ? call.otherwise : literal?.kind === 'string' ? literal.value : undefined;
    if (path === undefined || path === '' || (call.literal !== undefined && !call.literal.test(path))) continue;
    if (!restReads(call, tokens, rest)) continue;
    const next = first === undefined ? open + 1 : open + 2;
    if (call.then === undefined) return { path, next };
    const method = tokens[parsed.close + 2];
    if (isPunct(tokens[parsed.close + 1], '.') && method?.kind === 'name' && call.then.has(method.text))
      return { path, next: parsed.close + 3 };
  }
  return undefined;
}

/**
 * The index after a chain at `at` (`os.path.join`, `process.stdout.write`), or why it is not
 * one of the vocabulary's: a chain's head, or a member of it that continues a chain, is never a
 * value of its own. Undefined when no chain starts there.
 */
export function chainAt(
  tokens: readonly Token[],
  at: number,
  vocabulary: CodeVocabulary,
  aliases: ModuleAliases,
): { readonly next: number } | { readonly unknown: string } | undefined {
  const head = headAt(tokens, at, vocabulary, aliases);
  if (head === undefined || !vocabulary.chains.has(head.module)) return undefined;
  let key = head.module;
  let index = head.end;
  for (;;) {
    const members = vocabulary.chains.get(key);
    if (members === undefined) return { next: index };
    const member = tokens[index + 1];
    if (!vocabulary.memberAccess.has(tokens[index]?.text ?? '') || member?.kind !== 'name') return { unknown: key };
    if (!members.has(member.text)) return { unknown: `${key}.${member.text}` };
    key = `${key}.${member.text}`;
    index += 2;
  }
}
