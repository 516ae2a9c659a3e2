import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBwrap } from '../../src/containment/bwrapAvailability';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, tempFile } from './cliHarness';

// a PATH with no bwrap on it: detection answers "not installed" whatever this machine has
const NO_BWRAP = { PATH: '/nonexistent-intentgate-test' };
const SHELL = (command: string): string[] => ['--tool', 'execute_command', '--args', JSON.stringify({ command })];

/** A workspace whose intent owns src/auth/** (the folder exists) and whose .intentignore hides secrets/. */
function governed(): string {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' });
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  mkdirSync(path.join(root, 'secrets'));
  return realpathSync(root);
}

const policy = (containment: string): string => tempFile('policy.yml', `version: 1\ncontainment: ${containment}\n`);

describe('intentgate explain: containment of a shell command', () => {
  it('shows the plan and the compact profile: writable places with their reasons, read-only, masked, the network', async () => {
    const root = governed();
    const run = await cli(['explain', '--intent', 'INT-001', ...SHELL('npm test')], { cwd: root, env: NO_BWRAP });
    expect(run.code).toBe(0);
    const part = run.stdout.slice(run.stdout.indexOf('  containment:'));
    expect(part).toBe(
      [
        '  containment: shell commands are decided by analysis alone: containment is auto and not ' +
          'available here: bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
        '  profile of a contained run in ACTION:',
        '    writable: /tmp (private)',
        "      - src/auth: in the active intent's scope (src/auth/**)",
        "    read-only: everything else (outside the active intent's scope)",
        `    masked (unreadable): ${part.match(/masked \(unreadable\): (.*)\n/)?.[1] ?? ''}`,
        '    not bound: tests/auth',
        '    network: closed: NETWORK_RISK is not approved, 127.0.0.1 and Unix sockets of other network namespaces included',
        '    (--full-profile: every place with its reason, the process isolation and the notes)',
        '',
      ].join('\n'),
    );
    expect(part).toMatch(/masked \(unreadable\): .*\bsecrets\b/);
    // explain decides as decide does; the decision says whether it relied on the kernel
    expect(run.stdout).toContain('  this decision: by analysis alone (contained: false)\n  containment: ');
  });

  it('shows every place with its reason, the process isolation and the notes with --full-profile', async () => {
    const run = await cli(['explain', '--intent', 'INT-001', '--full-profile', ...SHELL('ls')], {
      cwd: governed(),
      env: NO_BWRAP,
    });
    expect(run.stdout).toContain('    masked (unreadable):\n');
    expect(run.stdout).toContain('      - secrets: .intentignore lists secrets\n');
    expect(run.stdout).toContain("      - /: outside the active intent's scope\n");
    expect(run.stdout).toMatch(/ {6}- tests\/auth: in the active intent's scope \(tests\/auth\/\): does not exist yet/);
    expect(run.stdout).toContain('    processes:\n      - own PID namespace and a fresh /proc');
    expect(run.stdout).toContain(
      '    environment: INTENTGATE_APPROVAL_TOKEN, INTENTGATE_APPROVAL_TOKENS, INTENTGATE_APPROVAL_TOKEN_FILE removed: ',
    );
    expect(run.stdout).not.toContain('--full-profile:');
  });

  it('says a required containment refuses shell commands, and why', async () => {
    const run = await cli(['explain', '--policy', policy('required'), '--intent', 'INT-001', ...SHELL('ls')], {
      cwd: governed(),
      env: NO_BWRAP,
    });
    expect(run.stdout).toContain(
      '  containment: shell commands are refused on the routes docs/containment.md lists: containment ' +
        'is required, and bubblewrap (bwrap) is not installed: apt-get install bubblewrap\n  profile of a contained run in ACTION:\n',
    );
  });

  it('shows no profile when the policy turns containment off', async () => {
    const run = await cli(['explain', '--policy', policy('off'), '--intent', 'INT-001', ...SHELL('ls')], {
      cwd: governed(),
      env: NO_BWRAP,
    });
    expect(run.stdout).toContain(
      "  containment: shell commands are decided by analysis alone: the policy's containment is off\n  profile: none: the policy's containment is off\n",
    );
  });

  it('shows no profile for a denied call: nothing runs', async () => {
    const run = await cli(['explain', ...SHELL('ls')], { cwd: governed(), env: NO_BWRAP });
    expect(run.stdout).toContain('verdict: DENY');
    expect(run.stdout).toContain('  profile: none: the call is denied, so nothing runs\n');
  });

  it('follows a stream: each shell call gets the profile of the governor as the calls before it left it', async () => {
    const stdin = [
      { tool: 'execute_command', args: { command: 'ls' } },
      { tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
      { tool: 'execute_command', args: { command: 'ls' } },
      { tool: 'execute_command', args: { command: 'npm test' } },
    ]
      .map((call) => JSON.stringify(call))
      .join('\n');
    const run = await cli(['explain', '--state', 'REASONING'], { cwd: governed(), env: NO_BWRAP, stdin });
    const blocks = run.stdout.split('\n\n');
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toContain('  profile: none: the call is denied, so nothing runs');
    expect(blocks[1]).not.toContain('containment');
    for (const block of blocks.slice(2))
      expect(block).toContain(
        "  profile of a contained run in ACTION:\n    writable: /tmp (private)\n      - src/auth: in the active intent's scope (src/auth/**)\n",
      );
  });

  it('shows nothing of containment for a call that runs no shell command', async () => {
    const run = await cli(
      ['explain', '--intent', 'INT-001', '--tool', 'read_file', '--args', '{"path":"src/auth/a.ts"}'],
      { cwd: governed(), env: NO_BWRAP },
    );
    expect(run.stdout).not.toContain('containment');
  });

  it("treats a host's own shell tool as a shell command", async () => {
    const file = tempFile('policy.yml', 'version: 1\ntoolKinds:\n  Bash: { kind: shell, command: command }\n');
    const run = await cli(
      ['explain', '--policy', file, '--intent', 'INT-001', '--tool', 'Bash', '--args', '{"command":"ls"}'],
      { cwd: governed(), env: NO_BWRAP },
    );
    expect(run.stdout).toContain('  containment: shell commands are decided by analysis alone');
  });

  it.skipIf(findBwrap(process.env.PATH) === undefined)(
    'says commands run contained where bubblewrap runs here',
    async () => {
      const run = await cli(['explain', '--intent', 'INT-001', ...SHELL('ls')], {
        cwd: governed(),
        env: { PATH: process.env.PATH },
      });
      expect(run.stdout).toMatch(
        new RegExp(
          String.raw` {2}containment: shell commands run contained by the kernel on the routes docs/containment.md lists ` +
            String.raw`\(bubblewrap /\S+/bwrap; containment: auto\); elsewhere they are decided by analysis alone\n`,
        ),
      );
    },
  );
});
