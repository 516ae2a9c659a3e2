import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAtLeast } from '../../../src/hooks/install/claudeCodeVersion';
import { intentgateProgram } from '../../../src/hooks/install/intentgateProgram';
import { unifiedDiff } from '../../../src/hooks/install/unifiedDiff';
import { tempDir } from '../../support/agents/agentCli';
import { cli } from '../../cli/cliHarness';
import { read, tree, workspaceWith } from './installFixture';

// PATH with coreutils' timeout, and no claude: the version comes from --agent-version or is unknown
const env = { PATH: '/usr/bin:/bin' };

describe('intentgate hooks install and uninstall', () => {
  it('shows the change as a diff with --print and writes nothing', async () => {
    const target = workspaceWith({ '.claude/settings.json': '{\n  "model": "opus"\n}\n' });
    const before = tree(target.workspace);
    const run = await cli(['hooks', 'install', 'claude-code', '--workspace', target.workspace, '--print'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1,3 +1,');
    expect(run.stdout).toContain('--- /dev/null\n+++ b/.mcp.json\n');
    expect(run.stdout).toContain('+active_intents: []\n');
    expect(run.stdout).toContain('Nothing was written (--print).');
    expect(tree(target.workspace)).toEqual(before);
  });

  it('installs, prints what the human does next, and uninstalls to the files as they were', async () => {
    const target = workspaceWith({ '.gemini/settings.json': '{ "general": { "vimMode": true } }' });
    const before = tree(target.workspace);
    const installed = await cli(['hooks', 'install', 'gemini', '--workspace', target.workspace], { env });
    expect(installed).toMatchObject({ code: 0, stderr: '' });
    expect(installed.stdout).toContain(
      'updated .gemini/settings.json\ncreated .orchestration/active_intents.yaml\ncreated .orchestration/hooks-installed.json\n',
    );
    expect(installed.stdout).toContain("1. Write the task's intent in .orchestration/active_intents.yaml");
    expect(installed.stdout).toContain('`intentgate approve --init`');
    expect(installed.stdout).toContain(`\`intentgate approve --workspace ${target.workspace} --list\``);
    expect(installed.stdout).toContain(`\`intentgate serve --workspace ${target.workspace}\``);
    const again = await cli(['hooks', 'install', 'gemini', '--workspace', target.workspace], { env });
    expect(again.stdout).toContain('Nothing to change.');
    const removed = await cli(['hooks', 'uninstall', 'gemini', '--workspace', target.workspace], { env });
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain('removed folder .orchestration/');
    expect(tree(target.workspace)).toEqual(before);
  });

  it.each([
    { agent: 'copilot', files: ['.github/hooks/intentgate.json', '.mcp.json'], said: 'trust the folder' },
    {
      agent: 'opencode',
      files: ['.opencode/plugin/intentgate.js', 'opencode.json'],
      said: 'installs @opencode-ai/plugin into .opencode/',
    },
  ])(
    "shows $agent's files with --print, installs them, prints how to start it, and uninstalls to an empty workspace",
    async ({ agent, files, said }) => {
      const target = workspaceWith({});
      const printed = await cli(['hooks', 'install', agent, '--workspace', target.workspace, '--print'], { env });
      for (const file of files) expect(printed.stdout).toContain(`--- /dev/null\n+++ b/${file}\n`);
      expect(tree(target.workspace)).toEqual({});
      const installed = await cli(['hooks', 'install', agent, '--workspace', target.workspace], { env });
      expect(installed).toMatchObject({ code: 0, stderr: '' });
      for (const file of files) expect(installed.stdout).toContain(`created ${file}\n`);
      expect(installed.stdout).toContain(said);
      const again = await cli(['hooks', 'install', agent, '--workspace', target.workspace], { env });
      expect(again.stdout).toContain('Nothing to change.');
      const removed = await cli(['hooks', 'uninstall', agent, '--workspace', target.workspace], { env });
      expect(removed).toMatchObject({ code: 0, stderr: '' });
      expect(tree(target.workspace)).toEqual({});
    },
  );

  it('refuses settings that are not valid JSON with the reason and exit 1, leaving them as they are', async () => {
    const target = workspaceWith({ '.claude/settings.json': '{ "model": ' });
    const run = await cli(['hooks', 'install', 'claude-code', '--workspace', target.workspace], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: \.claude\/settings\.json is not valid JSON: .*; it was left as it is\n$/);
    expect(tree(target.workspace)).toEqual({ '.claude/': '', '.claude/settings.json': '{ "model": ' });
  });

  it.each([
    { version: '2.1.295', written: '"onFailure": "block"', said: 'its hooks block on failure' },
    { version: '2.1.197', written: '|| exit 2', said: 'is older than 2.1.295' },
  ])('writes for Claude Code $version what makes a failing hook block', async ({ version, written, said }) => {
    const target = workspaceWith({});
    const run = await cli(
      ['hooks', 'install', 'claude-code', '--workspace', target.workspace, '--agent-version', version],
      { env },
    );
    expect(run.stdout).toContain(said);
    expect(read(target, '.claude/settings.json')).toContain(written);
  });

  it('names the agents it knows for another (usage, exit 2), and says when there is nothing to uninstall', async () => {
    const target = workspaceWith({});
    const unknown = await cli(['hooks', 'install', 'cursor', '--workspace', target.workspace], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no hooks to install for 'cursor': the agents are claude-code, codex, gemini");
    const none = await cli(['hooks', 'uninstall', 'codex', '--workspace', target.workspace], { env });
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("intentgate's hooks for codex are not installed");
    expect(tree(target.workspace)).toEqual({});
  });
});

describe('the program the hooks run', () => {
  it('is `intentgate` when the one on PATH is this program, else node and its absolute path', () => {
    const dir = tempDir('bin-');
    const entry = path.join(dir, 'cli.cjs');
    writeFileSync(entry, '');
    expect(intentgateProgram(entry, { PATH: '/usr/bin' })).toEqual(['node', entry]);
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(entry, path.join(bin, 'intentgate'));
    chmodSync(entry, 0o755);
    expect(intentgateProgram(entry, { PATH: `/usr/bin:${bin}` })).toEqual(['intentgate']);
    expect(intentgateProgram(path.join(dir, 'main.ts'), { PATH: bin })).toEqual([
      'npx',
      'tsx',
      path.join(dir, 'main.ts'),
    ]);
  });

  it.each([
    { version: '2.1.295', at: true },
    { version: '2.2.0', at: true },
    { version: '3.0.0 (Claude Code)', at: true },
    { version: '2.1.294', at: false },
    { version: '2.1.197 (Claude Code)', at: false },
    { version: 'unknown', at: false },
  ])('reads $version as at least 2.1.295: $at', ({ version, at }) => {
    expect(isAtLeast(version, '2.1.295')).toBe(at);
  });
});

describe('unifiedDiff', () => {
  it('shows an insertion with its context, and a file created or deleted whole', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\n';
    expect(unifiedDiff('x', before, 'a\nb\nc\nd\nNEW\ne\nf\ng\n')).toBe(
      '--- a/x\n+++ b/x\n@@ -2,6 +2,7 @@\n b\n c\n d\n+NEW\n e\n f\n g\n',
    );
    expect(unifiedDiff('x', undefined, 'a\n')).toBe('--- /dev/null\n+++ b/x\n@@ -0,0 +1,1 @@\n+a\n');
    expect(unifiedDiff('x', 'a', undefined)).toBe(
      '--- a/x\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a\n\\ No newline at end of file\n',
    );
  });
});

describe('intentgate hooks install with a policy', () => {
  it("gives the hook and the intents server the policy, and keeps the intents and the record in the policy's orchestration directory", async () => {
    // the orchestration directory beside the workspace, in a folder of this test's own
    const parent = tempDir('policy-');
    const target = { workspace: path.join(parent, 'project'), orchestrationDir: path.join(parent, 'orchestration') };
    mkdirSync(target.workspace);
    const policy = path.join(target.workspace, 'intentgate.policy.yaml');
    writeFileSync(policy, 'version: 1\nworkspaceRoot: .\norchestrationDir: ../orchestration\n');
    const outside = target.orchestrationDir;
    const run = await cli(['hooks', 'install', 'gemini', '--policy', policy], { env, cwd: target.workspace });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const settings = read(target, '.gemini/settings.json');
    expect(settings).toContain(`hook gemini --workspace ${target.workspace} --policy ${policy} ||`);
    expect(settings).toContain(
      `"intents-mcp",\n        "--workspace",\n        "${target.workspace}",\n        "--policy",\n        "${policy}"`,
    );
    expect(Object.keys(tree(outside))).toEqual(['active_intents.yaml', 'hooks-installed.json']);
    const removed = await cli(['hooks', 'uninstall', 'gemini', '--policy', policy], { env, cwd: target.workspace });
    expect(removed.code).toBe(0);
    expect(tree(target.workspace)).toEqual({
      'intentgate.policy.yaml': 'version: 1\nworkspaceRoot: .\norchestrationDir: ../orchestration\n',
    });
    expect(existsSync(outside)).toBe(false);
  });
});
