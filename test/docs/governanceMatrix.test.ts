import { describe, expect, it } from 'vitest';
import { lifecycleMachine } from '../../machines/lifecycle';
import { computeGovernanceMatrix, type MatrixRow } from '../../src/matrix/governanceMatrix';
import { MATRIX_PROBES, MATRIX_TOOL_CLASSES, type MatrixToolClass } from '../../src/matrix/matrixProbes';
import { renderMatrixMarkdown, renderMatrixText } from '../../src/matrix/renderMatrix';

// seed 000, "State Governance Matrix", written out here so the test checks the chart, not src/
const SEED_000_MATRIX = {
  REQUEST: { SAFE: 'ALLOWED', DESTRUCTIVE: 'BLOCKED' },
  REASONING: { SAFE: 'ALLOWED', DESTRUCTIVE: 'BLOCKED' },
  ACTION: { SAFE: 'ALLOWED', DESTRUCTIVE: 'ALLOWED (via scope check)' },
} as const;
const STATES = ['REQUEST', 'REASONING', 'ACTION'] as const;

// seed 000: unknown tools are DESTRUCTIVE; seed 003: so are unclassified MCP tools
const DESTRUCTIVE_IN_SCOPE: readonly MatrixToolClass[] = [
  'destructive-in-scope',
  'unknown-tool',
  'unclassified-mcp-tool',
];

const matrix = computeGovernanceMatrix();

function cell(
  state: (typeof STATES)[number],
  toolClass: MatrixToolClass,
  orchestrationPresent = true,
  controlFileChangeHeld = false,
): MatrixRow {
  const row = matrix.rows.find(
    (candidate) =>
      candidate.state === state &&
      candidate.toolClass === toolClass &&
      candidate.orchestrationPresent === orchestrationPresent &&
      candidate.controlFileChangeHeld === controlFileChangeHeld,
  );
  if (row === undefined) throw new Error(`no row for ${state} × ${toolClass}`);
  return row;
}

const top = (row: MatrixRow): string => row.nextState.split('.')[0] ?? '';

describe('governance matrix computed from the statechart', () => {
  it('has one row per state and tool class, with the orchestration directory present, missing, and a control-file change held', () => {
    expect(matrix.rows).toHaveLength(3 * STATES.length * MATRIX_TOOL_CLASSES.length);
    expect(matrix.states).toEqual(STATES);
  });

  it.each(STATES)('allows SAFE tools in %s as seed 000 says', (state) => {
    expect(SEED_000_MATRIX[state].SAFE).toBe('ALLOWED');
    expect(cell(state, 'safe')).toMatchObject({ verdict: 'allow', code: 'safe_tool', nextState: `${state}.ready` });
  });

  it.each(STATES.flatMap((state) => DESTRUCTIVE_IN_SCOPE.map((toolClass) => ({ state, toolClass }))))(
    'decides DESTRUCTIVE $toolClass in $state as seed 000 says',
    ({ state, toolClass }) => {
      const allowed = SEED_000_MATRIX[state].DESTRUCTIVE.startsWith('ALLOWED');
      expect(cell(state, toolClass)).toMatchObject(
        allowed ? { verdict: 'allow', code: 'destructive_in_scope' } : { verdict: 'deny', code: 'state_violation' },
      );
    },
  );

  it.each(STATES)('denies a DESTRUCTIVE tool out of scope in %s (the scope check)', (state) => {
    const code = SEED_000_MATRIX[state].DESTRUCTIVE.startsWith('ALLOWED') ? 'scope_violation' : 'state_violation';
    expect(cell(state, 'destructive-out-of-scope')).toMatchObject({ verdict: 'deny', code });
  });

  it('moves REASONING to ACTION only through select_active_intent with a valid id', () => {
    for (const toolClass of MATRIX_TOOL_CLASSES) {
      expect(top(cell('REASONING', toolClass)) === 'ACTION', toolClass).toBe(toolClass === 'select-intent-valid');
    }
    expect(cell('REASONING', 'select-intent-invalid')).toMatchObject({
      verdict: 'deny',
      code: 'unknown_intent',
      nextState: 'REASONING.ready',
    });
  });

  it.each(STATES.flatMap((state) => MATRIX_TOOL_CLASSES.map((toolClass) => ({ state, toolClass }))))(
    'holds $toolClass in $state while a change to a control file waits for a human, and stays in the state',
    ({ state, toolClass }) => {
      expect(cell(state, toolClass, true, true)).toMatchObject({ verdict: 'ask', code: 'control_file_changed' });
      expect(top(cell(state, toolClass, true, true))).toBe(state);
    },
  );

  it('moves ACTION to REQUEST on attempt_completion', () => {
    expect(cell('ACTION', 'attempt-completion')).toMatchObject({
      verdict: 'allow',
      code: 'task_completed',
      nextState: 'REQUEST.ready',
    });
  });

  it('asks for categories the session has not approved, holding the call', () => {
    for (const state of STATES) {
      expect(cell(state, 'safe-needs-approval')).toMatchObject({
        verdict: 'ask',
        code: 'needs_approval',
        nextState: `${state}.awaitingApproval`,
      });
    }
    expect(cell('ACTION', 'destructive-needs-approval')).toMatchObject({
      verdict: 'ask',
      nextState: 'ACTION.awaitingApproval',
    });
    expect(cell('REASONING', 'destructive-needs-approval').code).toBe('state_violation');
  });

  it('blocks everything but select_active_intent when the orchestration directory is missing (seed 003)', () => {
    for (const row of matrix.rows.filter((candidate) => !candidate.orchestrationPresent)) {
      const selection = row.toolClass === 'select-intent-valid' || row.toolClass === 'select-intent-invalid';
      expect(row.code === 'orchestration_missing', `${row.state} × ${row.toolClass}`).toBe(!selection);
    }
  });

  it('reads the machine it is given', () => {
    expect(computeGovernanceMatrix(lifecycleMachine)).toEqual(matrix);
  });
});

describe('rendered governance matrix', () => {
  it('renders every tool class and state in Markdown', () => {
    const markdown = renderMatrixMarkdown(matrix);
    for (const toolClass of MATRIX_TOOL_CLASSES) expect(markdown).toContain(`| ${MATRIX_PROBES[toolClass].label} |`);
    expect(markdown).toContain('| tool class | REQUEST | REASONING | ACTION |');
    expect(markdown).toContain('allow `intent_selected` → ACTION');
  });

  it('renders fixed-width columns for a terminal', () => {
    for (const block of renderMatrixText(matrix).trimEnd().split('\n\n')) {
      const [, header = '', rule = '', ...rows] = block.split('\n');
      // every column starts where its dashes start
      const starts = [...rule.matchAll(/-+/g)].map((match) => match.index);
      expect(starts).toHaveLength(1 + STATES.length);
      for (const line of [header, ...rows]) {
        for (const start of starts.slice(1)) expect(line.slice(start - 2, start), line).toBe('  ');
      }
      expect(rows).toHaveLength(MATRIX_TOOL_CLASSES.length);
    }
  });
});
