import path from 'node:path';
import { decodeMeaningfulEscapes } from './decodeMeaningfulEscapes';
import { fileUrlPath } from './fileUrlPath';
import { LookupMemo } from './lookupMemo';
import { CarriesEntry, type PathEntry } from './pathEntry';
import { type BackslashReading, type PathReading, type ReadingContext, readPath } from './readPath';

/** Longest path argument accepted; longer ones are refused before any work is done on them. */
export const MAX_PATH_LENGTH = 4096;

/** Where a path argument lands relative to the workspace, and why. */
export interface PathAnalysis {
  readonly input: string;
  /** the resolved absolute path (symlinks followed), undefined when it cannot be known on this host */
  readonly absolute: string | undefined;
  /** the path below the workspace root, '/'-separated, '' for the root; undefined unless inside */
  readonly relative: string | undefined;
  readonly insideWorkspace: boolean;
  /** what was noticed on the way, e.g. 'percent-encoded separators', 'symlink to /etc' */
  readonly reasons: readonly string[];
  /** false for empty paths, NUL bytes and paths over MAX_PATH_LENGTH characters */
  readonly valid: boolean;
}

/** Where the workspace is and where the tool starts relative paths. */
export interface PathAnalysisOptions {
  readonly workspaceRoot: string;
  /** where relative paths start; defaults to the workspace root, relative bases start there too */
  readonly base?: string;
  /** what '~' and $HOME expand to; defaults to os.homedir() */
  readonly homeDir?: string;
  /**
   * the lookups made so far in this one decision, the real folders of roots and bases too; a
   * link can change between two decisions, so a memo never outlives the analyzer that made it
   */
  readonly lookups?: LookupMemo;
}

interface LabelledReading extends PathReading {
  /** why this reading is checked besides the main one; '' for the main one */
  readonly label: string;
}

const OUTSIDE = 'outside the workspace';

function notInside(input: string, reasons: readonly string[], valid = true): PathAnalysis {
  return {
    input,
    absolute: undefined,
    relative: undefined,
    insideWorkspace: false,
    reasons: [...new Set(reasons)],
    valid,
  };
}

function invalidReason(input: unknown): string | undefined {
  if (typeof input !== 'string') return 'not a string';
  if (input.length === 0) return 'empty path';
  if (input.length > MAX_PATH_LENGTH) return `longer than ${MAX_PATH_LENGTH} characters`;
  if (input.includes('\0')) return 'NUL byte';
  return undefined;
}

// the last absolute root resolved: path.resolve of an absolute path is a function of the string alone
let lastRoot = '';
let lastResolvedRoot = '';

function resolvedRoot(workspaceRoot: string): string {
  if (workspaceRoot === lastRoot) return lastResolvedRoot;
  const root = path.resolve(workspaceRoot);
  if (workspaceRoot.startsWith('/')) {
    lastRoot = workspaceRoot;
    lastResolvedRoot = root;
  }
  return root;
}

function readingContext(options: PathAnalysisOptions): ReadingContext {
  const root = resolvedRoot(options.workspaceRoot);
  const base = options.base === undefined ? root : path.resolve(root, options.base);
  return { root, base, lookups: options.lookups ?? new LookupMemo(root), homeDir: options.homeDir };
}

// every reading a tool might make of the text: decoded or not, '\' as a separator or not
function readingsOf(decoded: string, written: string, context: ReadingContext): LabelledReading[] {
  const texts = decoded === written ? [decoded] : [decoded, written];
  const readings: LabelledReading[] = [];
  for (const [index, text] of texts.entries()) {
    const label = index === 0 ? '' : 'when read without percent-decoding';
    const modes: BackslashReading[] = text.includes('\\') ? ['separator', 'literal'] : ['separator'];
    for (const mode of modes) {
      const modeLabel = mode === 'literal' ? "when '\\' is read as a plain character" : '';
      const reading = readPath(text, mode, context);
      readings.push({
        absolute: reading.absolute,
        relative: reading.relative,
        reasons: reading.reasons,
        entry: reading.entry,
        label: [label, modeLabel].filter(Boolean).join(', '),
      });
    }
  }
  return readings;
}

