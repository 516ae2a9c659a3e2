import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { GovernanceMatrix, MatrixRow } from './governanceMatrix';
import {
  describeProbe,
  MATRIX_PROBES,
  MATRIX_VARIANTS,
  type MatrixToolClass,
  type MatrixVariant,
} from './matrixProbes';

function variantTitle(variant: MatrixVariant): string {
  if (!variant.orchestrationPresent) return 'Orchestration directory missing (the fail-safe)';
  return variant.controlFileChangeHeld
    ? 'A change to a control file held for a human'
    : 'Orchestration directory present';
}

interface CellQuery extends MatrixVariant {
  readonly state: LifecycleState;
  readonly toolClass: MatrixToolClass;
}

function rowAt(matrix: GovernanceMatrix, query: CellQuery): MatrixRow | undefined {
  return matrix.rows.find(
    (row) =>
      row.state === query.state &&
      row.toolClass === query.toolClass &&
      row.orchestrationPresent === query.orchestrationPresent &&
      row.controlFileChangeHeld === query.controlFileChangeHeld,
  );
}

// only a change of lifecycle state is shown; an `ask` always holds the call in the same state
function moveOf(row: MatrixRow): string {
  const next = row.nextState.split('.')[0];
  return next === row.state ? '' : ` → ${next}`;
}

function cellText(row: MatrixRow | undefined, code: (text: string) => string): string {
  return row === undefined ? '-' : `${row.verdict} ${code(row.code)}${moveOf(row)}`;
}

/** Every variant as a grid: a title, then rows of [tool class, cell per state]. */
function grids(matrix: GovernanceMatrix, code: (text: string) => string): { title: string; rows: string[][] }[] {
  return MATRIX_VARIANTS.map((variant) => ({
    title: variantTitle(variant),
    rows: matrix.toolClasses.map((toolClass) => [
      MATRIX_PROBES[toolClass].label,
      ...matrix.states.map((state) => cellText(rowAt(matrix, { state, toolClass, ...variant }), code)),
    ]),
  }));
}

/**
 * The matrix as Markdown: one table per variant (orchestration directory present, missing, a
 * control-file change held),
 * a row per tool class, a column per state, then the probe each tool class stands for.
 */
export function renderMatrixMarkdown(matrix: GovernanceMatrix): string {
  const header = ['tool class', ...matrix.states];
  const lines: string[] = [];
  for (const grid of grids(matrix, (code) => `\`${code}\``)) {
    lines.push(`**${grid.title}**`, '', `| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
    for (const row of grid.rows) lines.push(`| ${row.join(' | ')} |`);
    lines.push('');
  }
  lines.push('The probes:', '');
  for (const toolClass of matrix.toolClasses)
    lines.push(`- ${MATRIX_PROBES[toolClass].label}: ${describeProbe(toolClass)}`);
  return `${lines.join('\n')}\n`;
}

/** The matrix as fixed-width text tables for a terminal, one per variant. */
export function renderMatrixText(matrix: GovernanceMatrix): string {
  const header = ['tool class', ...matrix.states];
  const blocks = grids(matrix, (code) => code).map((grid) => {
    const table = [header, ...grid.rows];
    const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
    const line = (row: readonly string[]): string =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
    return [grid.title, line(header), line(widths.map((width) => '-'.repeat(width))), ...grid.rows.map(line)].join(
      '\n',
    );
  });
  return `${blocks.join('\n\n')}\n`;
}
