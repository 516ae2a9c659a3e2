import type { ReplayEntry, ReplayReport } from './replayTrace';

// a trace is text anything could have written: no control characters reach the terminal
const clean = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

const MAX_CALL_CHARS = 100;

/** The call in a few words: its command, path or URL, else its arguments as JSON, cut short. */
export function callSummary(entry: Pick<ReplayEntry, 'tool' | 'args'>): string {
  const args = entry.args;
  const named =
    typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
  const main = ['command', 'path', 'file_path', 'url', 'patch']
    .map((key) => named?.[key])
    .find((value) => typeof value === 'string');
  const shown = clean(typeof main === 'string' ? main : JSON.stringify(args ?? null));
  return shown.length > MAX_CALL_CHARS ? `${shown.slice(0, MAX_CALL_CHARS - 3)}...` : shown;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

const head = (entry: ReplayEntry): string =>
  `  #${entry.number} ${clean(entry.time)} ${clean(entry.session_id)} ${clean(entry.tool)}: ${callSummary(entry)}`;

/** The replay as text: the counts, the calls whose verdict changes, and those that cannot be replayed, with why. */
export function renderReplayText(report: ReplayReport, policy: string): string {
  const replayed = report.calls - report.notReplayable;
  const lines = [
    `replayed ${replayed} of ${plural(report.calls, 'recorded call')} under ${clean(policy)}: ` +
      `${report.same} keep their verdict, ${report.changed} would change, ${report.notReplayable} cannot be replayed`,
  ];
  if (report.sameVerdictOtherCode > 0)
    lines.push(
      `(${plural(report.sameVerdictOtherCode, 'call')} keep their verdict under another code; --json lists them)`,
    );
  if (report.flowClearings.length > 0) {
    lines.push('', 'flow marks a person cleared (the calls after each are decided without it):');
    for (const clearing of report.flowClearings)
      lines.push(
        `  ${clean(clearing.time)} ${clean(clearing.session_id)} ${clearing.flow_cleared}, set by ` +
          `call ${clearing.set_by.call} (${clean(clearing.set_by.tool)}: ${clean(clearing.set_by.what)}), by ${clean(clearing.approver ?? '(not known)')}`,
      );
  }
  const changed = report.entries.filter((entry) => entry.status === 'changed');
  if (changed.length > 0) {
    lines.push('', 'verdicts that would change:');
    for (const entry of changed) {
      lines.push(
        head(entry),
        `      ${entry.before.verdict} (${clean(entry.before.code)}) -> ${entry.after?.verdict ?? '?'} (${entry.after?.code ?? '?'})`,
      );
    }
  }
  const skipped = report.entries.filter((entry) => entry.status === 'not_replayable');
  if (skipped.length > 0) {
    lines.push('', 'not replayable:');
    for (const entry of skipped) lines.push(head(entry), `      ${clean(entry.why ?? '')}`);
  }
  return `${lines.join('\n')}\n`;
}