function analyze(input: string, options: PathAnalysisOptions): PathAnalysis {
  const invalid = invalidReason(input);
  if (invalid) return notInside(input, [invalid], false);
  const reasons: string[] = [];
  let written = input;
  const url = fileUrlPath(input);
  if (url) {
    reasons.push('file URL');
    if ('problem' in url) return notInside(input, [...reasons, url.problem, OUTSIDE]);
    written = url.path;
  }
  const decoded = decodeMeaningfulEscapes(written);
  reasons.push(...decoded.reasons);
  if (decoded.exhausted) return notInside(input, [...reasons, 'percent-encoding nested too deep', OUTSIDE]);
  if (decoded.text.includes('\0')) return notInside(input, reasons, false);
  const context = readingContext(options);
  // the common path: one text, no '\', one reading
  if (decoded.text === written && !written.includes('\\')) {
    const only = readPath(written, 'separator', context);
    return only.relative === undefined
      ? outsideAnalysis(input, reasons, only, '')
      : insideAnalysis(input, reasons, only);
  }
  const readings = readingsOf(decoded.text, written, context);
  const main = readings[0];
  if (main === undefined) return notInside(input, [...reasons, OUTSIDE]);
  const escaping = readings.find((reading) => reading.relative === undefined);
  return escaping === undefined
    ? insideAnalysis(input, reasons, main)
    : outsideAnalysis(input, reasons, escaping, escaping.label);
}

/** An analysis inside the workspace whose lookup saw what is at its end, for the checks of the same decision. */
class InsideWithEntry extends CarriesEntry implements PathAnalysis {
  readonly input: string;
  readonly absolute: string | undefined;
  readonly relative: string | undefined;
  readonly insideWorkspace: true;
  readonly reasons: readonly string[];
  readonly valid: true;

  // the fields in the order of every other analysis, so that copies and JSON read the same
  constructor(
    input: string,
    absolute: string | undefined,
    relative: string | undefined,
    reasons: readonly string[],
    entry: PathEntry,
  ) {
    super(entry);
    this.input = input;
    this.absolute = absolute;
    this.relative = relative;
    this.insideWorkspace = true;
    this.reasons = reasons;
    this.valid = true;
  }
}

function insideAnalysis(input: string, reasons: readonly string[], main: PathReading): PathAnalysis {
  const found = reasons.length === 0 && main.reasons.length === 0 ? [] : [...new Set([...reasons, ...main.reasons])];
  if (main.entry !== undefined) return new InsideWithEntry(input, main.absolute, main.relative, found, main.entry);
  return {
    input,
    absolute: main.absolute,
    relative: main.relative,
    insideWorkspace: true,
    reasons: found,
    valid: true,
  };
}

function outsideAnalysis(
  input: string,
  reasons: readonly string[],
  escaping: PathReading,
  escapingLabel: string,
): PathAnalysis {
  const label = escapingLabel === '' ? [] : [`outside ${escapingLabel}`];
  const all = [...new Set([...reasons, ...escaping.reasons, ...label, OUTSIDE])];
  return { input, absolute: escaping.absolute, relative: undefined, insideWorkspace: false, reasons: all, valid: true };
}

/**
 * Resolves a path argument as the tool would (percent-escapes, '\', '~', $HOME, file:// URLs,
 * symlinks) and says whether it stays inside the workspace. Never throws.
 * @example analyzePath('src/%2e%2e/../etc', { workspaceRoot: '/ws' }).insideWorkspace // false
 */
export function analyzePath(input: string, options: PathAnalysisOptions): PathAnalysis {
  try {
    return analyze(input, options);
  } catch {
    return notInside(input, ['path cannot be analysed', OUTSIDE]);
  }
}

/** The analysis of a path only known at run time ($VAR, $(...), globs): never inside. */
export function unknownPathAnalysis(source: string): PathAnalysis {
  return notInside(source, [`path only known at run time: ${source}`, OUTSIDE]);
}
