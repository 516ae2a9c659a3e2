// Which tools have every argument walked for paths is read from the kinds the decider knows
// (`RequestContext.kindOf`), not from whether the host classified the tool: a tool the host
// classifies DESTRUCTIVE without a kind (an MCP server's `remove`, annotated destructiveHint) is
// walked; a tool with a kind is read by the arguments its kind names.
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const CONTROL = '.orchestration/active_intents.yaml';

function inAction(options: Omit<Parameters<typeof createGovernor>[0] & object, 'workspaceRoot'> = {}): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    trace: () => {},
    ...options,
  });
  governor.userPrompt('x');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

describe('the tools whose every argument is walked for paths', () => {
  it.each(['target', 'dest', 'output'])(
    'walks a tool the host classifies DESTRUCTIVE without a kind: a control file under %s is protected',
    (name) => {
      const governor = inAction({ classification: { remove: 'DESTRUCTIVE' } });
      expect(governor.handleToolCall('remove', { [name]: CONTROL }).reasons[0]?.code).toBe('protected_path');
      governor.stop();
    },
  );

  it('reads a catalog tool by its kind: a content that looks like a path is content', () => {
    const governor = inAction({ safeMode: false });
    const decision = governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: CONTROL });
    expect(decision).toMatchObject({ verdict: 'allow', code: 'destructive_in_scope' });
    governor.stop();
  });
});
