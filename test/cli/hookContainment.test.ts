import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { memoryIo, MemoryOutput, tempFile } from './cliHarness';

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerHookAdapter(testHookAdapter);
});
afterAll(() => unregister());

/** A terminal's stderr: where a person, not an agent, reads what the hook says. */
class TerminalOutput extends MemoryOutput {
  readonly isTTY = true;
}

const NO_BWRAP = '/nonexistent-intentgate-test';
const PROMPT = JSON.stringify({ session: 's1', event: 'prompt', prompt: 'add login' });

async function hook(options: { terminal: boolean; extra?: readonly string[]; stdin?: string }) {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const io = {
    ...memoryIo({ stdin: options.stdin ?? PROMPT, env: { PATH: NO_BWRAP } }),
    ...(options.terminal && { stderr: new TerminalOutput() }),
  };
  const code = await runCli(['hook', 'test-agent', '--workspace', root, ...(options.extra ?? [])], io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

describe('intentgate hook: the containment line at start', () => {
  it('tells a person at a terminal, in one line on stderr, whether shell commands run contained and why', async () => {
    const run = await hook({ terminal: true });
    expect(run.stderr.split('\n')[0]).toBe(
      'intentgate hook: shell commands are decided by analysis alone: containment is auto and not ' +
        'available here: bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
    );
  });

  it('leaves the answer on stdout and the exit code as they are, and says nothing where an agent reads stderr', async () => {
    const [terminal, agent] = await Promise.all([hook({ terminal: true }), hook({ terminal: false })]);
    expect(terminal.stdout).toBe(agent.stdout);
    expect(JSON.parse(agent.stdout)).toMatchObject({ answer: 'proceed' });
    expect(terminal.code).toBe(agent.code);
    expect(agent.stderr).not.toContain('containment');
    expect(terminal.stderr.split('\n').slice(1).join('\n')).toBe(agent.stderr);
  });

  it('says nothing more on a block, where an agent would hand stderr to its model', async () => {
    const stdin = JSON.stringify({
      session: 's1',
      event: 'pre',
      tool: 'write_to_file',
      args: { path: 'src/auth/a.ts' },
    });
    const agent = await hook({ terminal: false, stdin });
    expect(agent.code).toBe(2);
    expect(agent.stderr).not.toContain('containment');
  });

  it('says a required containment refuses shell commands, and why', async () => {
    const policy = tempFile('policy.yml', 'version: 1\ncontainment: required\n');
    const run = await hook({ terminal: true, extra: ['--policy', policy] });
    expect(run.stderr.split('\n')[0]).toBe(
      'intentgate hook: shell commands are refused on the routes docs/containment.md lists: ' +
        'containment is required, and bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
    );
  });

  it('points to the service when the service decides', async () => {
    const run = await hook({ terminal: true, extra: ['--server', 'http://127.0.0.1:9'] });
    expect(run.stderr.split('\n')[0]).toBe(
      'intentgate hook: shell commands are decided by the service at http://127.0.0.1:9; its /healthz says whether it contains them',
    );
  });

  it('says the policy cannot be read, and leaves the failure to the answer', async () => {
    const run = await hook({ terminal: true, extra: ['--policy', '/nonexistent/policy.yml'] });
    expect(run.stderr.split('\n')[0]).toMatch(
      /^intentgate hook: containment unknown: the policy cannot be read \(.+\)$/,
    );
    expect(run.code).not.toBe(0);
  });
});
