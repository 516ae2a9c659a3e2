import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { INTENTS_FILE_NAME } from '../../intents/intentsFile';
import {
  agentConfigFiles,
  jsonDialectOf,
  RIVAL_AGENTS,
  type ConfigFile,
  type HookInvocation,
  type InstallAgent,
} from './agentConfigs';
import { FileDraft, type DraftChanges } from './fileDraft';
import { HooksInstallError } from './installError';
import {
  emptyInstallRecord,
  INSTALL_RECORD_FILE,
  installRecordText,
  parseInstallRecord,
  type FileRecord,
  type InstallRecord,
} from './installRecord';
import { INTENTS_EXAMPLE } from './intentsExample';
import { applyJsonEdit, planJsonEdits, removeJsonEdit } from './jsonEdits';
import { parseJsonDocument } from './jsonText';
import { parseTomlText, removeTomlAppendix, tomlAppendix } from './tomlBlock';

/** Where install writes: the workspace (the agents' project folder) and its orchestration directory, both absolute. */
export interface InstallTarget {
  readonly workspace: string;
  readonly orchestrationDir: string;
}

/** What a plan would do, and what it found changed since install and left alone. */
export interface InstallPlan {
  readonly draft: FileDraft;
  readonly changes: DraftChanges;
  readonly notes: readonly string[];
}

// a JSON settings file install creates starts as this; uninstall deletes it when this is all that is left
const EMPTY_JSON = '{}\n';

/** What a plan works on: the files in memory, where they are, and what it found changed since install. */
interface Planning {
  readonly draft: FileDraft;
  readonly target: InstallTarget;
  readonly notes: string[];
}

const recordFileOf = (target: InstallTarget): string => path.join(target.orchestrationDir, INSTALL_RECORD_FILE);

function readRecord(draft: FileDraft, target: InstallTarget): InstallRecord | undefined {
  const file = recordFileOf(target);
  const text = draft.read(file);
  return text === undefined ? undefined : parseInstallRecord(text, file);
}

/** The folders above `file` that are missing, up to one that is there, outermost first. */
function missingDirs(draft: FileDraft, file: string): string[] {
  const missing: string[] = [];
  for (let dir = path.dirname(file); !draft.dirExists(dir) && path.dirname(dir) !== dir; dir = path.dirname(dir))
    missing.unshift(dir);
  return missing;
}

/** The command line of a hook handler: `command`, or `bash` in Copilot CLI's hook files. */
function handlerCommand(handler: unknown): string | undefined {
  if (typeof handler !== 'object' || handler === null) return undefined;
  const { command, bash } = handler as { command?: unknown; bash?: unknown };
  return typeof command === 'string' ? command : typeof bash === 'string' ? bash : undefined;
}

/** Hook commands of intentgate for this agent that install did not write: two would answer every event twice. */
function foreignHooks(value: unknown, agent: InstallAgent): string[] {
  const hooks = typeof value === 'object' && value !== null ? (value as { hooks?: unknown }).hooks : undefined;
  if (typeof hooks !== 'object' || hooks === null) return [];
  // Claude Code, Codex and Gemini CLI group handlers under a matcher; Copilot lists them under the event
  const commands = Object.values(hooks)
    .flatMap((groups: unknown) => (Array.isArray(groups) ? groups : []))
    .flatMap((group: unknown) => [
      group,
      ...(typeof group === 'object' && group !== null && Array.isArray((group as { hooks?: unknown }).hooks)
        ? (group as { hooks: unknown[] }).hooks
        : []),
    ])
    .map(handlerCommand);
  return commands.filter(
    (command): command is string =>
      command !== undefined && command.includes('intentgate') && command.includes(`hook ${agent}`),
  );
}

/** Whether a file's text runs intentgate's hook for the agent: a hook file's handlers, or a plugin's command line. */
function runsHook(text: string, agent: InstallAgent): boolean {
  if (!text.includes('intentgate') || !text.includes(`hook ${agent}`)) return false;
  try {
    return foreignHooks(JSON.parse(text), agent).length > 0;
  } catch {
    // not JSON: a plugin's source, which names the command in its text
    return true;
  }
}

