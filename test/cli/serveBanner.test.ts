// The serve banner names where the approval token came from, and never prints it.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { memoryIo } from './cliHarness';
import { listeningUrl } from './serveHarness';

describe('the serve banner', () => {
  it('names --approval-token-file for a token read from a file, not INTENTGATE_APPROVAL_TOKEN', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'intentgate-banner-'));
    const file = path.join(folder, 'token');
    const token = 'token-read-from-an-owner-only-file';
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    const stop = new AbortController();
    const io = memoryIo({ cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }), stop: stop.signal });
    const exited = runCli(['serve', '--port', '0', '--approval-token-file', file], io);
    try {
      await listeningUrl(io.stdout);
      expect(io.stdout.text).toContain(`approval token: from ${file} (not printed)`);
      expect(io.stdout.text).not.toContain('INTENTGATE_APPROVAL_TOKEN');
      expect(io.stdout.text).not.toContain(token);
    } finally {
      stop.abort();
      expect(await exited).toBe(0);
    }
  });
});
