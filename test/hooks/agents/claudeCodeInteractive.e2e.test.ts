import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteArgv } from '../../../src/text/quoteArgv';
import { BWRAP } from '../../containment/sandboxSupport';
import { findAgentCli, tempDir, writeJson } from '../../support/agents/agentCli';
import { startAnthropicModel, type ScriptedModel } from '../../support/agents/anthropicModel';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { CLAUDE_CODE_HOOK_EVENTS } from '../../support/agents/claudeCodeRun';
import { makeWorkspace } from '../../support/workspace';

// The real Claude Code 2.1.197, interactive (not -p), in a terminal that tmux keeps: a contained
// command intentgate holds is put to the person in Claude Code's own prompt as its contained
// line; the person answers with a key, and the line runs: the write in scope lands, the one
// outside fails. The model is scripted on 127.0.0.1.

const cli = findAgentCli('claude-code');
const program = 'program' in cli ? cli.program : '';
let tmux: string | undefined;
try {
  tmux = execFileSync('bash', ['-c', 'command -v tmux'], { encoding: 'utf8' }).trim() || undefined;
} catch {
  tmux = undefined;
}
let intentgate = '';

// no approvals in the intent: a shell command is EXEC_ARBITRARY, so safe mode holds it for a person
const INTENTS = `active_intents:
  - id: INT-001
    name: Work in src
    owned_scope: [src/**]
`;

const WRITES_BOTH = `python3 -c "
open('src/made.txt', 'w').write('made')
try:
    open('docs/readme.md', 'w').write('changed')
except OSError as e:
    print(e.strerror)"`;

const SESSION = `intentgate-claude-${process.pid}`;
const tmuxRun = (...args: string[]): string => execFileSync(tmux ?? 'tmux', args, { encoding: 'utf8' });
const screen = (): string => tmuxRun('capture-pane', '-p', '-t', SESSION);

/** Polls the screen until `pattern` shows, at most `tries` times a second apart; the last screen. */
async function waitFor(pattern: RegExp, tries = 120): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < tries; attempt += 1) {
    last = screen();
    if (pattern.test(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the screen never showed ${pattern}:\n${last}`);
}

describe.skipIf('skip' in cli || BWRAP === undefined || tmux === undefined)(
  'interactive Claude Code: a person approves a held contained command in its own prompt',
  () => {
    let model: ScriptedModel | undefined;
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });
    afterAll(async () => {
      // Claude Code keeps writing its HOME until it has exited: end it, then wait for it to be gone
      let pid = 0;
      try {
        pid = Number(tmuxRun('display-message', '-p', '-t', SESSION, '#{pane_pid}').trim());
        tmuxRun('kill-session', '-t', SESSION);
      } catch {
        // already ended
      }
      for (let attempt = 0; pid > 0 && attempt < 100; attempt += 1) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await model?.close();
    });

    it('runs the contained line once the person answers Yes: the write in scope lands, the one outside fails', async () => {
      const root = makeWorkspace({ intentsYaml: INTENTS });
      for (const folder of ['src', 'docs']) mkdirSync(path.join(root, folder));
      writeFileSync(path.join(root, 'docs', 'readme.md'), '# docs\n');
      const hook = {
        type: 'command',
        command: `timeout 25 node ${intentgate} hook claude-code || exit 2`,
        timeout: 30,
      };
      writeJson(path.join(root, '.claude', 'settings.json'), {
        hooks: Object.fromEntries(
          CLAUDE_CODE_HOOK_EVENTS.map((event) => [
            event,
            [{ ...(event.includes('Tool') && { matcher: '*' }), hooks: [hook] }],
          ]),
        ),
        enabledMcpjsonServers: ['intentgate'],
      });
      writeJson(path.join(root, '.mcp.json'), {
        mcpServers: { intentgate: { command: 'node', args: [intentgate, 'intents-mcp'], alwaysLoad: true } },
      });
      model = await startAnthropicModel([
        { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } },
        { tool: 'Bash', input: { command: WRITES_BOTH, description: 'write two files' } },
      ]);
      const home = tempDir('claude-home-');
      const key = 'scripted-model-key-0123456789abcdefghij';
      // a person who set Claude Code up before: onboarding done, this folder trusted, the key approved
      writeJson(path.join(home, '.claude.json'), {
        hasCompletedOnboarding: true,
        theme: 'dark',
        customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] },
        projects: { [root]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      });
      const env = {
        HOME: home,
        PATH: process.env.PATH ?? '',
        TERM: 'xterm-256color',
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: key,
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
      };
      const line = `cd ${quoteArgv([root])} && exec env -i ${Object.entries(env)
        .map(([name, value]) => quoteArgv([`${name}=${value}`]))
        .join(' ')} ${quoteArgv([program, 'Do the task.'])}`;
      tmuxRun('new-session', '-d', '-s', SESSION, '-x', '200', '-y', '50', line);
      const prompt = await waitFor(/Do you want to proceed\?/);
      // intentgate's hold, put to the person with the contained line that will run
      expect(prompt).toContain('Hook PreToolUse:Bash requires confirmation');
      expect(prompt).toContain('Runs an arbitrary command.');
      expect(prompt).toMatch(/bwrap .*--unshare-net/);
      tmuxRun('send-keys', '-t', SESSION, 'Enter');
      await waitFor(/Done\./);
      expect(readFileSync(path.join(root, 'src', 'made.txt'), 'utf8')).toBe('made');
      expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('# docs\n');
      // what the model was sent back: the write outside the scope failed in the sandbox
      expect(
        model.requests.flatMap((request) => request.toolResults.map((result) => result.content)).join('\n'),
      ).toContain('Read-only file system');
      expect(existsSync(path.join(root, 'docs', 'made.txt'))).toBe(false);
    }, 300_000);
  },
);
