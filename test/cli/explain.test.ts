import { describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, tempFile } from './cliHarness';

const governed = (): string => makeWorkspace({ intentsYaml: INTENTS_YAML });
const WRITE = ['--tool', 'write_to_file', '--args', '{"path":"src/auth/a.ts","content":"x"}'];

describe('intentgate explain', () => {
  it('shows the verdict, the reasons, the evidence and the confirmation prompt of an ask', async () => {
    const run = await cli(['explain', '--intent', 'INT-001', ...WRITE], { cwd: governed() });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'write_to_file {"path":"src/auth/a.ts","content":"x"}',
        '  verdict: ASK (needs_approval) in ACTION, intent INT-001; DESTRUCTIVE tool',
        '  reasons:',
        "    - needs_approval: Safe mode: 'write_to_file' needs a human's approval for FS_DELETE_OVERWRITE in this session.",
        '    - risk_category: FS_DELETE_OVERWRITE: Data or file history can be lost. (path: src/auth/a.ts)',
        '  categories: FS_DELETE_OVERWRITE',
        "    - FS_DELETE_OVERWRITE: argument 'path', trigger 'src/auth/a.ts': create (new file)",
        "  confirmation prompt (answer approval 'approval-1'):",
        '    1) What I want to do: Call write_to_file: src/auth/a.ts',
        '    2) Why: To work on intent INT-001 (JWT authentication).',
        '    3) Risk: Data or file history can be lost.',
        '    4) What will change:',
        '       - create src/auth/a.ts (new file)',
        '    5) [Continue] [Cancel] [Show details] [Edit]',
        '       Or allow calls like it: FS_DELETE_OVERWRITE — src/auth/** while the intent is active',
        '    FS_DELETE_OVERWRITE: Data or file history can be lost.',
        '       path: src/auth/a.ts',
        '       operation (delete/overwrite): create',
        '       extent (files/folders): new file',
        '',
      ].join('\n'),
    );
  });

  it('writes the prompt in the locale from --locale', async () => {
    const run = await cli(['explain', '--intent', 'INT-001', '--locale', 'ru', ...WRITE], { cwd: governed() });
    expect(run.stdout).toContain('    5) [Продолжить] [Отмена] [Показать детали] [Изменить]');
  });

  it("writes the prompt in the policy's locale", async () => {
    const policy = tempFile('policy.yml', 'version: 1\nlocale: ru\n');
    const run = await cli(['explain', '--policy', policy, '--intent', 'INT-001', ...WRITE], { cwd: governed() });
    expect(run.stdout).toContain('1) Что хочу сделать:');
  });

  it('explains a denial with its reason and no prompt', async () => {
    const run = await cli(['explain', '--state', 'REASONING', ...WRITE], { cwd: governed() });
    expect(run.stdout).toContain(
      '  verdict: DENY (state_violation) in REASONING; DESTRUCTIVE tool\n  reasons:\n    - ' +
        "state_violation: State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.\n",
    );
    expect(run.stdout).not.toContain('confirmation prompt');
  });

  it('explains shell evidence: the argument and the word that raised each category', async () => {
    const run = await cli(
      ['explain', '--intent', 'INT-001', '--tool', 'execute_command', '--args', '{"command":"sudo npm i -g x"}'],
      { cwd: governed() },
    );
    expect(run.stdout).toContain("    - SUDO: argument 'command', trigger 'sudo': ");
    expect(run.stdout).toContain('  categories: DEPS_INSTALL_UPDATE, SUDO, NETWORK_RISK, EXEC_ARBITRARY');
  });

  it('explains a question by name, with no categories', async () => {
    const run = await cli(['explain', '--query', '--tool', 'read_file'], { cwd: governed() });
    expect(run.stdout).toBe(
      'read_file (by name)\n  verdict: ALLOW (safe_tool) in REQUEST; SAFE tool\n  reasons:\n    - ' +
        "safe_tool: 'read_file' is SAFE: it runs in every state.\n  categories: none\n",
    );
  });

  it('explains a stream, one block per call; a bad line goes to stderr only and makes the exit code 1', async () => {
    const stdin = [
      '{"tool":"read_file","args":{"path":"a"}}',
      'oops',
      '{"tool":"list_files","args":{"path":"."}}',
    ].join('\n');
    const run = await cli(['explain'], { cwd: governed(), stdin });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n\n').map((block) => block.split('\n')[0])).toEqual([
      'read_file {"path":"a"}',
      'list_files {"path":"."}',
    ]);
    expect(run.stderr).toMatch(/^line 2: invalid JSON: .*\n$/);
  });
});
