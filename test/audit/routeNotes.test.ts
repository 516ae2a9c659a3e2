// The notes a hook route writes itself (a report no credential vouched for, a refused retry of a
// cancelled call, a session record that fails its MAC) are read by `intentgate audit` and
// `intentgate replay` like any record: counted by code, and listed as not replayable, saying why.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAuditTrace } from '../../src/audit/auditRecord';
import { summarizeTrace } from '../../src/audit/auditSummary';
import { replayTrace } from '../../src/audit/replayTrace';
import { buildDecision } from '../../src/decision/decision';
import type { DecisionCode } from '../../src/decision/reasons';
import { nameOnlyRequest } from '../../src/tools/toolRequest';
import { traceNoteWriter } from '../../src/trace/traceNote';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const NOTES: readonly { readonly code: DecisionCode; readonly tool: string; readonly why: RegExp }[] = [
  { code: 'report_unvouched', tool: 'Write', why: /no credential vouched for/ },
  { code: 'cancelled_by_human', tool: 'Bash', why: /Cancel of the identical call/ },
  { code: 'session_store_tampered', tool: 'Bash', why: /failed its MAC/ },
];

describe("a hook route's own notes in the trace", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'route-notes-')), 'agent_trace.jsonl');
  const write = traceNoteWriter({ trace: file });
  for (const [index, note] of NOTES.entries()) {
    const decision = buildDecision({
      code: note.code,
      request: nameOnlyRequest(note.tool, 'DESTRUCTIVE'),
      facts: { state: 'ACTION', intents: [], activeIntent: undefined, orchestrationDir: '' },
      problem: 'by POST /hooks/claude-code',
    });
    expect(
      write({ sessionId: `s${index}`, decision, args: { command: 'x' }, withoutState: index === 2 || undefined }),
    ).toEqual({ ok: true });
  }
  const trace = readAuditTrace(file);

  it('are counted by their code in the audit', () => {
    expect(
      summarizeTrace(trace)
        .codes.map((entry) => `${entry.verdict} ${entry.code}`)
        .sort(),
    ).toEqual(['ask report_unvouched', 'deny cancelled_by_human', 'deny session_store_tampered']);
    // a note made without reading the session names no lifecycle state
    expect(trace.records.map((record) => record.state)).toEqual(['ACTION', 'ACTION', undefined]);
  });

  it.each(NOTES)('lists $code as not replayable, saying why', ({ code, why }) => {
    const report = replayTrace(trace.records, {
      governor: { workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }), trace: () => {} },
    });
    const entry = report.entries.find((each) => each.before.code === code);
    expect(entry?.status).toBe('not_replayable');
    expect(entry?.why).toMatch(why);
  });
});
