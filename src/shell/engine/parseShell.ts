import { parse, type ParsedScript, type ParseError } from 'unbash';

/** How much source text a parse-error trigger shows. */
const SNIPPET_LENGTH = 40;

/** A parse that cannot be trusted, with the construct to show as trigger. */
export interface ParseProblem {
  readonly reason: string;
  readonly trigger: string;
}

export function snippet(text: string, from = 0): string {
  const cut = text.slice(from, from + SNIPPET_LENGTH);
  return cut.length === 0 ? text.slice(Math.max(0, text.length - SNIPPET_LENGTH)) : cut;
}

/** The reason and trigger for an unbash error, as reported on the (possibly nested) script. */
export function parseErrorProblem(error: ParseError, source: string): ParseProblem {
  return {
    reason: `parse error at offset ${error.pos}: ${error.message}: fail closed`,
    trigger: snippet(source, error.pos).trim() || error.message,
  };
}

/**
 * unbash parses `$[ ... ]` (bash's old arithmetic form) without exposing commands inside its
 * subscripts, although bash runs them: any `$[` in the text is taken as unknowable.
 */
export function obsoleteArithmeticProblem(source: string): ParseProblem | undefined {
  const at = source.indexOf('$[');
  if (at === -1) return undefined;
  return {
    reason: "the '$[ ]' arithmetic form can hide commands from the parser: fail closed",
    trigger: snippet(source, at),
  };
}

/**
 * unbash drops a `(` that follows a command name (`x ( sudo ls`), reading the words after it as
 * arguments; bash rejects the line, so it is a parse error like any other.
 */
export function strayParenthesisProblem(nameEnd: number, source: string): ParseProblem | undefined {
  let index = nameEnd;
  while (source[index] === ' ' || source[index] === '\t') index++;
  if (source[index] !== '(') return undefined;
  return {
    reason: `parse error at offset ${index}: unexpected '(' after a command name: fail closed`,
    trigger: snippet(source, index),
  };
}

/**
 * More `<<` operators than this in one text are not parsed: unbash's work grows with the square
 * of the here-documents pending at once, and quotes or `\` can hold a line open, so the count is
 * of the whole text (quoted `<<` and shifts included: no real command comes near it).
 */
export const MAX_HERE_DOCUMENTS = 2000;

/** Where the text's `<<` operators (here-strings `<<<` aside) pass MAX_HERE_DOCUMENTS, or -1. */
function hereDocumentFlood(source: string): number {
  let count = 0;
  for (let at = source.indexOf('<<'); at !== -1; at = source.indexOf('<<', at + 2)) {
    if (source[at + 2] === '<') {
      at++;
      continue;
    }
    if (++count > MAX_HERE_DOCUMENTS) return at;
  }
  return -1;
}

/**
 * `${` opened deeper than this is not parsed: unbash looks for the closing brace of each open
 * level across the rest of the text, so unclosed levels cost one reading of the text each.
 * Counted without regard to quotes, which only makes the count larger.
 */
export const MAX_PARAMETER_NESTING = 16;

/** Where `${` first opens deeper than MAX_PARAMETER_NESTING, or -1. */
function parameterNestingFlood(source: string): number {
  // most lines open no '${' at all: one native search instead of a loop over every character
  const first = source.indexOf('${');
  if (first === -1) return -1;
  let depth = 0;
  // a '}' before the first '${' closes nothing: the count starts there
  for (let at = first; at < source.length; at++) {
    const code = source.charCodeAt(at);
    if (code === 125 /* } */) {
      if (depth > 0) depth--;
    } else if (code === 36 /* $ */ && source.charCodeAt(at + 1) === 123 /* { */) {
      if (++depth > MAX_PARAMETER_NESTING) return at;
      at++;
    }
  }
  return -1;
}

function unparsed(source: string, message: string, pos: number): ParsedScript {
  return { type: 'Script', pos: 0, end: source.length, shebang: undefined, commands: [], errors: [{ message, pos }] };
}

/**
 * Parses bash source; unbash never throws on bad input, it reports errors on each script. Texts
 * that would take unbash more than linear time are reported as errors without being parsed.
 */
export function parseShell(source: string): ParsedScript {
  const flood = hereDocumentFlood(source);
  if (flood !== -1)
    return unparsed(
      source,
      `more than ${MAX_HERE_DOCUMENTS} here-documents, more than can be parsed in linear time`,
      flood,
    );
  const nesting = parameterNestingFlood(source);
  if (nesting !== -1)
    return unparsed(
      source,
      `parameter expansions nested deeper than ${MAX_PARAMETER_NESTING}, deeper than can be parsed in linear time`,
      nesting,
    );
  return parse(source);
}