/**
 * The other files of a folder the agent loads whole that run intentgate's hook (a hook file or a
 * plugin set up by hand under another name): with install's, two would answer every event.
 */
function handSetupsBeside(dir: string, file: string, agent: InstallAgent): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => name !== path.basename(file))
    .map((name) => path.join(dir, name))
    .filter((other) => statSync(other).isFile() && runsHook(readFileSync(other, 'utf8'), agent));
}

/**
 * Refuses an agent whose rival's hooks are in the workspace (RIVAL_AGENTS): installed by install,
 * or set up by hand in the rival's hook files.
 */
function refuseRival(draft: FileDraft, target: InstallTarget, record: InstallRecord, agent: InstallAgent): void {
  const rival = RIVAL_AGENTS[agent];
  if (rival === undefined) return;
  const where = path.join(target.workspace, rival.hookFiles);
  const files = rival.hookFiles.endsWith('/')
    ? handSetupsBeside(where, '', rival.agent)
    : [where].filter((file) => runsHook(draft.read(file) ?? '', rival.agent));
  if (record.agents[rival.agent] === undefined && files.length === 0) return;
  throw new HooksInstallError(
    'conflicting_settings',
    rival.hookFiles,
    `intentgate's hooks for ${rival.agent} are in this workspace (${rival.hookFiles}), and ` +
      `${rival.why}: with both, every Copilot event would run intentgate's hook for claude-code as ` +
      `well, which refuses every call of a Copilot session. Nothing was written: govern one of the ` +
      `two agents per workspace (\`intentgate hooks uninstall ${rival.agent}\` first)`,
  );
}

