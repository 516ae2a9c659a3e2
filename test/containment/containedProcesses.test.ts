import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContained } from '../../src/containment/runContained';
import { BWRAP, makeRepository, profileFor } from './sandboxSupport';

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

  it('refuses a working folder the profile masks, running nothing', async () => {
    const root = makeRepository().root;
    const result = await runContained(profileFor(root), 'true', { bwrap: BWRAP ?? '', cwd: `${root}/secrets` });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('is masked') });
  });
});
