import { afterAll, describe, expect, it } from 'vitest';
import { analyseShellWork, preparedFromAnswer } from '../../src/analysis/analyseShellWork';
import { createAnalysisPool } from '../../src/analysis/analysisPool';
import type { PreparedShellRisk } from '../../src/analysis/preparedShellRisk';
import { createGovernor, type Governor, type GovernorOptions } from '../../src/index';
import { realisticCommands } from '../corpus/realistic';
import { shellBenign } from '../corpus/shellBenign';
import { shellBypass } from '../corpus/shellBypass';
import { makeWorkspace } from '../support/workspace';

// The service's path (the analysis made on a worker thread, cloned across, handed to the
// governor) must decide every command as the governor's own analysis does.

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

const POLICY: GovernorOptions['shell'] = {
  programs: { mytool: { options: { '-v|--verbose': 'flag' }, operands: 'read' } },
  rules: [
    { prefix: 'git push', decision: 'deny', reason: 'releases go through CI', examples: ['git push origin main'] },
    { prefix: 'npm test', decision: 'allow', examples: ['npm test'] },
    { prefix: 'rm', decision: 'ask', examples: ['rm -rf build'] },
  ],
};

function inAction(shell?: GovernorOptions['shell']): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' }),
    trace: () => undefined,
    ...(shell && { shell }),
  });
  governor.userPrompt('work on the sources');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  governor.approveSession(['EXEC_ARBITRARY']);
  return governor;
}

const CORPUS = [
  ...shellBypass.map(({ name, command }) => ({ name: `bypass: ${name}`, command })),
  ...shellBenign.map(({ name, command }) => ({ name: `benign: ${name}`, command })),
  ...realisticCommands.map((command) => ({ name: `realistic: ${command.slice(0, 60)}`, command })),
];

/** The analysis as the service makes it: the worker's function, its answer cloned as a message is. */
function preparedInThread(governor: Governor, command: string): PreparedShellRisk {
  const work = governor.shellWork('execute_command', { command });
  if (work === undefined) throw new Error(`no shell work for ${command}`);
  const prepared = preparedFromAnswer(structuredClone(analyseShellWork(structuredClone(work.input))), work.key);
  // the worker's own key of the input it read is the governor's: the prepared analysis is the one used
  expect(prepared.key).toBe(work.key);
  return prepared;
}

describe.each([
  { setup: 'the built-in catalog', governor: inAction() },
  { setup: 'a policy with programs and rules', governor: inAction(POLICY) },
])('prepared and in-process decisions under $setup', ({ governor }) => {
  it.each(CORPUS)('decides $name the same way', ({ command }) => {
    const args = { command };
    const prepared = preparedInThread(governor, command);
    expect(prepared.outcome).toBe('assessed');
    expect(governor.isToolAllowed('execute_command', args, { prepared })).toEqual(
      governor.isToolAllowed('execute_command', args),
    );
  });
});

describe('prepared decisions through real worker threads', () => {
  const pool = createAnalysisPool({ size: 1, budgetMs: 30_000 });
  afterAll(() => pool.close());
  const governor = inAction(POLICY);
  // every seventh command: enough to cross the thread boundary with every kind of result
  const sample = CORPUS.filter((_, index) => index % 7 === 0);

  it('decides every sampled command as the governor does in its own thread', async () => {
    const differences: string[] = [];
    for (const { command } of sample) {
      const args = { command };
      const work = governor.shellWork('execute_command', args);
      const prepared = work && (await pool.analyse(work));
      if (prepared?.outcome !== 'assessed' || prepared.key !== work?.key)
        differences.push(`${command}: not analysed (${JSON.stringify(prepared)})`);
      else if (
        JSON.stringify(governor.isToolAllowed('execute_command', args, { prepared })) !==
        JSON.stringify(governor.isToolAllowed('execute_command', args))
      )
        differences.push(command);
    }
    expect({ sampled: sample.length, differences }).toEqual({ sampled: sample.length, differences: [] });
    expect(sample.length).toBeGreaterThan(80);
  });
});
