// The stored agent sessions of test/corpus/data/sessions: their shape, and reading them back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SESSIONS_DIR = fileURLToPath(new URL('../../test/corpus/data/sessions/', import.meta.url));

/** The session files the replay reads, one per source. */
export const SESSION_FILES: readonly string[] = [
  'mini-swe-agent-swebench.sessions.json',
  'swe-agent-demonstrations.sessions.json',
];

/** The recorded figures the test compares the replay with. */
export const BASELINE_FILE = path.join(SESSIONS_DIR, 'friction.baseline.json');

/** The same figures for a host that runs every shell command contained. */
export const CONTAINED_BASELINE_FILE = path.join(SESSIONS_DIR, 'friction.contained.baseline.json');

/** One tool call as intentgate's tools name it. */
export interface SessionCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, string>>;
}

/** One agent session: its tool calls in the order the agent made them. */
export interface Session {
  readonly id: string;
  /** the repository's folder in the agent's machine; the replay maps it to its workspace */
  readonly root: string;
  readonly calls: readonly SessionCall[];
}

/** One source's sample, with what the extraction left out. */
export interface SessionSource {
  readonly source: string;
  /** calls left out because their text was longer than the extraction's limit */
  readonly droppedLongCalls: number;
  readonly sessions: readonly Session[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseCall(value: unknown, where: string): SessionCall {
  if (!isRecord(value) || typeof value.tool !== 'string' || !isRecord(value.args))
    throw new Error(`${where}: not a call`);
  const args: Record<string, string> = {};
  for (const [key, arg] of Object.entries(value.args)) {
    if (typeof arg !== 'string') throw new Error(`${where}: argument '${key}' is not text`);
    args[key] = arg;
  }
  return { tool: value.tool, args };
}

function parseSession(value: unknown, where: string): Session {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.root !== 'string' ||
    !Array.isArray(value.calls)
  ) {
    throw new Error(`${where}: not a session`);
  }
  const id = value.id;
  return {
    id,
    root: value.root,
    calls: value.calls.map((call, index) => parseCall(call, `${where} ${id} call ${index}`)),
  };
}

/** One stored session file, checked field by field. */
export function readSessionFile(file: string): SessionSource {
  const parsed: unknown = JSON.parse(readFileSync(path.join(SESSIONS_DIR, file), 'utf8'));
  if (
    !isRecord(parsed) ||
    typeof parsed.source !== 'string' ||
    typeof parsed.droppedLongCalls !== 'number' ||
    !Array.isArray(parsed.sessions)
  ) {
    throw new Error(`${file}: not a session file`);
  }
  return {
    source: parsed.source,
    droppedLongCalls: parsed.droppedLongCalls,
    sessions: parsed.sessions.map((session) => parseSession(session, file)),
  };
}

/** A session file's text: one session per line, so a changed sample diffs session by session. */
export function sessionFileText(source: SessionSource): string {
  const lines = source.sessions.map((session) => `    ${JSON.stringify(session)}`);
  return `{\n  "source": ${JSON.stringify(source.source)},\n  "droppedLongCalls": ${source.droppedLongCalls},\n  "sessions": [\n${lines.join(',\n')}\n  ]\n}\n`;
}
