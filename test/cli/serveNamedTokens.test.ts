import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, memoryIo } from './cliHarness';
import { approveWithToken, listeningUrl } from './serveHarness';

const ALICE = 'alice-approval-token-0123';

describe('intentgate serve with named approval tokens', () => {
  it('takes INTENTGATE_APPROVAL_TOKENS from the run, names them and never prints them', async () => {
    const stop = new AbortController();
    const io = memoryIo({
      cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      stop: stop.signal,
      env: { INTENTGATE_APPROVAL_TOKENS: `alice:${ALICE}` },
    });
    const exited = runCli(['serve', '--port', '0', '--quiet'], io);
    const url = await listeningUrl(io.stdout);
    try {
      await fetch(`${url}/sessions/s1/prompt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await approveWithToken(url, ALICE, 's1', ['EXEC_ARBITRARY'])).toBe(200);
    } finally {
      stop.abort();
      expect(await exited).toBe(0);
    }
    expect(io.stdout.text).toContain('named approval tokens: alice  (from INTENTGATE_APPROVAL_TOKENS, not printed)\n');
    expect(io.stdout.text).not.toContain(ALICE);
  });

  it('exits 2 on a malformed INTENTGATE_APPROVAL_TOKENS, before listening', async () => {
    const run = await cli(['serve', '--port', '0'], {
      cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      env: { INTENTGATE_APPROVAL_TOKENS: 'alice:short' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'INTENTGATE_APPROVAL_TOKENS[0].token: an approval token must have at least 16 characters',
    );
    expect(run.stderr).not.toContain('alice:short');
    expect(run.stdout).toBe('');
  });
});
