// The replay's figures as a report for a person.
import type { Cause, FrictionFigures } from './frictionFigures';

const TOP = 15;

const percent = (part: number, whole: number): string => (whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`);

function causeLines(causes: readonly Cause[], limit: number, withExample: boolean): string[] {
  if (causes.length === 0) return ['    (none)'];
  return causes
    .slice(0, limit)
    .flatMap((cause) => [
      `    ${String(cause.count).padStart(5)}  ${cause.key}`,
      ...(withExample ? [`           e.g. ${cause.example}`] : []),
    ]);
}

export function frictionText(figures: FrictionFigures): string {
  const { asksPerSession: asks } = figures;
  const out: string[] = [
    `${figures.sessions} sessions, ${figures.calls} tool calls, approvals for the session: EXEC_ARBITRARY, FS_DELETE_OVERWRITE`,
    `  allowed ${figures.allowed}, asked ${figures.asked}, refused ${figures.refused} (${percent(figures.refused, figures.calls)} of calls)`,
    `  asks per session: median ${asks.median}, mean ${asks.mean}, p90 ${asks.p90}, max ${asks.max}; ${asks.withoutAsks} sessions without an ask`,
    `  asks that fail closed with all nine categories: ${figures.allNineAsks} (calls with all nine, any verdict: ${figures.allNineCalls})`,
    `  asks answered Continue and refused all the same: ${figures.refusedAfterContinue}`,
    '',
    '  per source:',
    ...figures.bySource.map(
      (source) =>
        `    ${source.source}: ${source.sessions} sessions, ${source.calls} calls (${source.droppedLongCalls} long ones left out at extraction), ` +
        `asked ${source.asked} (median ${source.medianAsks} per session), refused ${source.refused}, all nine ${source.allNine}`,
    ),
    '',
    '  asks by reason code:',
    ...causeLines(figures.askCodes, Infinity, false),
    '',
    `  top ${TOP} reasons for asks (code: unapproved categories: what raised the first):`,
    ...causeLines(figures.askReasons, TOP, true),
    '',
    '  asks per unapproved category:',
    ...causeLines(figures.askCategories, Infinity, false),
    '',
    `  top ${TOP} programs (first word of the command, or the tool) behind asks:`,
    ...causeLines(figures.askPrograms, TOP, true),
    '',
    `  refusals (${figures.refused}) by reason code:`,
    ...causeLines(figures.refusalCodes, Infinity, false),
    '',
    `  refusals by reason:`,
    ...causeLines(figures.refusalReasons, TOP, true),
    '',
  ];
  return out.join('\n');
}
