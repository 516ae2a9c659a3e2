import { describe, expect, it } from 'vitest';
import { LIFECYCLE_STATES } from '../../src/lifecycle/lifecycleState';
import { computeGovernanceMatrix } from '../../src/matrix/governanceMatrix';
import { renderMatrixText } from '../../src/matrix/renderMatrix';
import { cli } from './cliHarness';

describe('intentgate matrix', () => {
  it('prints the governance matrix with every state as a column', async () => {
    const run = await cli(['matrix']);
    expect(run).toEqual({ code: 0, stdout: renderMatrixText(computeGovernanceMatrix()), stderr: '' });
    const headers = run.stdout.split('\n').filter((line) => line.startsWith('tool class'));
    expect(headers).toHaveLength(3);
    for (const header of headers) expect(header.split(/\s{2,}/).slice(1)).toEqual([...LIFECYCLE_STATES]);
    expect(run.stdout).toMatch(
      /^DESTRUCTIVE in scope +deny state_violation +deny state_violation +allow destructive_in_scope$/m,
    );
  });

  it('prints the matrix as JSON with --json: every state times every tool class, once per variant', async () => {
    const run = await cli(['matrix', '--json']);
    const matrix = JSON.parse(run.stdout) as { states: string[]; toolClasses: string[]; rows: { state: string }[] };
    expect(matrix.states).toEqual([...LIFECYCLE_STATES]);
    expect(matrix.rows).toHaveLength(3 * LIFECYCLE_STATES.length * matrix.toolClasses.length);
    expect(new Set(matrix.rows.map((row) => row.state))).toEqual(new Set(LIFECYCLE_STATES));
  });
});
