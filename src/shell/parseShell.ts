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
  return { reason: "the '$[ ]' arithmetic form can hide commands from the parser: fail closed", trigger: snippet(source, at) };
}

/**
 * unbash drops a `(` that follows a command name (`x ( sudo ls`), reading the words after it as
 * arguments; bash rejects the line, so it is a parse error like any other.
 */
export function strayParenthesisProblem(nameEnd: number, source: string): ParseProblem | undefined {
  let index = nameEnd;
  while (source[index] === ' ' || source[index] === '\t') index++;
  if (source[index] !== '(') return undefined;
  return { reason: `parse error at offset ${index}: unexpected '(' after a command name: fail closed`, trigger: snippet(source, index) };
}

/** Parses bash source; unbash never throws on bad input, it reports errors on each script. */
export function parseShell(source: string): ParsedScript {
  return parse(source);
}
