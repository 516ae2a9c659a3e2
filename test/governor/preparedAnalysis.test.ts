import { describe, expect, it } from 'vitest';
import { analyseShellWork, preparedFromAnswer } from '../../src/analysis/analyseShellWork';
import { analysisRefusal, type PreparedShellRisk } from '../../src/analysis/preparedShellRisk';
import {
  createGovernor,
  RISK_CATEGORIES,
  type Governor,
  type GovernorOptions,
  type TraceRecord,
} from '../../src/index';
import { makeWorkspace } from '../support/workspace';

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

function governorIn(
  state: 'REASONING' | 'ACTION',
  extra: Partial<GovernorOptions> = {},
): { governor: Governor; traced: TraceRecord[] } {
  const traced: TraceRecord[] = [];
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: SCOPE_SRC }),
    trace: (record) => traced.push(record),
    ...extra,
  });
  governor.userPrompt('work on the sources');
  if (state === 'ACTION') governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  traced.length = 0;
  return { governor, traced };
}

/** The analysis of `command` as a worker makes it, for `governor`'s work. */
function analysed(governor: Governor, command: string): PreparedShellRisk {
  const work = governor.shellWork('execute_command', { command });
  if (work === undefined) throw new Error(`no shell work for ${command}`);
  return preparedFromAnswer(analyseShellWork(work.input), work.key);
}

const keyOf = (governor: Governor, command: string): string =>
  governor.shellWork('execute_command', { command })?.key ?? '';

describe('a prepared analysis', () => {
  it("is used when its key is the key of the call's own work", () => {
    const { governor } = governorIn('ACTION');
    const prepared = analysed(governor, 'sudo ls');
    // the same analysis with its findings removed: only a prepared one could say so
    const emptied: PreparedShellRisk =
      prepared.outcome === 'assessed'
        ? { ...prepared, risk: { ...prepared.risk, risk: { categories: [], evidence: [] } } }
        : prepared;
    expect(governor.isToolAllowed('execute_command', { command: 'sudo ls' }, { prepared: emptied }).categories).toEqual(
      [],
    );
  });

  it.each([
    { name: 'another command', made: (governor: Governor) => analysed(governor, 'ls') },
    {
      name: 'the same command under another policy',
      made: () =>
        analysed(
          governorIn('ACTION', { shell: { rules: [{ prefix: 'rm', decision: 'allow', examples: ['rm x'] }] } })
            .governor,
          'rm -rf src',
        ),
    },
    {
      name: 'the same command in another workspace',
      made: () => analysed(governorIn('ACTION').governor, 'rm -rf src'),
    },
    {
      name: 'a refusal of another command',
      made: (governor: Governor) => analysisRefusal(keyOf(governor, 'ls'), 'analysis_over_budget', 'too slow'),
    },
  ])('for $name is not used: the governor analyses the call itself', ({ made }) => {
    const { governor } = governorIn('ACTION');
    const args = { command: 'rm -rf src' };
    const own = governor.isToolAllowed('execute_command', args);
    expect(governor.isToolAllowed('execute_command', args, { prepared: made(governor) })).toEqual(own);
    expect(own.code).toBe('needs_approval');
  });
});

describe('a call whose analysis gave no answer', () => {
  it.each([
    {
      name: 'over budget in ACTION',
      state: 'ACTION' as const,
      code: 'analysis_over_budget' as const,
      expected: 'analysis_over_budget',
      message: /not analysed in time \(past 50 ms\).*Split the command.*raise the analysis budget/,
    },
    {
      name: 'unavailable in ACTION',
      state: 'ACTION' as const,
      code: 'analysis_unavailable' as const,
      expected: 'analysis_unavailable',
      message: /could not be analysed \(the worker exited\).*Call it again/,
    },
    {
      name: 'over budget before the handshake',
      state: 'REASONING' as const,
      code: 'analysis_over_budget' as const,
      expected: 'state_violation',
      message: /Intent Handshake required/,
    },
  ])('is refused with every category and traced: $name', ({ state, code, expected, message }) => {
    const { governor, traced } = governorIn(state);
    const command = 'x|x|x';
    const problem = code === 'analysis_over_budget' ? 'past 50 ms' : 'the worker exited';
    const decision = governor.handleToolCall(
      'execute_command',
      { command },
      { prepared: analysisRefusal(keyOf(governor, command), code, problem) },
    );
    expect({ verdict: decision.verdict, code: decision.code, categories: decision.categories }).toEqual({
      verdict: 'deny',
      code: expected,
      categories: [...RISK_CATEGORIES],
    });
    expect(decision.reason).toMatch(message);
    expect(decision.evidence.find((item) => item.category === 'EXEC_ARBITRARY')).toMatchObject({
      trigger: command,
      note: `the command was not analysed: ${problem}`,
    });
    expect(traced.map((record) => [record.verdict, record.reasons[0]?.code, record.categories.length])).toEqual([
      ['deny', expected, 9],
    ]);
    // refused: nothing is held, and the lifecycle stays where it was
    expect({ state: governor.state, held: governor.pendingApproval }).toEqual({ state, held: undefined });
  });

  it('is a malformed call when its reading threw, as in the governor', () => {
    const { governor } = governorIn('ACTION');
    const prepared: PreparedShellRisk = {
      key: keyOf(governor, 'ls'),
      outcome: 'unreadable',
      thrown: 'RangeError: Maximum call stack size exceeded',
    };
    const decision = governor.handleToolCall('execute_command', { command: 'ls' }, { prepared });
    expect({ code: decision.code, reason: decision.reason }).toEqual({
      code: 'invalid_arguments',
      reason:
        "Malformed tool call: Malformed arguments for 'execute_command': the arguments could not be read (RangeError: Maximum call stack size exceeded).",
    });
  });
});
