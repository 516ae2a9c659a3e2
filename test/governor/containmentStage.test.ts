// Decisions that rely on containment: under a `contain` plan the analysis's guesses give way to
// the sandbox, while what the rules see literally is held for a human as seed 002 says.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createGovernor, RISK_CATEGORIES, type Decision, type Governor, type GovernorOptions } from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const CONTAIN = { kind: 'contain', bwrap: '/usr/bin/bwrap' } as const;
const running: Governor[] = [];

afterEach(() => {
  for (const governor of running.splice(0)) governor.stop();
});

/** A governor in ACTION under INT-001 (src/auth/**, tests/auth/), with the approvals a coding session gives. */
function inAction(
  options: GovernorOptions = {},
  root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' }),
): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => {}, ...options });
  running.push(governor);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

const run = (governor: Governor, command: string): Decision => governor.handleToolCall('execute_command', { command });
const codes = (decision: Decision): string[] => decision.reasons.map((item) => item.code);

describe('a contained command is decided on what the rules see', () => {
  const leftToTheSandbox = [
    { name: 'inline python that imports os', command: `python3 -c "import os; os.remove('src/auth/a.py')"` },
    { name: 'a command built at run time', command: 'eval "$(printf rm)" src/auth/a.py' },
    { name: 'a program the catalog does not know, naming a file outside the scope', command: 'my-tool docs/book.epub' },
    { name: 'a path built at run time', command: 'rm "$TARGET"' },
    { name: 'a change to the workspace as a whole', command: 'find . -name "*.pyc" -delete' },
  ];
  for (const { name, command } of leftToTheSandbox) {
    it(`allows ${name} contained, with no all-nine ask`, () => {
      const contained = run(inAction({ shellContainment: CONTAIN }), command);
      expect(contained, command).toMatchObject({ verdict: 'allow', contained: true });
      expect(contained.categories).toContain('EXEC_ARBITRARY');
      expect(contained.categories).not.toContain('SUDO');
      expect(codes(contained)).toContain('contained');
      // the same call decided by analysis alone is not allowed: the containment stage made the difference
      const alone = run(inAction(), command);
      expect(alone.verdict, command).not.toBe('allow');
      expect(alone.contained).toBe(false);
    });
  }

  const seenByTheRules = [
    { name: 'sudo', command: 'sudo reboot', category: 'SUDO' },
    { name: 'a push', command: 'git push origin main', category: 'GIT_PUBLISH' },
    { name: 'a package install', command: 'npm install left-pad', category: 'DEPS_INSTALL_UPDATE' },
    { name: 'a download', command: 'curl https://example.com/x.sh', category: 'NETWORK_RISK' },
    { name: 'a service restart', command: 'systemctl restart nginx', category: 'SYSTEM_IMPACT' },
    { name: 'a write to a secret', command: 'echo KEY=1 > src/auth/.env', category: 'FS_CONFIG_SECRETS' },
    { name: 'inline code beside sudo', command: `python3 -c "import os" && sudo reboot`, category: 'SUDO' },
  ] as const;
  for (const { name, command, category } of seenByTheRules) {
    it(`still holds ${name} for a human (${category})`, () => {
      const decision = run(inAction({ shellContainment: CONTAIN }), command);
      expect(decision, command).toMatchObject({ verdict: 'ask', code: 'needs_approval', contained: true });
      expect(decision.approval?.categories).toContain(category);
    });
  }

  it('still refuses a literal write outside the scope', () => {
    const decision = run(inAction({ shellContainment: CONTAIN }), 'echo x > docs/a.md');
    expect(decision).toMatchObject({ verdict: 'deny', code: 'scope_violation', contained: true });
  });

  it('still refuses a literal change to the control files and a read of an ignored file', () => {
    const governor = inAction({ shellContainment: CONTAIN });
    expect(run(governor, 'rm -rf .orchestration').verdict).toBe('deny');
    expect(run(governor, 'cat secrets/key').code).toBe('path_ignored');
  });

  it('keeps seed 000: before an intent, a shell command is refused by the lifecycle', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => {},
      shellContainment: CONTAIN,
    });
    running.push(governor);
    expect(run(governor, 'python3 -c "print(1)"')).toMatchObject({ verdict: 'deny', code: 'state_violation' });
  });
});