/** Adds one file's settings to the draft; its record says how to take them out again. */
function installFile(
  { draft, target, notes }: Planning,
  config: ConfigFile,
  agent: InstallAgent,
): { record: FileRecord; dirs: string[] } {
  const file = path.join(target.workspace, config.file);
  const before = draft.read(file);
  const dirs = missingDirs(draft, file).map((dir) => path.relative(target.workspace, dir));
  const beside = config.siblingsLoaded === true ? handSetupsBeside(path.dirname(file), file, agent) : [];
  if (beside.length > 0) {
    const names = beside.map((other) => path.relative(target.workspace, other));
    throw new HooksInstallError(
      'conflicting_settings',
      names[0] ?? config.file,
      `${names.join(', ')} already ${names.length === 1 ? 'runs' : 'run'} intentgate's hook, set up ` +
        `by hand, and the agent loads every file of ${path.dirname(config.file)}/ beside ` +
        `${config.file}. Two would answer every event twice. Nothing was written: remove ${names.length === 1 ? 'it' : 'them'}, then install again`,
    );
  }
  if (config.kind === 'text') {
    // never merged: a file of that name install did not write is someone's own (a plugin set up by hand)
    if (before !== undefined)
      throw new HooksInstallError(
        'conflicting_settings',
        config.file,
        `${config.file} is already there, and install did not write it. Nothing was written: remove it, then install again`,
      );
    draft.write(file, config.text);
    return { record: { file: config.file, created: true, text: config.text }, dirs };
  }
  if (config.kind === 'toml') {
    const parsed = before === undefined ? {} : parseTomlText(before, config.file);
    // hooks there run beside those of hooks.json: one of intentgate's there would answer every event twice
    if (parsed.hooks !== undefined && config.placement !== 'start')
      notes.push(
        `${config.file} has hooks of its own ([hooks]); make sure none of them runs \`intentgate hook\`, which install now runs from .codex/hooks.json`,
      );
    let table: unknown = parsed;
    for (const key of config.table)
      table = typeof table === 'object' && table !== null ? (table as Record<string, unknown>)[key] : undefined;
    if (table !== undefined && config.placement === 'start')
      throw new HooksInstallError(
        'conflicting_settings',
        config.file,
        `${config.file} already sets ${config.table.join('.')}, which install did not write, and ` +
          `intentgate's contained line runs only with ` +
          `${config.block.split('\n').find((line) => line.startsWith(config.table.join('.'))) ?? 'its own setting'}. ` +
          `Nothing was written: remove it, then install again; or keep Codex's own sandbox with containment: off in the hook's policy (docs/hooks.md)`,
      );
    if (table !== undefined)
      throw new HooksInstallError(
        'conflicting_settings',
        config.file,
        `${config.file} already has [${config.table.join('.')}], which install did not write. Nothing was written: remove it, then install again`,
      );
    // top-level keys go before the file's first table; a block of tables is appended
    const appendix =
      config.placement === 'start'
        ? `${config.block}${before === undefined || before === '' ? '' : '\n'}`
        : tomlAppendix(before ?? '', config.block);
    const after = config.placement === 'start' ? appendix + (before ?? '') : (before ?? '') + appendix;
    try {
      parseTomlText(after, config.file);
    } catch (error) {
      throw new HooksInstallError(
        'conflicting_settings',
        config.file,
        `${config.file} cannot take [${config.table.join('.')}] as a table (${error instanceof Error ? error.message : String(error)}). Nothing was written`,
        { cause: error },
      );
    }
    draft.write(file, after);
    return { record: { file: config.file, created: before === undefined, appendix }, dirs };
  }
  const document = parseJsonDocument(before ?? EMPTY_JSON, config.file, config.dialect);
  const foreign = foreignHooks(document.value, agent);
  if (foreign.length > 0) {
    throw new HooksInstallError(
      'conflicting_settings',
      config.file,
      `${config.file} already runs intentgate's hook, set up by hand: ` +
        `${foreign.map((command) => `'${command}'`).join(', ')}. Two would answer every event twice. ` +
        `Nothing was written: remove those hooks, then install again`,
    );
  }
  const edits = planJsonEdits(document, config.additions, config.file);
  const after = edits.reduce((text, edit) => applyJsonEdit(text, edit, config), before ?? EMPTY_JSON);
  if (after !== before) draft.write(file, after);
  return { record: { file: config.file, created: before === undefined, edits }, dirs };
}

/** Takes one file's settings out of the draft, as its record says; a note for each part no longer there as written. */
function uninstallFile({ draft, target, notes }: Planning, record: FileRecord): void {
  const file = path.join(target.workspace, record.file);
  let text = draft.read(file);
  if (text === undefined) {
    notes.push(`${record.file} is gone; nothing to remove from it`);
    return;
  }
  if (record.text !== undefined) {
    if (text === record.text) draft.write(file, undefined);
    else notes.push(`${record.file} was changed since install; left as it is`);
    return;
  }
  if (record.appendix !== undefined) {
    const removed = removeTomlAppendix(text, record.appendix);
    if (removed === undefined) notes.push(`${record.file} no longer holds the block install appended; left as it is`);
    else text = removed;
  }
  for (const edit of [...(record.edits ?? [])].reverse()) {
    const removed = removeJsonEdit(text, edit, { file: record.file, dialect: jsonDialectOf(record.file) });
    const where = [...edit.path, ...(edit.op === 'member' ? [edit.key] : [])].join('.');
    if (removed === undefined) notes.push(`${record.file}: '${where}' was changed since install; left as it is`);
    else text = removed;
  }
  const empty = record.appendix !== undefined ? text === '' : text === EMPTY_JSON;
  draft.write(file, record.created && empty ? undefined : text);
}

