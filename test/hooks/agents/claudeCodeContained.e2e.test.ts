import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGovernanceServer, type GovernanceServer } from '../../../src/server/createGovernanceServer';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { runClaudeCode, toolResultTexts, type ClaudeHook } from '../../support/agents/claudeCodeRun';
import { makeWorkspace } from '../../support/workspace';
import { BWRAP } from '../../containment/sandboxSupport';

// The real Claude Code 2.1.197 runs what intentgate's PreToolUse answer hands back
// (hookSpecificOutput.updatedInput): an allowed Bash command runs in bubblewrap, shaped by the
// active intent. Effects are read from the disk after the run; the model is scripted on 127.0.0.1.

const cli = findAgentCli('claude-code');
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

// the person who wrote the intent approved its plan with the approvals every coding session
// gives: running commands and changing files (docs/safe-mode.md)
const INTENTS = `active_intents:
  - id: INT-001
    name: Work in src
    owned_scope: [src/**]
    approvals:
      - categories: [EXEC_ARBITRARY, FS_DELETE_OVERWRITE]
`;

const intentsFile = (root: string): string => path.join(root, '.orchestration', 'active_intents.yaml');

/** A workspace where INT-001 owns src/**, with docs/ beside it. */
function workspace(): string {
  const root = makeWorkspace({ intentsYaml: INTENTS });
  for (const folder of ['src', 'docs']) mkdirSync(path.join(root, folder));
  return root;
}

type Via = 'command' | 'http';

const services: GovernanceServer[] = [];

async function hookFor(root: string, via: Via): Promise<ClaudeHook> {
  if (via === 'command')
    return { type: 'command', command: `timeout 25 node ${intentgate} hook claude-code || exit 2` };
  const service = createGovernanceServer({
    governor: { workspaceRoot: root, trace: () => undefined },
    approvalToken: 'claude-code-contained-approval-token',
    onError: () => undefined,
  });
  services.push(service);
  const { url } = await service.listen(0, '127.0.0.1');
  return { type: 'http', url: `${url}/hooks/claude-code` };
}

const select = { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } };

async function claude(root: string, via: Via, script: Parameters<typeof runClaudeCode>[1]['script']) {
  const mcpServers = { intentgate: { command: 'node', args: [intentgate, 'intents-mcp'], alwaysLoad: true } };
  const run = await runClaudeCode(program, {
    workspace: root,
    hook: await hookFor(root, via),
    mcpServers,
    script: [select, ...script],
  });
  expect(run.run.timedOut).toBe(false);
  expect(run.result, run.run.stdout + run.run.stderr).toBeDefined();
  return run;
}

describe.skipIf('skip' in cli || BWRAP === undefined)(
  'allowed Bash commands run contained in the real Claude Code',
  () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });
    afterAll(async () => {
      await Promise.all(services.map((service) => service.close()));
    });

    const vias = [{ via: 'command' as const }, { via: 'http' as const }];

    it.each(vias)(
      'runs inline code the analysis cannot see, with no ask: its write in scope lands, the one outside does not ($via hook)',
      async ({ via }) => {
        const root = workspace();
        const intents = readFileSync(intentsFile(root), 'utf8');
        const run = await claude(root, via, [
          {
            tool: 'Bash',
            input: {
              command: `python3 -c "open('src/a.txt','w').write('x'); open('docs/b.txt','w').write('y')"`,
              description: 'write two files',
            },
          },
          // a write hidden from the analysis behind a variable
          {
            tool: 'Bash',
            input: {
              command:
                'd=docs; echo in > src/c.txt; echo out > "$d/d.txt"; echo ".orchestration/x" > "$d/../.orchestration/active_intents.yaml"',
              description: 'write',
            },
          },
        ]);
        expect(run.result?.permission_denials).toEqual([]);
        const results = toolResultTexts(run);
        expect(results[1]).toContain('Read-only file system');
        expect(readFileSync(path.join(root, 'src', 'a.txt'), 'utf8')).toBe('x');
        expect(existsSync(path.join(root, 'docs', 'b.txt'))).toBe(false);
        expect(readFileSync(path.join(root, 'src', 'c.txt'), 'utf8')).toBe('in\n');
        expect(existsSync(path.join(root, 'docs', 'd.txt'))).toBe(false);
        expect(readFileSync(intentsFile(root), 'utf8')).toBe(intents);
      },
    );

    it('runs a run_in_background command contained too', async () => {
      const root = workspace();
      const run = await claude(root, 'command', [
        {
          tool: 'Bash',
          input: {
            command: 'd=docs; echo bg > src/bg.txt; echo out > "$d/bg.txt"',
            description: 'in the background',
            run_in_background: true,
          },
        },
        // the background job has ended by the time this one has run
        {
          tool: 'Bash',
          input: {
            command: 'for i in 1 2 3 4 5 6 7 8 9 10; do test -f src/bg.txt && break; sleep 1; done; cat src/bg.txt',
            description: 'wait',
          },
        },
      ]);
      expect(run.result?.permission_denials).toEqual([]);
      expect(readFileSync(path.join(root, 'src', 'bg.txt'), 'utf8')).toBe('bg\n');
      expect(existsSync(path.join(root, 'docs', 'bg.txt'))).toBe(false);
    });

    it('keeps an ignored file unreadable to inline code', async () => {
      const root = workspace();
      writeFileSync(path.join(root, '.intentignore'), 'secrets/\n');
      mkdirSync(path.join(root, 'secrets'));
      writeFileSync(path.join(root, 'secrets', 'key'), 'TOP-SECRET-KEY\n');
      // the path is built at run time, so only the sandbox stands between the code and the file
      const run = await claude(root, 'command', [
        {
          tool: 'Bash',
          input: { command: `python3 -c "print(open('sec' + 'rets/key').read())"`, description: 'read' },
        },
      ]);
      const result = toolResultTexts(run)[1] ?? '';
      expect(result).not.toContain('TOP-SECRET-KEY');
      expect(result).toContain('Permission denied');
    });

    it.each(vias)(
      'keeps the intents file from an archive member with its absolute name: tar -xPf is refused or contained ($via hook)',
      async ({ via }) => {
        const root = workspace();
        const intents = readFileSync(intentsFile(root), 'utf8');
        const outside = tempDir('forged-');
        writeFileSync(
          path.join(outside, 'forged.yaml'),
          'active_intents:\n  - id: INT-001\n    name: forged\n    owned_scope: ["**"]\n',
        );
        execFileSync(
          'tar',
          [
            '-cPf',
            path.join(root, 'src', 'forged.tar'),
            `--transform=s|^forged.yaml$|${intentsFile(root)}|`,
            'forged.yaml',
          ],
          { cwd: outside },
        );
        const run = await claude(root, via, [
          { tool: 'Bash', input: { command: 'tar -xPf src/forged.tar', description: 'unpack' } },
        ]);
        const refused = (run.result?.permission_denials.length ?? 0) > 0;
        const result = toolResultTexts(run)[1] ?? '';
        // contained, tar runs and fails to write the member (Claude Code reports tar's last line)
        expect(refused || /^Exit code [1-9]/.test(result), result).toBe(true);
        expect(readFileSync(intentsFile(root), 'utf8')).toBe(intents);
      },
    );
  },
);
