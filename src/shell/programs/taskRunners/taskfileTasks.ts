import { parse } from 'yaml';
import { parseOfRecentTexts } from '../../../files/recentParses';
import { isCodeEnvironment } from '../../engine/codeEnvironment';
import { isCodeVariable } from '../../engine/codeVariables';
import type { EnvironmentReader } from '../../catalog/environmentCode';

/**
 * The shell lines `task NAME...` runs, read from a Taskfile's YAML: each task's `deps` first,
 * then its `cmds` (a `task:` entry runs that task, `defer:` at the end), the `preconditions`
 * and `status` commands it checks, and the `sh:` commands its variables run; `dir` becomes a
 * `cd`, and `{{.VAR}}` a variable's plain value or a value known only at run time. Includes,
 * dotenv files and wildcard tasks cannot be followed: the call fails closed.
 */

/** What reading a Taskfile for some tasks gives: their shell text, or why it cannot be followed. */
export type TaskReading =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'problem'; readonly reason: string }
  | { readonly kind: 'none' };

const RUN_TIME = '"${TASK_VALUE}"';
const MAX_TEXT = 64 * 1024;
const MAX_DEPTH = 8;

type Table = Readonly<Record<string, unknown>>;

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): readonly unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Variables: plain values are kept; `sh:` values are commands run as the file loads. */
function readVariables(value: unknown, into: Map<string, string>, commands: string[]): void {
  if (!isTable(value)) return;
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean')
      into.set(name, String(entry));
    else if (isTable(entry) && typeof entry.sh === 'string') commands.push(entry.sh);
  }
}

/** `{{.NAME}}` by a plain value; any other template by a value known only at run time. */
function template(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(
    /\{\{([\s\S]*?)\}\}/g,
    (_match, expression: string) => values.get(expression.trim().replace(/^\./, '')) ?? RUN_TIME,
  );
}

/** The `sh:` commands of environment entries, run as the file loads. */
function environmentCommands(value: unknown, commands: string[]): void {
  if (!isTable(value)) return;
  for (const entry of Object.values(value)) if (isTable(entry) && typeof entry.sh === 'string') commands.push(entry.sh);
}

/** `export NAME=value` for environment entries that choose the code programs run, as `families` say. */
function environmentLines(value: unknown, values: ReadonlyMap<string, string>, families: EnvironmentReader): string[] {
  if (!isTable(value)) return [];
  const lines: string[] = [];
  for (const [name, entry] of Object.entries(value)) {
    if (!isCodeEnvironment(name, families) && !isCodeVariable(name, families)) continue;
    lines.push(`export ${name}=${typeof entry === 'string' ? quoted(template(entry, values)) : RUN_TIME}`);
  }
  return lines;
}

interface Reading {
  readonly tasks: Table;
  /** which variables choose code: an `env:` entry setting one is restated */
  readonly environment: EnvironmentReader;
  readonly values: Map<string, string>;
  readonly lines: string[];
  readonly done: Set<string>;
  size: number;
  problem: string | undefined;
}

function push(reading: Reading, command: string, prefix: string): void {
  reading.size += command.length;
  if (reading.size <= MAX_TEXT) reading.lines.push(`( ${prefix}${command}\n)`);
}

/** The task as a table: a string or a list is its commands. */
function taskTable(task: unknown): Table | undefined {
  if (typeof task === 'string' || Array.isArray(task)) return { cmds: task };
  return isTable(task) ? task : undefined;
}

