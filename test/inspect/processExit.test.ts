import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScript, stdoutMatching } from './childScript';

const DEMO = fileURLToPath(new URL('../../scripts/demo.ts', import.meta.url));
const GOVERNOR_EXIT = fileURLToPath(new URL('./fixtures/governorExit.ts', import.meta.url));
// a backstop for a loaded 2-core machine: tsx compiles on start; a lingering handle keeps the
// process alive for good, so it shows as a hang past this, not as a slow exit
const PROMPT_EXIT_MS = 120_000;
// how long a process that finished its session is watched for an exit it should not make: the
// inspector retries every 5 s, so a process it keeps alive is still there after any wait
const WATCH_AFTER_SESSION_MS = 3_000;

describe('a run without inspection', () => {
  it(
    'lets npm run demo exit 0 promptly',
    async () => {
      const run = runScript(DEMO, [], { INTENTGATE_INSPECT_URL: undefined });
      const exit = await run.exited;
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
      expect(exit.ms).toBeLessThan(PROMPT_EXIT_MS);
      expect(run.stdout()).toContain(
        '12 steps: 5 allowed, 5 denied or held, final state REQUEST; every verdict as expected.',
      );
    },
    PROMPT_EXIT_MS + 5_000,
  );

  it(
    'lets a process whose governor was never stopped exit by itself',
    async () => {
      const run = runScript(GOVERNOR_EXIT, ['plain']);
      const exit = await run.exited;
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
      expect(exit.ms).toBeLessThan(PROMPT_EXIT_MS);
      expect(run.stdout()).toBe('session ran: 0 failures, final state REQUEST\n');
    },
    PROMPT_EXIT_MS + 5_000,
  );
});

describe('a run with an unreachable WebSocket inspector', () => {
  // why scripts/inspect.ts ends with process.exit: the inspector retries every 5 s, even after stop()
  it(
    'keeps the process alive after the session and stop()',
    async () => {
      const run = runScript(GOVERNOR_EXIT, ['unreachable-inspector']);
      // the watch starts once the session has run, however long the start took
      await stdoutMatching(run, /session ran/, PROMPT_EXIT_MS);
      const outcome = await Promise.race([
        run.exited,
        new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), WATCH_AFTER_SESSION_MS)),
      ]);
      run.child.kill('SIGKILL');
      expect(outcome).toBe('running');
      expect(run.stdout()).toBe('session ran: 0 failures, final state REQUEST\n');
    },
    PROMPT_EXIT_MS + 5_000,
  );
});
