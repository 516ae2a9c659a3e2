import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGovernedMcpProxy, type GovernedMcpProxy } from '../../src/integrations/mcpProxy';
import { cli } from '../cli/cliHarness';
import { recordingClient, resultText, type RecordingClient } from '../integrations/mcpProxy/proxyHarness';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// Issue 33, finding 7, through the real routes: an MCP server's `remove {target}` behind the proxy,
// and Claude Code's `mcp__fs__delete {target}` through `intentgate hook claude-code`.

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'removingServer.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const CONTROL = '.orchestration/active_intents.yaml';

function workspaceWithSources(): string {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  writeFileSync(path.join(root, 'README.md'), '# Project\n');
  return root;
}

describe('an upstream tool with a `target` argument, behind the MCP proxy', () => {
  const root = workspaceWithSources();
  const log = path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'removing-')), 'calls.log');
  let proxy: GovernedMcpProxy;
  let recording: RecordingClient;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await recording.client.callTool({ name, arguments: args })) as CallToolResult;
  const forwarded = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);

  beforeAll(async () => {
    proxy = await createGovernedMcpProxy({
      upstream: {
        command: process.execPath,
        args: ['--import', 'tsx', FIXTURE, root, log],
        cwd: REPO_ROOT,
        stderr: 'ignore',
      },
      governor: { workspaceRoot: root },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await proxy.connect(serverSide);
    // the human accepts every held call: only the path checks stand between the agent and the file
    recording = recordingClient('accept');
    await recording.client.connect(clientSide);
    const changed = recording.nextListChanged();
    expect((await call('select_active_intent', { intent_id: 'INT-001' })).isError).toBeFalsy();
    await changed;
  }, 60_000);

  afterAll(async () => {
    await recording.client.close();
    await proxy.close();
  });

  it('refuses `remove` of the intents file and never forwards it', async () => {
    const result = await call('remove', { target: CONTROL });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('protected_path');
    expect(existsSync(path.join(root, CONTROL))).toBe(true);
    expect(forwarded()).toEqual([]);
  });

  it('refuses the intents file nested in a list of operations, and forwards none of them', async () => {
    const result = await call('apply_ops', { ops: [{ at: 'src/auth/old.ts' }, { at: `./${CONTROL}` }] });
    expect(resultText(result)).toContain('protected_path');
    expect(existsSync(path.join(root, CONTROL))).toBe(true);
    expect(forwarded()).toEqual([]);
  });

  it('refuses a file outside the scope under any argument name', async () => {
    const result = await call('remove', { target: 'README.md' });
    expect(resultText(result)).toContain('scope_violation');
    expect(existsSync(path.join(root, 'README.md'))).toBe(true);
    expect(forwarded()).toEqual([]);
  });

  it('forwards a call whose paths are all in scope once a human accepts it', async () => {
    const result = await call('remove', { target: 'src/auth/old.ts' });
    expect(result.isError).toBeFalsy();
    expect(resultText(result)).toBe('removed src/auth/old.ts');
    expect(forwarded()).toEqual(['src/auth/old.ts']);
  });
});

describe("Claude Code's mcp__fs__delete through `intentgate hook claude-code`", () => {
  it('denies a `target` that names the intents file', async () => {
    const root = workspaceWithSources();
    const transcript = `/home/dev/.claude/projects/${root.replace(/[^A-Za-z0-9]/g, '-')}/s-7.jsonl`;
    const hook = async (name: string, fields: Record<string, unknown>) => {
      const event = {
        session_id: 's-7',
        transcript_path: transcript,
        cwd: root,
        permission_mode: 'default',
        hook_event_name: name,
        ...fields,
      };
      const run = await cli(['hook', 'claude-code'], { stdin: JSON.stringify(event), cwd: root });
      return run.stdout.trim() === ''
        ? {}
        : (JSON.parse(run.stdout) as {
            hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
          });
    };
    await hook('UserPromptSubmit', { prompt: 'clean up' });
    const selected = await hook('PreToolUse', {
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
      tool_use_id: 't0',
    });
    // an allowed call gets no answer of its own
    // the hook allows the handshake itself, so Claude Code does not ask about it too
    expect(selected.hookSpecificOutput?.permissionDecision).toBe('allow');
    const removed = await hook('PreToolUse', {
      tool_name: 'mcp__fs__delete',
      tool_input: { target: CONTROL },
      tool_use_id: 't1',
    });
    expect(removed.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(removed.hookSpecificOutput?.permissionDecisionReason).toContain(CONTROL);
  });
});
