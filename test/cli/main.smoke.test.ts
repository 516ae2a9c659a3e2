import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REPO_ROOT } from './cliHarness';

const MAIN = path.join(REPO_ROOT, 'src/cli/main.ts');
// --import resolves from the child's cwd, a temp workspace: pass tsx's loader by URL
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const TIMEOUT_MS = 120_000;

interface Exit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(args: readonly string[], options: { cwd: string; stdin?: string }): Promise<Exit> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, ...args], {
    cwd: options.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('node --import tsx src/cli/main.ts', () => {
  it(
    'decides a piped stream in a child process and exits with the run code',
    async () => {
      const stdin = [
        '{"tool":"select_active_intent","args":{"intent_id":"INT-001"}}',
        'not json',
        '{"tool":"write_to_file","args":{"path":"src/auth/a.ts"}}',
        '',
      ].join('\n');
      const exit = await run(['decide', '--state', 'REASONING', '--safe-mode', 'off'], {
        cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }),
        stdin,
      });
      expect(exit.code).toBe(1);
      const lines = exit.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { code?: string; line?: number });
      expect(lines.map((line) => line.code ?? `line ${line.line}`)).toEqual([
        'intent_selected',
        'line 2',
        'destructive_in_scope',
      ]);
      expect(exit.stderr).toMatch(/^line 2: invalid JSON: /);
    },
    TIMEOUT_MS,
  );

  it(
    'exits 2 on a usage error and 0 on --version',
    async () => {
      const cwd = makeWorkspace();
      const [bad, version] = await Promise.all([
        run(['decide', '--stat', 'ACTION'], { cwd }),
        run(['--version'], { cwd }),
      ]);
      expect(bad).toMatchObject({ code: 2, stdout: '' });
      expect(bad.stderr).toContain("error: unknown option '--stat'");
      expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    },
    TIMEOUT_MS,
  );
});
