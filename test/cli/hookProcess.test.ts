import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REPO_ROOT } from './cliHarness';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SCRIPT = path.join(REPO_ROOT, 'test', 'cli', 'fixtures', 'hookTestAgent.ts');

/** Runs the hook as an agent does: a new process, the event on stdin (left open when `event` is undefined). */
function runHook(
  root: string,
  event: string | undefined,
): Promise<{ code: number | null; stdout: string; ms: number }> {
  const started = Date.now();
  // the user's state folder, where the sessions are kept, in the run's temporary folder
  const env = {
    ...process.env,
    XDG_STATE_HOME: path.join(root, '..', `${path.basename(root)}-state`),
    XDG_CONFIG_HOME: path.join(root, '..', `${path.basename(root)}-config`),
  };
  const child = spawn(process.execPath, ['--import', TSX_LOADER, SCRIPT, '--workspace', root], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  if (event !== undefined) child.stdin.end(event);
  // a backstop: a hook that hangs is killed, and then has no exit code of its own
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      child.stdin.destroy();
      resolve({ code, stdout, ms: Date.now() - started });
    }),
  );
}

describe('intentgate hook in a process of its own', () => {
  it('answers one event per process, the session kept between them', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const first = await runHook(
      root,
      JSON.stringify({ session: 'p1', event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } }),
    );
    const second = await runHook(
      root,
      JSON.stringify({ session: 'p1', event: 'tools', tools: ['read_file', 'write_to_file'] }),
    );
    expect([first.code, JSON.parse(first.stdout)]).toEqual([0, { answer: 'allow', code: 'intent_selected' }]);
    expect([second.code, JSON.parse(second.stdout)]).toEqual([
      0,
      { answer: 'tools', tools: ['read_file', 'write_to_file'] },
    ]);
  });

  it('exits with a block when the agent leaves stdin open', async () => {
    const run = await runHook(makeWorkspace(), undefined);
    // exit code 2 and a block are the hook's own: a hook killed by the backstop has neither
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ answer: 'block' });
  });
});