function runTask(reading: Reading, name: string, depth: number): void {
  if (reading.done.has(name) || depth > MAX_DEPTH || reading.problem !== undefined) return;
  reading.done.add(name);
  const task = taskTable(reading.tasks[name]);
  if (task === undefined) return;
  const values = new Map(reading.values);
  const loadCommands: string[] = [];
  readVariables(task.vars, values, loadCommands);
  environmentCommands(task.env, loadCommands);
  const setup = environmentLines(task.env, values, reading.environment)
    .map((line) => `${line}; `)
    .join('');
  const dir = typeof task.dir === 'string' ? `cd ${quoted(template(task.dir, values))} && ` : '';
  const prefix = `${setup}${dir}`;
  for (const command of loadCommands) push(reading, `: $(${command})`, prefix);
  for (const dependency of list(task.deps)) {
    const target =
      typeof dependency === 'string'
        ? dependency
        : isTable(dependency) && typeof dependency.task === 'string'
          ? dependency.task
          : undefined;
    if (target !== undefined) runTask(reading, template(target, values), depth + 1);
  }
  for (const check of [...list(task.preconditions), ...list(task.status)]) {
    const command =
      typeof check === 'string' ? check : isTable(check) && typeof check.sh === 'string' ? check.sh : undefined;
    if (command !== undefined) push(reading, template(command, values), prefix);
  }
  const deferred: string[] = [];
  const commands = task.cmd === undefined ? list(task.cmds) : [task.cmd, ...list(task.cmds)];
  for (const entry of commands) {
    if (typeof entry === 'string') push(reading, template(entry, values), prefix);
    else if (isTable(entry) && typeof entry.cmd === 'string') push(reading, template(entry.cmd, values), prefix);
    else if (isTable(entry) && typeof entry.task === 'string')
      runTask(reading, template(entry.task, values), depth + 1);
    else if (isTable(entry) && typeof entry.defer === 'string') deferred.push(template(entry.defer, values));
    else if (isTable(entry) && isTable(entry.defer) && typeof entry.defer.task === 'string')
      runTask(reading, template(entry.defer.task, values), depth + 1);
  }
  for (const command of deferred) push(reading, command, prefix);
}

type ParsedTaskfile =
  { readonly kind: 'document'; readonly document: unknown } | { readonly kind: 'problem'; readonly reason: string };

/** A Taskfile's YAML document, or why it is none; the last text's kept (see recentParses.ts). */
const parsedTaskfile = parseOfRecentTexts((text: string): ParsedTaskfile => {
  try {
    return { kind: 'document', document: parse(text, { maxAliasCount: 100 }) };
  } catch (error) {
    return {
      kind: 'problem',
      reason: `the Taskfile is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : 'parse error'})`,
    };
  }
});

/** How task is run: the variables set on its line (`task NAME=VALUE`), and which variables choose code (the run site's). */
export interface TaskRun {
  readonly variables?: readonly (readonly [string, string | undefined])[] | undefined;
  readonly environment: EnvironmentReader;
}

/**
 * The shell text `task NAMES` runs from a Taskfile's text (no names: `default`), with the
 * variables set on its line; undefined values are built at run time.
 */
export function taskfileText(text: string, names: readonly string[], invoked: TaskRun): TaskReading {
  const parsed = parsedTaskfile(text);
  if (parsed.kind === 'problem') return parsed;
  const { document } = parsed;
  if (!isTable(document)) return { kind: 'problem', reason: 'the Taskfile is not a YAML mapping' };
  if (document.includes !== undefined) return { kind: 'problem', reason: 'the Taskfile includes other Taskfiles' };
  if (document.dotenv !== undefined)
    return { kind: 'problem', reason: 'the Taskfile loads environment files (dotenv)' };
  const tasks = isTable(document.tasks) ? document.tasks : {};
  if (Object.keys(tasks).some((name) => name.includes('*')))
    return { kind: 'problem', reason: 'the Taskfile has wildcard task names' };
  const values = new Map<string, string>();
  const loadCommands: string[] = [];
  readVariables(document.vars, values, loadCommands);
  for (const [name, value] of invoked.variables ?? []) values.set(name, value ?? RUN_TIME);
  const reading: Reading = {
    tasks,
    environment: invoked.environment,
    values,
    lines: [],
    done: new Set(),
    size: 0,
    problem: undefined,
  };
  environmentCommands(document.env, loadCommands);
  const environment = environmentLines(document.env, values, invoked.environment);
  for (const command of loadCommands) push(reading, `: $(${command})`, '');
  for (const line of environment) reading.lines.push(line);
  for (const name of names.length === 0 ? ['default'] : names) runTask(reading, name, 0);
  if (reading.problem !== undefined) return { kind: 'problem', reason: reading.problem };
  if (reading.size > MAX_TEXT) return { kind: 'problem', reason: `the tasks are longer than ${MAX_TEXT} characters` };
  return reading.lines.length === 0 ? { kind: 'none' } : { kind: 'text', text: reading.lines.join('\n') };
}
