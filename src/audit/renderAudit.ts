import path from 'node:path';
import type { AuditSummary } from './auditSummary';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

// a trace is text anything could have written: no control characters reach the terminal
const clean = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

/** Rows as columns padded to their widest cell. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows.reduce<number[]>(
    (max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)),
    [],
  );
  return rows.map(
    (row) =>
      `  ${row.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0))).join('  ')}`,
  );
}

/** The audit as text: one section per question, each line one fact. */
export function renderAuditText(summary: AuditSummary): string {
  const lines: string[] = [];
  const files = summary.files.map((file) => path.basename(file)).join(', ');
  const span =
    summary.first === undefined ? '' : `, ${clean(summary.first)} to ${clean(summary.last ?? summary.first)}`;
  lines.push(
    `trace: ${plural(summary.records, 'record')} in ${plural(summary.files.length, 'file')} (${clean(files)}), ${plural(summary.sessions, 'session')}${span}`,
  );
  lines.push(`verdicts: allow ${summary.verdicts.allow}, ask ${summary.verdicts.ask}, deny ${summary.verdicts.deny}`);
  if (summary.codes.length > 0) {
    lines.push('', 'calls by verdict and code:');
    lines.push(...table(summary.codes.map((entry) => [entry.verdict, clean(entry.code), String(entry.calls)])));
  }
  lines.push('', summary.grants.length === 0 ? 'grants used: none' : 'grants used:');
  lines.push(
    ...table(
      summary.grants.map((use) => [
        clean(use.grant),
        plural(use.calls, 'call'),
        `first ${clean(use.first)}`,
        `last ${clean(use.last)}`,
      ]),
    ),
  );
  lines.push('', summary.answers.length === 0 ? 'answers to held calls: none' : 'answers to held calls:');
  lines.push(
    ...table(
      summary.answers.map((entry) => [
        clean(entry.time),
        clean(entry.session_id),
        clean(entry.approval_id ?? '-'),
        clean(entry.tool),
        entry.answer,
        entry.approver === undefined ? 'by (not known)' : `by ${clean(entry.approver)}`,
        `-> ${entry.verdict} (${clean(entry.code)})`,
      ]),
    ),
  );
  lines.push(
    '',
    summary.sessionApprovals.length === 0
      ? 'calls run under a session approval: none'
      : 'calls run under a session approval:',
  );
  lines.push(
    ...table(
      summary.sessionApprovals.map((use) => [
        clean(use.session_id),
        use.approver === undefined ? 'by (not known)' : `by ${clean(use.approver)}`,
        use.categories.join(', '),
        plural(use.calls, 'call'),
        `first ${clean(use.first)}`,
        `last ${clean(use.last)}`,
      ]),
    ),
  );
  lines.push('', summary.flowClearings.length === 0 ? 'flow marks cleared: none' : 'flow marks cleared:');
  lines.push(
    ...table(
      summary.flowClearings.map((clearing) => [
        clean(clearing.time),
        clean(clearing.session_id),
        clearing.flow_cleared,
        `set by call ${clearing.set_by.call} (${clean(clearing.set_by.tool)}: ${clean(clearing.set_by.what)})`,
        clearing.approver === undefined ? 'by (not known)' : `by ${clean(clearing.approver)}`,
      ]),
    ),
  );
  lines.push('', `calls run with safe mode off: ${summary.safeModeOff}`);
  lines.push(`records with redacted arguments: ${summary.redacted}`);
  lines.push(
    '',
    summary.traceChanges.length === 0
      ? 'changes to the trace outside intentgate: none'
      : 'changes to the trace outside intentgate:',
  );
  lines.push(
    ...table(
      summary.traceChanges.map((change) => [
        clean(change.time),
        clean(change.session_id),
        change.kind,
        clean(change.message),
      ]),
    ),
  );
  if (summary.skipped > 0 || summary.invalid > 0)
    lines.push('', `lines not read: ${summary.skipped} torn or foreign, ${summary.invalid} not valid records`);
  return `${lines.join('\n')}\n`;
}
