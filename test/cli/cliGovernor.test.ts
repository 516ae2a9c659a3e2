import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cliGovernor } from '../../src/cli/cliGovernor';
import type { CliIo } from '../../src/cli/cliIo';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

function ioIn(cwd: string): CliIo {
  const ignore = { write: () => true };
  return { stdin: Readable.from([]), stdout: ignore, stderr: ignore, env: {}, cwd };
}

describe('the governor behind decide and explain', () => {
  it('takes its session id from --session', () => {
    const governor = cliGovernor(
      { state: 'REQUEST', session: 'review-42' },
      ioIn(makeWorkspace({ intentsYaml: INTENTS_YAML })),
    );
    expect(governor.sessionId).toBe('review-42');
    governor.stop();
  });

  it('takes the workspace from --workspace, resolved against the working directory', () => {
    const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = cliGovernor({ state: 'ACTION', intent: 'INT-001', workspace: '.' }, ioIn(workspace));
    expect({
      state: governor.state,
      intent: governor.activeIntent?.id,
      intents: governor.intents.map((intent) => intent.id),
    }).toEqual({ state: 'ACTION', intent: 'INT-001', intents: ['INT-001', 'INT-002'] });
    governor.stop();
  });
});
