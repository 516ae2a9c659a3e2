// Builds the agent sessions of test/corpus/data/sessions from local copies of public trajectories;
// reads only the folders named on the command line and writes one session file to stdout.
//   npx tsx scripts/friction/extractSessions.ts mini-swe-agent <trajs folder> --limit 60 > mini-swe-agent-swebench.sessions.json
//   npx tsx scripts/friction/extractSessions.ts swe-agent <trajectories folder> <tests/test_data/trajectories> > swe-agent-demonstrations.sessions.json
// test/corpus/data/sessions/README.md says where each source comes from and under which licence.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sessionFileText, type Session, type SessionCall } from './sessionData';

/** Longest call kept, in characters of its longest argument: long here-documents would swell the file. */
const MAX_CALL_CHARS = 4000;

const MINI_SWE_AGENT_ROOT = '/testbed';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every file under a folder whose name ends with the suffix, in sorted order. */
function filesUnder(folder: string, suffix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, suffix));
    else if (entry.name.endsWith(suffix)) found.push(full);
  }
  return found.sort(compareText);
}

interface Extracted {
  readonly session: Session;
  readonly dropped: number;
}

/** A session's calls with the long ones left out, and how many were. */
function withinLimit(id: string, root: string, calls: readonly SessionCall[]): Extracted {
  const kept = calls.filter((call) =>
    Object.values(call.args).every((arg) => arg.length <= MAX_CALL_CHARS && !arg.includes('\0')),
  );
  return { session: { id, root, calls: kept }, dropped: calls.length - kept.length };
}

const shell = (command: string): SessionCall => ({ tool: 'execute_command', args: { command } });

/** A mini-swe-agent session: the one bash block of each assistant reply, which it runs in /testbed. */
function miniSweAgentSession(file: string): Extracted {
  const trajectory: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const messages = isRecord(trajectory) && Array.isArray(trajectory.messages) ? trajectory.messages : [];
  const calls: SessionCall[] = [];
  for (const message of messages) {
    if (!isRecord(message) || message.role !== 'assistant' || typeof message.content !== 'string') continue;
    const blocks = [...message.content.matchAll(/```bash\s*\n(.*?)\n```/gs)];
    // the agent runs a reply only when it holds exactly one bash block
    if (blocks.length !== 1) continue;
    const command = (blocks[0]?.[1] ?? '').trim();
    if (command !== '') calls.push(shell(command));
  }
  return withinLimit(path.basename(file, '.traj.json'), MINI_SWE_AGENT_ROOT, calls);
}

