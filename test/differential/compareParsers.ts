import { SHELL_CATEGORIES, type ShellAnalysis } from '../../src/shell/catalog/shellAnalysis';
import { bashAcceptsSyntax } from './bashSyntax';
import { basename, secondParse, UNKNOWN_NAME } from './mvdanCommandNames';

// Compares the commands the analyzer (unbash) says a script runs with what mvdan/sh sees.
// The analyzer lists wrappers and what they wrap as separate commands, so it may list MORE names,
// but only names found in the literal text of a command that runs others (sudo, bash -c, eval,
// xargs, find -exec, a heredoc or pipe into a shell...). Any other difference, a name mvdan/sh
// cannot evaluate, a construct it cannot see into, or a script it rejects must leave the analyzer
// failed closed. A script mvdan/sh rejects but `bash -n` accepts is a gap of mvdan/sh (it misreads
// $'...' inside backticks, for one): counted, not held against the analyzer.

/** Words the analyzer may list as commands where mvdan/sh sees a keyword, not a command. */
const KEYWORD_NAMES: ReadonlySet<string> = new Set(['time', 'coproc', '!', '[[', '((', 'function', 'let']);

export interface Comparison {
  readonly command: string;
  readonly secondParserError: string | undefined;
  /** mvdan/sh rejects the script although bash's own syntax check accepts it */
  readonly secondParserGap: boolean;
  readonly unknownName: boolean;
  readonly opaque: readonly string[];
  /** names mvdan/sh sees run that the analyzer does not list */
  readonly missing: readonly string[];
  /** names the analyzer lists that mvdan/sh only sees as literal text of a wrapper or inner script */
  readonly unwrapped: readonly string[];
  /** names the analyzer lists with no source in what mvdan/sh sees */
  readonly unexplained: readonly string[];
  readonly failedClosed: boolean;
  readonly disagrees: boolean;
  /** a disagreement the analyzer did not answer by failing closed */
  readonly violation: boolean;
}

// how the analyzer lists a word built at run time: its source ($CURL, "$(printf x)", <(...), a glob)
const RUNTIME_SOURCE = /[$`*?[]|\{[^}]*(,|\.\.)|^[<>]\(/;

/**
 * The analyzer's command names: the first word of each command it lists (it leaves assignments
 * out), as a basename; with `dropRuntimeSources`, words it could only list by their source are left out.
 */
export function analyzerNames(analysis: ShellAnalysis, dropRuntimeSources = false): Set<string> {
  const names = new Set<string>();
  for (const words of analysis.commands) {
    const name = words[0];
    if (name !== undefined && !(dropRuntimeSources && RUNTIME_SOURCE.test(name))) names.add(basename(name));
  }
  return names;
}

export function isFailedClosed(analysis: ShellAnalysis): boolean {
  const categories = new Set(analysis.findings.map((finding) => finding.category));
  return analysis.unknowable !== undefined && SHELL_CATEGORIES.every((category) => categories.has(category));
}

export function compareParsers(command: string, analysis: ShellAnalysis): Comparison {
  const second = secondParse(command);
  const failedClosed = isFailedClosed(analysis);
  // a failed-closed analysis lists run-time words by their source: those cannot be compared by name
  const listed = analyzerNames(analysis, failedClosed);
  const seen = [...second.names].filter((name) => name !== UNKNOWN_NAME);
  const missing = second.error === undefined ? seen.filter((name) => !listed.has(name)) : [];
  const unknownName = second.names.has(UNKNOWN_NAME);
  const extra =
    second.error === undefined ? [...listed].filter((name) => !second.names.has(name) && !KEYWORD_NAMES.has(name)) : [];
  const tokens = extra.length > 0 ? second.innerTokens() : new Set<string>();
  const unwrapped = extra.filter((name) => tokens.has(name));
  const unexplained = extra.filter((name) => !tokens.has(name));
  const secondParserGap = second.error !== undefined && bashAcceptsSyntax(command) === true;
  const disagrees =
    (second.error !== undefined && !secondParserGap) ||
    unknownName ||
    second.opaque.length > 0 ||
    missing.length > 0 ||
    unexplained.length > 0;
  return {
    command,
    secondParserError: second.error,
    secondParserGap,
    unknownName,
    opaque: second.opaque,
    missing,
    unwrapped,
    unexplained,
    failedClosed,
    disagrees,
    violation: disagrees && !failedClosed,
  };
}

/** Disagreement counts over many comparisons, for the test log. */
export interface DisagreementCounts {
  compared: number;
  agreeing: number;
  secondParserErrors: number;
  secondParserGaps: number;
  secondParserErrorsFailedClosed: number;
  unknownNames: number;
  opaque: number;
  missingNames: number;
  unexplainedNames: number;
  unwrappedOnly: number;
  disagreements: number;
  disagreementsFailedClosed: number;
  violations: number;
}

export function countDisagreements(comparisons: readonly Comparison[]): DisagreementCounts {
  const count = (predicate: (comparison: Comparison) => boolean): number => comparisons.filter(predicate).length;
  return {
    compared: comparisons.length,
    agreeing: count((c) => !c.disagrees),
    secondParserErrors: count((c) => c.secondParserError !== undefined),
    secondParserGaps: count((c) => c.secondParserGap),
    secondParserErrorsFailedClosed: count((c) => c.secondParserError !== undefined && c.failedClosed),
    unknownNames: count((c) => c.unknownName),
    opaque: count((c) => c.opaque.length > 0),
    missingNames: count((c) => c.missing.length > 0),
    unexplainedNames: count((c) => c.unexplained.length > 0),
    unwrappedOnly: count((c) => !c.disagrees && c.unwrapped.length > 0),
    disagreements: count((c) => c.disagrees),
    disagreementsFailedClosed: count((c) => c.disagrees && c.failedClosed),
    violations: count((c) => c.violation),
  };
}

/** A violation as a short readable record for assertion messages. */
export function describeViolation(comparison: Comparison): Record<string, unknown> {
  return {
    command: comparison.command,
    secondParserError: comparison.secondParserError,
    unknownName: comparison.unknownName || undefined,
    opaque: comparison.opaque.length > 0 ? comparison.opaque : undefined,
    missing: comparison.missing.length > 0 ? comparison.missing : undefined,
    unexplained: comparison.unexplained.length > 0 ? comparison.unexplained : undefined,
  };
}
