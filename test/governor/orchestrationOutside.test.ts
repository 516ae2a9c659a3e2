import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, loadPolicy, readTrace, type Governor } from '../../src/index';
import { cli, jsonLines, memoryIo } from '../cli/cliHarness';
import { runCli } from '../../src/cli/runCli';

// The orchestration directory in a folder of its own, outside the workspace: the option for
// users who want the intents and the trace out of the agent's reach. Its files are then
// outside-workspace paths for every tool; .intentignore, at the workspace root, stays protected.

const SCOPE_EVERYTHING = "active_intents:\n  - id: INT-ALL\n    owned_scope: ['**']\n";

function layout(): { readonly workspace: string; readonly orchestration: string; readonly intentsFile: string } {
  const base = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'outside-'));
  const workspace = path.join(base, 'project');
  const orchestration = path.join(base, 'governance');
  mkdirSync(path.join(workspace, 'src'), { recursive: true });
  mkdirSync(orchestration);
  const intentsFile = path.join(orchestration, 'active_intents.yaml');
  writeFileSync(intentsFile, SCOPE_EVERYTHING);
  writeFileSync(path.join(workspace, '.intentignore'), 'private/\n');
  return { workspace, orchestration, intentsFile };
}

/** ACTION under an intent that owns the whole workspace, with the attacker's approvals. */
function inAction(workspace: string, orchestration: string): Governor {
  const governor = createGovernor({ workspaceRoot: workspace, orchestrationDir: orchestration });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  governor.userPrompt('work');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-ALL' }).code).toBe('intent_selected');
  return governor;
}

