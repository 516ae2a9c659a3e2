// Runs the shell analysis over the public command corpus (test/corpus/data) and summarises it;
// with --compare, reports what changed against a recorded run, to count the false positives a
// stricter analysis adds.
//   npx tsx scripts/commandCorpus.ts [--out FILE] [--compare BEFORE.json]
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RISK_CATEGORIES, type Evidence, type RiskCategory } from '../src/index';
import { leadingProgram } from './leadingProgram';
import {
  loadPublicCorpus,
  makeCorpusWorkspace,
  measureCommand,
  type CommandRecord,
  type CorpusWorkspace,
  type Measurement,
  type PathUse,
} from '../test/corpus/publicCorpus';

const EXAMPLES = 20;
const TOP_PROGRAMS = 15;
const NON_READ_ROLES: readonly string[] = ['write', 'overwrite', 'delete'];

type Records = ReadonlyMap<string, CommandRecord>;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Runs every corpus command in one temporary workspace, removed afterwards. */
function runCorpus(): { measurements: Map<string, Measurement>; workspace: CorpusWorkspace; ms: number } {
  const workspace = makeCorpusWorkspace();
  const measurements = new Map<string, Measurement>();
  const start = process.hrtime.bigint();
  try {
    for (const line of loadPublicCorpus()) measurements.set(line.command, measureCommand(line, workspace));
  } finally {
    rmSync(workspace.root, { recursive: true, force: true });
  }
  return { measurements, workspace, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

/** One entry per line, keys sorted, so two runs diff line by line. */
function recordsJson(records: Records): string {
  const entries = [...records.entries()].sort(([a], [b]) => compareText(a, b));
  return `{\n${entries.map(([command, record]) => `  ${JSON.stringify(command)}: ${JSON.stringify(record)}`).join(',\n')}\n}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isCategory = (value: string): value is RiskCategory => (RISK_CATEGORIES as readonly string[]).includes(value);
const isPathUse = (value: unknown): value is PathUse =>
  Array.isArray(value) &&
  value.length === 2 &&
  NON_READ_ROLES.concat('read').includes(String(value[0])) &&
  typeof value[1] === 'string';

function readRecords(file: string): Records {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isRecord(parsed)) throw new Error(`${file}: not a JSON object`);
  const records = new Map<string, CommandRecord>();
  for (const [command, value] of Object.entries(parsed)) {
    if (
      !isRecord(value) ||
      !isStringArray(value.sources) ||
      !isStringArray(value.categories) ||
      !Array.isArray(value.paths)
    ) {
      throw new Error(`${file}: malformed record for ${JSON.stringify(command)}`);
    }
    const categories = value.categories.filter(isCategory);
    const paths = value.paths.filter(isPathUse);
    // a category or role this code does not know would otherwise show up as a silent loss
    if (categories.length !== value.categories.length || paths.length !== value.paths.length) {
      throw new Error(`${file}: unknown category or path role for ${JSON.stringify(command)}`);
    }
    const unknowable = typeof value.unknowable === 'string' ? value.unknowable : undefined;
    records.set(command, {
      sources: value.sources,
      categories,
      paths,
      ...(unknowable !== undefined && { unknowable }),
    });
  }
  return records;
}

const firstWord = (text: string): string => text.trim().split(/\s+/)[0] ?? '';

/** The programs of the simple commands behind a category: its findings, or the commands naming its paths. */
function programsBehind(category: RiskCategory, measurement: Measurement): string[] {
  const { analysis } = measurement;
  const { evidence } = measurement.categorization;
  const programs = new Set(
    analysis.findings.filter((finding) => finding.category === category).map((finding) => firstWord(finding.command)),
  );
  for (const item of evidence) {
    if (item.category !== category) continue;
    for (const operand of analysis.pathOperands) {
      if (operand.path === item.trigger || operand.source === item.trigger) programs.add(firstWord(operand.command));
    }
  }
  programs.delete('');
  return [...programs].sort(compareText);
}

function countInto(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Counts, largest first, ties by name. */
function ranked(counts: ReadonlyMap<string, number>, limit = Infinity): string {
  const rows = [...counts.entries()].sort(([a, x], [b, y]) => y - x || compareText(a, b)).slice(0, limit);
  return rows.length === 0
    ? '    (none)'
    : rows.map(([key, count]) => `    ${String(count).padStart(5)}  ${key}`).join('\n');
}

/** A command on one line, clipped, for a report. */
function shown(command: string, width = 160): string {
  const flat = command.replace(/\n/g, ' ⏎ ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** A fixed spread of examples: the first in SHA-256 order, listed sorted. */
function examples<T extends { readonly command: string }>(items: readonly T[]): T[] {
  return [...items]
    .sort((a, b) => compareText(sha256(a.command), sha256(b.command)))
    .slice(0, EXAMPLES)
    .sort((a, b) => compareText(a.command, b.command));
}

function withoutRoot(text: string, workspace: CorpusWorkspace): string {
  return text.split(workspace.root).join('<tmp>');
}

/** The evidence of the new categories, and of the new paths (whose categories may not be new). */
function evidenceLines(evidence: readonly Evidence[], change: Change, workspace: CorpusWorkspace): string[] {
  const paths = new Set(change.gainedWrites.map((use) => use[1]));
  const lines = evidence
    .filter((item) => change.gained.includes(item.category) || paths.has(item.trigger))
    .map(
      (item) =>
        `      + ${item.category}: ${withoutRoot(item.note, workspace)} [${withoutRoot(item.trigger, workspace)}]`,
    );
  return [...new Set(lines)];
}

const pathKey = (use: PathUse): string => `${use[0]} ${use[1]}`;

interface Change {
  readonly command: string;
  readonly gained: readonly RiskCategory[];
  readonly lost: readonly RiskCategory[];
  readonly gainedWrites: readonly PathUse[];
  readonly becameUnknowable: boolean;
  readonly measurement: Measurement;
}

function changeOf(command: string, before: CommandRecord, measurement: Measurement): Change {
  const after = measurement.record;
  const beforePaths = new Set(before.paths.map(pathKey));
  return {
    command,
    gained: after.categories.filter((category) => !before.categories.includes(category)),
    lost: before.categories.filter((category) => !after.categories.includes(category)),
    gainedWrites: after.paths.filter((use) => NON_READ_ROLES.includes(use[0]) && !beforePaths.has(pathKey(use))),
    becameUnknowable: before.unknowable === undefined && after.unknowable !== undefined,
    measurement,
  };
}

function compare(
  beforeFile: string,
  measurements: ReadonlyMap<string, Measurement>,
  workspace: CorpusWorkspace,
): string {
  const before = readRecords(beforeFile);
  const changes: Change[] = [];
  for (const [command, measurement] of measurements) {
    const recorded = before.get(command);
    if (recorded !== undefined) changes.push(changeOf(command, recorded, measurement));
  }
  const onlyBefore = [...before.keys()].filter((command) => !measurements.has(command)).length;
  const onlyNow = [...measurements.keys()].filter((command) => !before.has(command)).length;
  const gained = changes.filter((change) => change.gained.length > 0);
  const lost = changes.filter((change) => change.lost.length > 0);
  const wrote = changes.filter((change) => change.gainedWrites.length > 0);
  const unknowable = changes.filter((change) => change.becameUnknowable);

  const perCategory = new Map<string, number>();
  const gainedByProgram = new Map<string, number>();
  const gainedByLeading = new Map<string, number>();
  const gainedBySource = new Map<string, number>();
  // why: every new category comes from a possible write (a program, subcommand or option the
  // catalog does not know), or at least one from what the catalog knows the command does
  const gainedWhy = new Map<string, number>();
  for (const change of gained) {
    const newEvidence = change.measurement.categorization.evidence.filter((item) =>
      change.gained.includes(item.category),
    );
    countInto(
      gainedWhy,
      newEvidence.every((item) => item.note.startsWith('possible '))
        ? 'only possible writes: the catalog does not know the program, subcommand or option'
        : 'what the catalog knows the command does',
    );
    for (const category of change.gained) countInto(perCategory, category);
    const programs = new Set(change.gained.flatMap((category) => programsBehind(category, change.measurement)));
    for (const program of programs) countInto(gainedByProgram, program);
    countInto(gainedByLeading, leadingProgram(change.command));
    for (const source of change.measurement.record.sources) countInto(gainedBySource, source);
  }
  const writesByProgram = new Map<string, number>();
  const writesByRole = new Map<string, number>();
  for (const change of wrote) {
    const after = change.measurement.analysis.pathOperands;
    const keys = new Set(change.gainedWrites.map(pathKey));
    const programs = new Set(
      after
        .filter((operand) => keys.has(pathKey([operand.role, operand.path ?? operand.source])))
        .map((operand) => firstWord(operand.command)),
    );
    for (const program of programs) countInto(writesByProgram, program);
    for (const role of new Set(change.gainedWrites.map((use) => use[0]))) countInto(writesByRole, role);
  }
  const unknowableReasons = new Map<string, number>();
  for (const change of unknowable) countInto(unknowableReasons, change.measurement.record.unknowable ?? '');

  const out: string[] = [];
  out.push(`compared ${changes.length} commands with ${beforeFile}`);
  if (onlyBefore + onlyNow > 0)
    out.push(`  (${onlyBefore} only in the recorded run, ${onlyNow} only in the corpus now: not compared)`);
  out.push('', `gained at least one category: ${gained.length}`, '  per category gained:', ranked(perCategory));
  out.push('  why:', ranked(gainedWhy));
  out.push('  by source:', ranked(gainedBySource));
  out.push(`  top programs (the simple commands behind the new categories):`, ranked(gainedByProgram, TOP_PROGRAMS));
  out.push(`  top programs (first word of the command line):`, ranked(gainedByLeading, TOP_PROGRAMS));
  out.push('', `lost a category: ${lost.length}${lost.length > 0 ? ' (all listed at the end)' : ''}`);
  out.push('', `gained a non-read path operand: ${wrote.length}`, '  per role:', ranked(writesByRole));
  out.push('  per program:', ranked(writesByProgram, TOP_PROGRAMS));
  out.push('', `became unknowable (fail closed): ${unknowable.length}`, ranked(unknowableReasons, TOP_PROGRAMS));

  out.push('', `examples, gained a category (${Math.min(EXAMPLES, gained.length)} of ${gained.length}):`);
  for (const change of examples(gained)) {
    out.push(
      `    ${shown(change.command)}`,
      ...evidenceLines(change.measurement.categorization.evidence, change, workspace),
    );
  }
  out.push('', `examples, gained a non-read path operand (${Math.min(EXAMPLES, wrote.length)} of ${wrote.length}):`);
  for (const change of examples(wrote)) {
    out.push(`    ${shown(change.command)}`);
    out.push(...change.gainedWrites.map((use) => `      + ${use[0]} ${withoutRoot(use[1], workspace)}`));
    out.push(...evidenceLines(change.measurement.categorization.evidence, change, workspace));
  }
  if (lost.length > 0) out.push('', `lost a category (${lost.length}):`);
  for (const change of [...lost].sort((a, b) => compareText(a.command, b.command))) {
    out.push(`    ${shown(change.command)}`, `      - ${change.lost.join(' ')}`);
  }
  return `${out.join('\n')}\n`;
}

function summary(measurements: ReadonlyMap<string, Measurement>, ms: number): string {
  const records = [...measurements.values()].map((measurement) => measurement.record);
  const perCategory = new Map<string, number>(RISK_CATEGORIES.map((category) => [category, 0]));
  const perSource = new Map<string, number>();
  const roles = new Map<string, number>();
  let execOnly = 0;
  let none = 0;
  let unknowable = 0;
  let nonRead = 0;
  for (const record of records) {
    for (const category of record.categories) countInto(perCategory, category);
    for (const source of record.sources) countInto(perSource, source);
    for (const role of new Set(record.paths.map((use) => use[0]))) countInto(roles, role);
    if (record.categories.length === 1 && record.categories[0] === 'EXEC_ARBITRARY') execOnly++;
    if (record.categories.length === 0) none++;
    if (record.unknowable !== undefined) unknowable++;
    if (record.paths.some((use) => NON_READ_ROLES.includes(use[0]))) nonRead++;
  }
  return [
    `${records.length} distinct commands analysed in ${Math.round(ms)} ms`,
    '  per source:',
    ranked(perSource),
    `  only EXEC_ARBITRARY: ${execOnly}; no category: ${none}; unknowable (fail closed): ${unknowable}`,
    `  with a non-read path operand: ${nonRead}`,
    '  commands per category:',
    ranked(perCategory),
    '  commands per path role:',
    ranked(roles),
    '',
  ].join('\n');
}

function main(): void {
  const { values } = parseArgs({ options: { out: { type: 'string' }, compare: { type: 'string' } } });
  const { measurements, workspace, ms } = runCorpus();
  process.stdout.write(summary(measurements, ms));
  if (values.out !== undefined) {
    const records = new Map([...measurements.entries()].map(([command, measurement]) => [command, measurement.record]));
    writeFileSync(values.out, recordsJson(records));
    process.stdout.write(`wrote ${values.out}\n`);
  }
  if (values.compare !== undefined) process.stdout.write(`\n${compare(values.compare, measurements, workspace)}`);
}

main();
