import { createGovernor } from '../../src/governor/createGovernor';
import type { TraceRecord } from '../../src/trace/traceRecord';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

/** A governor in ACTION under INT-001 (scope src/auth/**), whose clock the test moves, with its trace kept. */
export function clockedGovernor(options: { readonly heldCallTtlMs?: number } = {}) {
  let time = 1_000_000;
  const records: TraceRecord[] = [];
  const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const base = {
    workspaceRoot,
    trace: (record: TraceRecord) => void records.push(record),
    now: () => time,
    ...options,
  };
  const governor = createGovernor(base);
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return { governor, records, base, advance: (ms: number) => (time += ms) };
}