/** The words of a line, quotes removed: enough for SWE-agent's own commands, which take plain operands. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** A path as the replay's workspace names it: relative to the repository's root when under it. */
function repoPath(file: string, root: string): string {
  if (file === root) return '.';
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** The working folder a SWE-agent step records (its `state`, an object or its JSON text). */
function workingDir(step: Record<string, unknown>): string | undefined {
  const state: unknown = typeof step.state === 'string' ? JSON.parse(step.state) : step.state;
  return isRecord(state) && typeof state.working_dir === 'string' ? state.working_dir : undefined;
}

/** SWE-agent's editor commands as intentgate's file tools; every other action is a shell command. */
function sweAgentCall(action: string, root: string, open: { file: string | undefined }): SessionCall | undefined {
  const [firstLine = ''] = action.split('\n');
  const [name = '', ...operands] = words(firstLine);
  const operand = (index: number): string | undefined =>
    operands[index] === undefined ? undefined : repoPath(operands[index] ?? '', root);
  const edit = (file: string | undefined): SessionCall | undefined =>
    file === undefined
      ? undefined
      : { tool: 'apply_diff', args: { path: file, diff: action.slice(firstLine.length + 1) || firstLine } };
  switch (name) {
    case 'open':
    case 'create': {
      open.file = operand(0);
      if (open.file === undefined) return undefined;
      return name === 'open'
        ? { tool: 'read_file', args: { path: open.file } }
        : { tool: 'write_to_file', args: { path: open.file, content: '' } };
    }
    case 'goto':
    case 'scroll_up':
    case 'scroll_down':
    case 'set_cursors':
      return open.file === undefined ? undefined : { tool: 'read_file', args: { path: open.file } };
    case 'edit':
    case 'insert':
      return edit(open.file);
    case 'find_file':
    case 'search_dir':
      return { tool: 'search_files', args: { path: operand(1) ?? '.', regex: operands[0] ?? '' } };
    case 'search_file':
      return { tool: 'search_files', args: { path: operand(1) ?? open.file ?? '.', regex: operands[0] ?? '' } };
    case 'submit':
      return { tool: 'attempt_completion', args: { result: 'submitted' } };
    case 'str_replace_editor': {
      const [command, file] = [operands[0], operand(1)];
      if (file === undefined) return undefined;
      if (command === 'view') return { tool: 'read_file', args: { path: file } };
      if (command === 'create') return { tool: 'write_to_file', args: { path: file, content: '' } };
      return edit(file);
    }
    default:
      return shell(action.trim());
  }
}

/** A SWE-agent session: each step's action, run in the repository the steps' working folder names. */
function sweAgentSession(file: string): Extracted | undefined {
  const trajectory: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const steps =
    isRecord(trajectory) && Array.isArray(trajectory.trajectory) ? trajectory.trajectory.filter(isRecord) : [];
  const root = steps.map(workingDir).find((dir) => dir !== undefined);
  if (root === undefined) return undefined;
  const open = { file: undefined as string | undefined };
  const calls = steps.flatMap((step) => {
    const call =
      typeof step.action === 'string' && step.action.trim() !== '' ? sweAgentCall(step.action, root, open) : undefined;
    return call === undefined ? [] : [call];
  });
  return calls.length === 0 ? undefined : withinLimit(path.basename(file, '.traj'), root, calls);
}

/** With a limit, the sessions first in SHA-256 order of their file name (a fixed, unbiased sample). */
function sample(files: readonly string[], limit: number | undefined): string[] {
  const ordered = [...files].sort((a, b) => compareText(sha256(path.basename(a)), sha256(path.basename(b))));
  return (limit === undefined ? ordered : ordered.slice(0, limit)).sort((a, b) =>
    compareText(path.basename(a), path.basename(b)),
  );
}

function write(source: string, extracted: readonly Extracted[]): void {
  const dropped = extracted.reduce((sum, item) => sum + item.dropped, 0);
  process.stdout.write(
    sessionFileText({ source, droppedLongCalls: dropped, sessions: extracted.map((item) => item.session) }),
  );
}

function main(): void {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string' } } });
  const [source, ...inputs] = positionals;
  const limit = values.limit === undefined ? undefined : Number.parseInt(values.limit, 10);
  if (inputs.length === 0 || (limit !== undefined && !(limit > 0))) {
    throw new Error('usage: extractSessions.ts mini-swe-agent|swe-agent <folder>... [--limit N]');
  }
  switch (source) {
    case 'mini-swe-agent': {
      write(
        'mini-swe-agent-swebench',
        sample(
          inputs.flatMap((folder) => filesUnder(folder, '.traj.json')),
          limit,
        ).map(miniSweAgentSession),
      );
      return;
    }
    case 'swe-agent': {
      // software tasks only (the capture-the-flag demonstrations are not), one run per task
      const files = inputs
        .flatMap((folder) => filesUnder(folder, '.traj'))
        .filter((file) => !file.split(path.sep).includes('ctf'));
      const byTask = new Map<string, string>();
      for (const file of files) if (!byTask.has(path.basename(file))) byTask.set(path.basename(file), file);
      const extracted = sample([...byTask.values()], limit).flatMap((file) => sweAgentSession(file) ?? []);
      write('swe-agent-demonstrations', extracted);
      return;
    }
    default:
      throw new Error(`unknown source '${source ?? ''}': mini-swe-agent or swe-agent`);
  }
}

main();
