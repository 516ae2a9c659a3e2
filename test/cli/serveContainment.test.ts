import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { memoryIo, tempFile } from './cliHarness';
import { listeningUrl } from './serveHarness';

const NO_BWRAP = '/nonexistent-intentgate-test';

/** `serve` until it listens; the first stderr record and what /healthz says of containment. */
async function serve(extra: readonly string[], path = NO_BWRAP) {
  const stop = new AbortController();
  const io = memoryIo({ cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }), stop: stop.signal, env: { PATH: path } });
  const exited = runCli(['serve', '--port', '0', ...extra], io);
  const url = await listeningUrl(io.stdout);
  const health = (await (await fetch(`${url}/healthz`)).json()) as { containment: Record<string, unknown> };
  stop.abort('SIGTERM');
  expect(await exited).toBe(0);
  const first = io.stderr.text.split('\n')[0] ?? '';
  return {
    stderr: io.stderr.text,
    first: first === '' ? undefined : (JSON.parse(first) as Record<string, unknown>),
    health,
  };
}

describe('intentgate serve: the containment record at start', () => {
  it('says first, in one JSON line of its log, that shell commands are decided by analysis alone, and why', async () => {
    const run = await serve([]);
    expect(run.first).toEqual({
      time: expect.any(String),
      level: 'warn',
      event: 'containment',
      mode: 'auto',
      available: false,
      plan: 'analysis_only',
      message:
        'shell commands are decided by analysis alone: containment is auto and not available here: ' +
        'bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
    });
  });

  it('takes the mode from the policy, and /healthz says the same mode', async () => {
    const policy = tempFile('policy.yml', 'version: 1\ncontainment: off\n');
    const run = await serve(['--policy', policy]);
    expect(run.first).toMatchObject({
      mode: 'off',
      plan: 'analysis_only',
      message: "shell commands are decided by analysis alone: the policy's containment is off",
    });
    expect(run.health.containment).toMatchObject({ mode: 'off', plan: 'analysis_only' });
  });

  it('says a required containment refuses shell commands where bubblewrap cannot run', async () => {
    const policy = tempFile('policy.yml', 'version: 1\ncontainment: { mode: required }\n');
    const run = await serve(['--policy', policy]);
    expect(run.first).toMatchObject({
      level: 'warn',
      mode: 'required',
      plan: 'refuse',
      message: expect.stringContaining('containment is required, and bubblewrap (bwrap) is not installed'),
    });
  });

  it('writes nothing to stderr with --quiet', async () => {
    expect((await serve(['--quiet'])).stderr).toBe('');
  });
});
