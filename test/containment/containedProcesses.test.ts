import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContained } from '../../src/containment/runContained';
import { BWRAP, makeRepository, profileFor } from './sandboxSupport';

/** Whether a process runs: it is there and not a zombie, which a killed child of this process is until reaped. */
function running(pid: number): boolean {
  try {
    // the state follows the name in parentheses, which may itself hold spaces
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(BWRAP === undefined)('the processes of a contained command', () => {
  it('ends the whole sandbox at its timeout', async () => {
    const profile = profileFor(makeRepository().root);
    // the wait itself is what this checks: a command that would run 300 s ends at the timeout
    const result = await runContained(profile, 'sleep 300 & sleep 300', {
      bwrap: BWRAP ?? '',
      stdio: 'ignore',
      timeoutMs: 500,
    });
    expect(result).toMatchObject({ ok: true, run: { timedOut: true, signal: 'SIGKILL' } });
  });

  it('passes the command its own exit code', async () => {
    const profile = profileFor(makeRepository().root);
    const result = await runContained(profile, ['bash', '-c', 'exit 7'], { bwrap: BWRAP ?? '', stdio: 'ignore' });
    expect(result).toMatchObject({ ok: true, run: { exitCode: 7, timedOut: false } });
  });

  it('binds no scope folder that does not exist, and creates none on the host', async () => {
    const root = makeRepository().root;
    const profile = profileFor(root, { ownedScope: ['src/**', 'lib/new/**'] });
    const result = await runContained(profile, 'mkdir -p lib/new && touch lib/new/a.ts', {
      bwrap: BWRAP ?? '',
      stdio: 'ignore',
    });
    expect(result).toMatchObject({ ok: true, run: { exitCode: 1 } });
    expect(existsSync(path.join(root, 'lib'))).toBe(false);
  });

  // why a contained signal is not asked about (src/shell/programs/system/systemSpecs.ts): the
  // sandbox has a process table of its own, so kill and pkill reach no process outside it
  it('signals no process outside the sandbox, by pid or by name', async () => {
    const outside = spawn('sleep', ['300'], { stdio: 'ignore' });
    try {
      const pid = outside.pid ?? 0;
      expect(pid).toBeGreaterThan(0);
      const profile = profileFor(makeRepository().root);
      const result = await runContained(profile, `kill -9 ${pid}; pkill -9 -x sleep; exit 0`, {
        bwrap: BWRAP ?? '',
        stdio: 'ignore',
      });
      expect(result).toMatchObject({ ok: true, run: { exitCode: 0 } });
      expect(running(pid)).toBe(true);
      // and the line's own background job is its to signal
      const own = await runContained(profile, 'sleep 300 & PID=$!; kill $PID; wait $PID; echo $? > /dev/null', {
        bwrap: BWRAP ?? '',
        stdio: 'ignore',
      });
      expect(own).toMatchObject({ ok: true, run: { timedOut: false } });
    } finally {
      outside.kill('SIGKILL');
    }
  });

  it('refuses a working folder the profile masks, running nothing', async () => {
    const root = makeRepository().root;
    const result = await runContained(profileFor(root), 'true', { bwrap: BWRAP ?? '', cwd: `${root}/secrets` });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('is masked') });
  });
});