/** Uninstalls the agent in the draft; the record as it is left, or undefined once no agent is left in it (then it is gone). */
function uninstallAgent(planning: Planning, record: InstallRecord, agent: InstallAgent): InstallRecord | undefined {
  const { draft, target } = planning;
  const installed = record.agents[agent];
  if (installed === undefined) return record;
  for (const file of [...installed.files].reverse()) uninstallFile(planning, file);
  for (const dir of [...installed.dirs].reverse()) draft.removeDirIfEmpty(path.resolve(target.workspace, dir));
  const agents = Object.fromEntries(Object.entries(record.agents).filter(([name]) => name !== agent));
  if (Object.keys(agents).length > 0) return { ...record, agents };
  if (record.intentsFile !== undefined) {
    const intents = path.resolve(target.workspace, record.intentsFile.file);
    if (draft.read(intents) === record.intentsFile.text) draft.write(intents, undefined);
  }
  draft.write(recordFileOf(target), undefined);
  for (const dir of [...record.dirs].reverse()) draft.removeDirIfEmpty(path.resolve(target.workspace, dir));
  return undefined;
}

/**
 * The plan of `intentgate hooks install <agent>`: the agent's settings merged into its project
 * files (every setting already there kept), the intents file created when missing, and the
 * record of what was added. An earlier install of the same agent is taken out first, so
 * installing twice is installing once. Throws HooksInstallError, with nothing written, for a
 * file that is not valid JSON or TOML or holds an entry install would clash with.
 */
export function planInstall(target: InstallTarget, agent: InstallAgent, invocation: HookInvocation): InstallPlan {
  const planning: Planning = { draft: new FileDraft(), target, notes: [] };
  const { draft, notes } = planning;
  const earlier = readRecord(draft, target);
  const record = (earlier === undefined ? undefined : uninstallAgent(planning, earlier, agent)) ?? emptyInstallRecord();
  refuseRival(draft, target, record, agent);
  const files: FileRecord[] = [];
  const dirs: string[] = [];
  for (const config of agentConfigFiles(agent, invocation)) {
    const installed = installFile(planning, config, agent);
    files.push(installed.record);
    dirs.push(...installed.dirs);
  }
  let { intentsFile, dirs: sharedDirs } = record;
  const intents = path.join(target.orchestrationDir, INTENTS_FILE_NAME);
  if (draft.read(intents) === undefined) {
    sharedDirs = [...sharedDirs, ...missingDirs(draft, intents).map((dir) => path.relative(target.workspace, dir))];
    draft.write(intents, INTENTS_EXAMPLE);
    intentsFile = { file: path.relative(target.workspace, intents), text: INTENTS_EXAMPLE };
  }
  // an agent installed again keeps its place in the record, so installing twice writes the same record
  const order = [...new Set([...Object.keys(earlier?.agents ?? {}), ...Object.keys(record.agents), agent])];
  const agents = Object.fromEntries(
    order.flatMap((name) =>
      name === agent
        ? [[name, { files, dirs }]]
        : record.agents[name] === undefined
          ? []
          : [[name, record.agents[name]]],
    ),
  );
  const next: InstallRecord = {
    ...record,
    agents,
    dirs: sharedDirs,
    ...(intentsFile !== undefined && { intentsFile }),
  };
  draft.write(recordFileOf(target), installRecordText(next));
  return { draft, changes: draft.changes(), notes };
}

/**
 * The plan of `intentgate hooks uninstall <agent>`: what install added, taken out; files and
 * folders it created deleted when nothing else is left in them. A workspace nobody changed since
 * is left byte for byte as it was before install. `installed` is false when the record names no
 * install of the agent (the plan then changes nothing).
 */
export function planUninstall(
  target: InstallTarget,
  agent: InstallAgent,
): InstallPlan & { readonly installed: boolean } {
  const planning: Planning = { draft: new FileDraft(), target, notes: [] };
  const { draft, notes } = planning;
  const record = readRecord(draft, target);
  if (record?.agents[agent] === undefined) return { draft, changes: draft.changes(), notes, installed: false };
  const left = uninstallAgent(planning, record, agent);
  if (left !== undefined) draft.write(recordFileOf(target), installRecordText(left));
  return { draft, changes: draft.changes(), notes, installed: true };
}
