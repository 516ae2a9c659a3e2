// Claude Code hook events as the real binary sends them (2.1.197), for adapter tests.

/** The project root the events name. */
export const ROOT = '/home/dev/project';

/** Where Claude Code keeps the session's transcript: its folder is named after the project root. */
export const TRANSCRIPT = '/home/dev/.claude/projects/-home-dev-project/1b2f0c1e-5d4a-4c1e-9d3f-2f0c1e5d4a4c.jsonl';

/** One event with the common fields Claude Code sends, and the event's own. */
export function claudeEvent(hookEventName: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: 'sess-1',
    transcript_path: TRANSCRIPT,
    cwd: ROOT,
    permission_mode: 'default',
    hook_event_name: hookEventName,
    ...fields,
  };
}