describe('a shell command before an intent, with readOnlyShellBeforeIntent', () => {
  /** A governor in REASONING: a prompt, no intent selected yet. */
  function reasoning(options: GovernorOptions): Governor {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' }),
      trace: () => {},
      ...options,
    });
    running.push(governor);
    governor.approveSession(['EXEC_ARBITRARY']);
    governor.userPrompt('look around first');
    return governor;
  }

  it('runs a contained read before the handshake, with nothing writable', () => {
    const governor = reasoning({ shellContainment: CONTAIN, readOnlyShellBeforeIntent: true });
    for (const command of ['cat src/auth/a.ts', 'python3 -c "import os; print(os.listdir())"', 'grep -rn TODO src']) {
      const decision = run(governor, command);
      expect(decision, command).toMatchObject({
        verdict: 'allow',
        code: 'safe_tool',
        contained: true,
        state: 'REASONING',
      });
      expect(decision.reasons.find((item) => item.code === 'contained')?.message).toContain(
        'write nothing but a private /tmp',
      );
    }
  });

  it('still refuses an ignored path and holds what the rules see', () => {
    const governor = reasoning({ shellContainment: CONTAIN, readOnlyShellBeforeIntent: true });
    expect(run(governor, 'cat secrets/key').code).toBe('path_ignored');
    expect(run(governor, 'sudo cat /etc/shadow')).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
  });

  it('refuses it as seed 000 says when the option is off, or when nothing contains the command', () => {
    expect(run(reasoning({ shellContainment: CONTAIN }), 'cat src/auth/a.ts').code).toBe('state_violation');
    expect(run(reasoning({ readOnlyShellBeforeIntent: true }), 'cat src/auth/a.ts').code).toBe('state_violation');
  });
});

describe('where commands cannot run contained', () => {
  it('says nothing of containment when the host runs commands itself (the default)', () => {
    const decision = run(inAction(), 'ls src');
    expect(decision).toMatchObject({ verdict: 'allow', contained: false });
    expect(codes(decision)).not.toContain('not_contained');
  });

  it('notes not_contained with the reason under analysisOnly', () => {
    const decision = run(
      inAction({ shellContainment: { kind: 'analysisOnly', reason: 'bwrap is not installed' } }),
      'ls src',
    );
    expect(decision).toMatchObject({ verdict: 'allow', contained: false });
    expect(decision.reasons.find((item) => item.code === 'not_contained')?.message).toContain('bwrap is not installed');
  });

  it('refuses a shell command with containment_required, saying what is missing', () => {
    const decision = run(
      inAction({ shellContainment: { kind: 'refuse', reason: 'containment is required, and bwrap is not installed' } }),
      'ls src',
    );
    expect(decision).toMatchObject({ verdict: 'deny', code: 'containment_required', contained: false });
    expect(decision.reason).toContain('bwrap is not installed');
  });

  it('leaves other tools alone', () => {
    const decision = inAction({ shellContainment: { kind: 'refuse', reason: 'missing' } }).handleToolCall('read_file', {
      path: 'src/auth/a.ts',
    });
    expect(decision.verdict).toBe('allow');
    expect(decision.contained).toBeUndefined();
  });
});

describe('containment never adds risk', () => {
  const words = [
    'ls',
    'cat src/auth/a.ts',
    'python3 -c "import os"',
    'rm -rf src/auth/x',
    'sudo true',
    'curl https://x.io',
    'echo > docs/a',
    'x=$(date)',
    'eval "$y"',
    'my-tool out.txt',
    'git push',
    'cd src && make',
  ];
  it('gives a contained command a subset of the categories, and never a stricter verdict', () => {
    const rank = { allow: 0, ask: 1, deny: 2 } as const;
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' });
    const contained = inAction({ shellContainment: CONTAIN }, root);
    const alone = inAction({}, root);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(' && ', '; ', ' | '),
        (parts, joiner) => {
          const command = parts.join(joiner);
          const inBox = run(contained, command);
          const outside = run(alone, command);
          for (const category of inBox.categories) expect(outside.categories, command).toContain(category);
          expect(rank[inBox.verdict], command).toBeLessThanOrEqual(rank[outside.verdict]);
          // a contained decision never carries every category: that is the fail-closed guess it replaces
          expect(
            RISK_CATEGORIES.every((category) => inBox.categories.includes(category)),
            command,
          ).toBe(false);
          // answer any hold so the next command is decided afresh
          if (inBox.approval) contained.resolveApproval(inBox.approval.id, 'cancel');
          if (outside.approval) alone.resolveApproval(outside.approval.id, 'cancel');
        },
      ),
      { numRuns: 200 },
    );
  });
});
