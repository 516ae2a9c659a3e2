import { describe, expect, it } from 'vitest';
import { categorize, createGovernor, type Governor } from '../../src/index';
import { AGENT_SETTINGS } from '../../src/paths/secretWords';
import { makeWorkspace } from '../support/workspace';

// Agent and editor settings that run code: writing one is FS_CONFIG_SECRETS, by a file tool or
// by a shell command, since the shell's paths go through the same file rules.

const WORKSPACE = '/nonexistent-intentgate-tests/project';
const options = { workspaceRoot: WORKSPACE, homeDir: '/nonexistent-intentgate-tests/home' };
const settings = AGENT_SETTINGS.map(({ path }) => ({ file: path.join('/') }));

describe('agent and editor settings', () => {
  it('lists the files that lead to code execution the issue names', () => {
    const files = settings.map(({ file }) => file);
    for (const file of [
      '.cursor/mcp.json',
      '.vscode/tasks.json',
      '.vscode/settings.json',
      '.claude/settings.json',
      '.claude/settings.local.json',
      '.gemini/settings.json',
      '.codex/config.toml',
      '.mcp.json',
    ]) {
      expect(files).toContain(file);
    }
  });

  it.each(settings)('raises FS_CONFIG_SECRETS for a write_to_file of $file', ({ file }) => {
    const risk = categorize('write_to_file', { path: file, content: '{}' }, options);
    expect(risk.evidence).toContainEqual(
      expect.objectContaining({ category: 'FS_CONFIG_SECRETS', note: 'agent_settings file' }),
    );
  });

  it.each(settings)('raises FS_CONFIG_SECRETS for a shell redirect into $file', ({ file }) => {
    expect(categorize('execute_command', { command: `printf '{}' > ${file}` }, options).categories).toContain(
      'FS_CONFIG_SECRETS',
    );
  });

  it.each(settings)('raises FS_CONFIG_SECRETS for an apply_patch that adds $file', ({ file }) => {
    expect(
      categorize('apply_patch', { patch: `*** Begin Patch\n*** Add File: ${file}\n+{}\n*** End Patch` }, options)
        .categories,
    ).toContain('FS_CONFIG_SECRETS');
  });

  it.each(settings)('raises nothing for a read of $file, which runs nothing', ({ file }) => {
    expect(categorize('read_file', { path: file }, options).categories).not.toContain('FS_CONFIG_SECRETS');
  });
});

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

function attackerSetting(): Governor {
  const governor = createGovernor({ workspaceRoot: makeWorkspace({ intentsYaml: SCOPE_SRC }), trace: () => undefined });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

describe('agent settings inside the scope, in ACTION with scope src/** and EXEC_ARBITRARY and FS_DELETE_OVERWRITE approved', () => {
  it.each([
    {
      name: 'a write of src/.vscode/tasks.json',
      tool: 'write_to_file',
      args: { path: 'src/.vscode/tasks.json', content: '{}' },
    },
    { name: 'a write of src/.mcp.json', tool: 'write_to_file', args: { path: 'src/.mcp.json', content: '{}' } },
    {
      name: 'a shell redirect into src/.cursor/mcp.json',
      tool: 'execute_command',
      args: { command: "echo '{}' > src/.cursor/mcp.json" },
    },
    {
      name: 'a tee into src/.claude/settings.json',
      tool: 'execute_command',
      args: { command: "echo '{}' | tee src/.claude/settings.json" },
    },
  ])('holds $name for FS_CONFIG_SECRETS', ({ tool, args }) => {
    const decision = attackerSetting().handleToolCall(tool, args);
    expect(decision).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    expect(decision.approval?.categories).toContain('FS_CONFIG_SECRETS');
  });
});