describe('an orchestration directory outside the workspace', () => {
  it('holds the intents and the trace, and keeps the fail-safe off', () => {
    const { workspace, orchestration } = layout();
    const governor = inAction(workspace, orchestration);
    expect(governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' }).code).toBe(
      'destructive_in_scope',
    );
    expect(readTrace(path.join(orchestration, 'agent_trace.jsonl')).records.map((record) => record.tool)).toEqual([
      'write_to_file',
    ]);
    expect(existsSync(path.join(workspace, '.orchestration'))).toBe(false);
  });

  it.each([
    {
      name: 'a write of the intents file',
      tool: 'write_to_file',
      args: (file: string) => ({ path: file, content: 'x' }),
    },
    { name: 'a delete of the intents file', tool: 'delete_file', args: (file: string) => ({ path: file }) },
  ])('refuses $name even under an intent that owns everything', ({ tool, args }) => {
    const { workspace, orchestration, intentsFile } = layout();
    const governor = inAction(workspace, orchestration);
    expect(governor.handleToolCall(tool, args(intentsFile)).code).toBe('scope_violation');
  });

  it('holds a read of the intents file for a human: a path outside the workspace is FS_OUTSIDE_WORKSPACE', () => {
    const { workspace, orchestration, intentsFile } = layout();
    const decision = inAction(workspace, orchestration).handleToolCall('read_file', { path: intentsFile });
    expect(decision.code).toBe('needs_approval');
    expect(decision.approval?.categories).toContain('FS_OUTSIDE_WORKSPACE');
  });

  it.each([
    { name: 'a shell redirection into it', command: (file: string) => `echo x > ${file}` },
    { name: 'a shell move over it', command: (file: string) => `mv src/a.ts ${file}` },
    {
      name: 'a truncation of the trace',
      command: (file: string) => `: > ${path.join(path.dirname(file), 'agent_trace.jsonl')}`,
    },
  ])('refuses $name: a change outside the workspace is outside every scope', ({ command }) => {
    const { workspace, orchestration, intentsFile } = layout();
    const governor = inAction(workspace, orchestration);
    expect(governor.handleToolCall('execute_command', { command: command(intentsFile) }).code).toBe('scope_violation');
  });

  it('refuses a shell change to it even when it lies under a scratch folder', () => {
    const { workspace } = layout();
    // a scratch folder of its own (not one holding the workspace), with the orchestration folder in it
    const scratch = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'scratch-'));
    const orchestration = path.join(scratch, 'governance');
    mkdirSync(orchestration);
    writeFileSync(path.join(orchestration, 'active_intents.yaml'), SCOPE_EVERYTHING);
    const governor = createGovernor({
      workspaceRoot: workspace,
      orchestrationDir: orchestration,
      shell: { scratchFolders: [scratch] },
    });
    governor.userPrompt('work');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-ALL' });
    expect(
      governor.handleToolCall('execute_command', { command: `echo x > ${orchestration}/active_intents.yaml` }).code,
    ).toBe('scope_violation');
    // elsewhere in the scratch folder a change is safe mode's alone
    expect(governor.handleToolCall('execute_command', { command: `echo x > ${scratch}/scratch.txt` }).code).toBe(
      'needs_approval',
    );
  });

  it('holds a change to it for a human when a DESTRUCTIVE call ran since it was adopted, whatever route wrote it', () => {
    const { workspace, orchestration, intentsFile } = layout();
    const governor = inAction(workspace, orchestration);
    expect(governor.handleToolCall('execute_command', { command: 'echo x > src/a.ts' }).allowed).toBe(true);
    // a route the analysis did not see, standing for any
    expect(
      spawnSync('bash', ['-c', `printf "active_intents: []\\n" > ${intentsFile}`], { cwd: workspace }).status,
    ).toBe(0);
    governor.userPrompt('next');
    expect(governor.pendingApproval?.code).toBe('control_file_changed');
    expect(governor.intents.map((intent) => intent.id)).toEqual(['INT-ALL']);
  });

  it('refuses a write through a symlink in the workspace that leads into it', () => {
    const { workspace, orchestration } = layout();
    symlinkSync(orchestration, path.join(workspace, 'src', 'gov'));
    const governor = inAction(workspace, orchestration);
    expect(governor.handleToolCall('write_to_file', { path: 'src/gov/active_intents.yaml', content: 'x' }).code).toBe(
      'scope_violation',
    );
  });

  it('keeps .intentignore protected and enforced', () => {
    const { workspace, orchestration } = layout();
    const governor = inAction(workspace, orchestration);
    expect(governor.handleToolCall('write_to_file', { path: '.intentignore', content: '' }).code).toBe(
      'protected_path',
    );
    expect(governor.handleToolCall('read_file', { path: 'private/a.md' }).code).toBe('path_ignored');
  });

  it('holds a change to its intents file found after a DESTRUCTIVE call, like one inside', () => {
    const { workspace, orchestration, intentsFile } = layout();
    const governor = inAction(workspace, orchestration);
    governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' });
    writeFileSync(
      intentsFile,
      "active_intents:\n  - id: INT-ALL\n    owned_scope: ['**']\n  - id: INT-NEW\n    owned_scope: ['**']\n",
    );
    governor.userPrompt('next');
    expect(governor.pendingApproval?.code).toBe('control_file_changed');
    expect(governor.pendingApproval?.approval?.prompt.action).toContain(intentsFile);
  });

  it('is named by a policy file, relative to it', () => {
    const { workspace, orchestration } = layout();
    const policyFile = path.join(workspace, '..', 'policy.yaml');
    writeFileSync(policyFile, 'version: 1\nworkspaceRoot: project\norchestrationDir: governance\n');
    const options = loadPolicy(policyFile).governor;
    expect(options.orchestrationDir).toBe(orchestration);
    const governor = createGovernor({ ...options, trace: () => undefined });
    expect(governor.intents.map((intent) => intent.id)).toEqual(['INT-ALL']);
  });

  it('is taken by intentgate decide --orchestration-dir', async () => {
    const { workspace, orchestration, intentsFile } = layout();
    const run = await cli([
      'decide',
      '--workspace',
      workspace,
      '--orchestration-dir',
      orchestration,
      '--intent',
      'INT-ALL',
      '--tool',
      'write_to_file',
      '--args',
      JSON.stringify({ path: intentsFile, content: 'x' }),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonLines(run.stdout)[0]).toMatchObject({ code: 'scope_violation', intentId: 'INT-ALL' });
    const empty = await cli(['decide', '--orchestration-dir', '', '--tool', 'read_file']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--orchestration-dir must not be empty');
  });

  it('is taken by intentgate serve --orchestration-dir', async () => {
    const { workspace, orchestration } = layout();
    const stop = new AbortController();
    const io = memoryIo({ cwd: workspace, stop: stop.signal });
    const exited = runCli(['serve', '--port', '0', '--orchestration-dir', orchestration], io);
    const deadline = Date.now() + 10_000;
    while (!io.stdout.text.includes('approval token: ') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const url = /listening on (http:\/\/\S+)/.exec(io.stdout.text)?.[1] ?? '';
    try {
      expect(io.stdout.text).toContain(`orchestration directory: ${orchestration} (outside the workspace)`);
      expect(io.stdout.text).not.toContain('warning:');
      const post = (route: string, body: unknown) =>
        fetch(`${url}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (response) => (await response.json()) as Record<string, unknown>);
      await post('/sessions/s/prompt', {});
      expect(
        await post('/sessions/s/tool-calls', { tool: 'select_active_intent', args: { intent_id: 'INT-ALL' } }),
      ).toMatchObject({ code: 'intent_selected' });
    } finally {
      stop.abort('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
