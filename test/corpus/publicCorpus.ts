// The public command corpus of test/corpus/data (sources and licences in its README.md), and
// what the shell analysis makes of one of its lines; shared by its test and scripts/commandCorpus.ts.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  analyzeShell,
  categorize,
  type Categorization,
  type RiskCategory,
  type ShellAnalysis,
  type ShellPathOperand,
} from '../../src/index';

export const PUBLIC_CORPUS_DIR = fileURLToPath(new URL('./data/', import.meta.url));

/** The corpus files: one command per line (.txt), or a JSON array of commands, one per line (.json). */
export const PUBLIC_CORPUS_FILES: readonly string[] = [
  'mini-swe-agent-swebench.json',
  'nl2bash-sample.txt',
  'tldr-developer.txt',
];

/** The recorded analysis of the current code, kept to compare a later version against. */
export const BEFORE_FILE = path.join(PUBLIC_CORPUS_DIR, 'commands.before.json');

export const MAX_LINE = 2000;

export interface CorpusLine {
  readonly command: string;
  /** the corpus files it appears in, without extension */
  readonly sources: readonly string[];
}

/** The commands of one corpus file, in file order. */
export function readCorpusFile(file: string): string[] {
  const text = readFileSync(path.join(PUBLIC_CORPUS_DIR, file), 'utf8');
  if (file.endsWith('.json')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || !parsed.every((item): item is string => typeof item === 'string')) {
      throw new Error(`${file}: not a JSON array of strings`);
    }
    return parsed;
  }
  return text.split('\n').filter((line) => line !== '');
}

const sourceName = (file: string): string => file.replace(/\.(txt|json)$/, '');

/** Every distinct command of the corpus, sorted, with the files it comes from. */
export function loadPublicCorpus(): CorpusLine[] {
  const sources = new Map<string, string[]>();
  for (const file of PUBLIC_CORPUS_FILES) {
    for (const command of readCorpusFile(file)) {
      const seen = sources.get(command) ?? [];
      if (!seen.includes(sourceName(file))) seen.push(sourceName(file));
      sources.set(command, seen);
    }
  }
  return [...sources.keys()].sort().map((command) => ({ command, sources: sources.get(command) ?? [] }));
}

export type PathUse = readonly [role: ShellPathOperand['role'], path: string];

/** What the analysis makes of one command: the JSON record kept in the "before" file. */
export interface CommandRecord {
  readonly sources: readonly string[];
  /** `categorize('shell', { command })` categories, sorted by name */
  readonly categories: readonly RiskCategory[];
  /** the distinct `[role, path ?? source]` of `analyzeShell(command).pathOperands`, sorted */
  readonly paths: readonly PathUse[];
  /** the fail-closed reason, when the analysis gave up */
  readonly unknowable?: string;
}

export interface Measurement {
  readonly record: CommandRecord;
  readonly categorization: Categorization;
  readonly analysis: ShellAnalysis;
}

export interface CorpusWorkspace {
  /** the temporary folder holding both below */
  readonly root: string;
  /** empty but for `.orchestration/` */
  readonly workspaceRoot: string;
  /** a home folder of its own, so `~` does not depend on the machine */
  readonly homeDir: string;
}

/** A fresh temporary workspace to categorize corpus commands in. */
export function makeCorpusWorkspace(parent: string = process.env.INTENTGATE_TEST_TMP ?? tmpdir()): CorpusWorkspace {
  const root = mkdtempSync(path.join(parent, 'corpus-'));
  const workspaceRoot = path.join(root, 'workspace');
  const homeDir = path.join(root, 'home');
  mkdirSync(path.join(workspaceRoot, '.orchestration'), { recursive: true });
  mkdirSync(homeDir);
  return { root, workspaceRoot, homeDir };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function distinctPaths(operands: readonly ShellPathOperand[]): PathUse[] {
  const byKey = new Map<string, PathUse>();
  for (const operand of operands) {
    const use: PathUse = [operand.role, operand.path ?? operand.source];
    byKey.set(JSON.stringify(use), use);
  }
  return [...byKey.entries()].sort(([a], [b]) => compareText(a, b)).map(([, use]) => use);
}

/** Categorizes and analyses one command in the given workspace. */
export function measureCommand(line: CorpusLine, workspace: CorpusWorkspace): Measurement {
  const { workspaceRoot, homeDir } = workspace;
  const categorization = categorize('shell', { command: line.command }, { workspaceRoot, homeDir });
  const analysis = analyzeShell(line.command);
  const record: CommandRecord = {
    sources: line.sources,
    categories: [...categorization.categories].sort(compareText),
    paths: distinctPaths(analysis.pathOperands),
    ...(analysis.unknowable !== undefined && { unknowable: analysis.unknowable }),
  };
  return { record, categorization, analysis };
}
