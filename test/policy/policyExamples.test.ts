import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PolicyError } from '../../src/errors/PolicyError';
import { parsePolicy } from '../../src/policy/parsePolicy';

const FILE = path.resolve('/srv/policies/policy.yaml');

// a host's shell tool, mapped with examples as Codex's execpolicy rules carry them
const SHELL_KIND = `toolKinds:
  run_shell_command:
    kind: shell
    command: command
    cwd: dir_path
    examples:
      - args: { command: npm i left-pad }
        categories: [DEPS_INSTALL_UPDATE, NETWORK_RISK]
      - args: { command: sudo reboot }
        categories: [SUDO, SYSTEM_IMPACT]
    notExamples:
      - args: { command: git status }
        categories: [GIT_PUBLISH, NETWORK_RISK]
      - args: { command: echo "sudo is off" }
        categories: [SUDO]
`;

const INTENTS = `intents:
  - { id: INT-1, owned_scope: [src/**] }
  - { id: INT-2, owned_scope: [docs/**] }
`;

const policy = (...sections: string[]): string => ['version: 1', ...sections].join('\n');

function issuesOf(text: string): readonly string[] {
  try {
    parsePolicy(text, { file: FILE });
    return [];
  } catch (error) {
    if (error instanceof PolicyError) return error.issues;
    throw error;
  }
}

interface PassingCase {
  readonly name: string;
  readonly text: string;
  readonly checked: { readonly examples: number; readonly checks: number };
}

const PASSING: readonly PassingCase[] = [
  {
    name: 'tool-kind examples and notExamples that hold',
    text: policy(SHELL_KIND),
    checked: { examples: 4, checks: 0 },
  },
  {
    name: 'checks in every state, by name and with arguments',
    text: policy(
      INTENTS,
      `checks:
  - { tool: read_file, state: REQUEST, verdict: allow, code: safe_tool }
  - { tool: write_to_file, args: { path: src/a.ts, content: x }, state: REASONING, verdict: deny, code: state_violation }
  - { tool: write_to_file, state: ACTION, verdict: allow }
  - { tool: write_to_file, args: { path: src/a.ts, content: x }, state: ACTION, verdict: ask, code: needs_approval }
  - { tool: write_to_file, args: { path: src/a.ts, content: x }, state: ACTION, approved: [FS_DELETE_OVERWRITE], verdict: allow }
  - { tool: write_to_file, args: { path: src/a.ts, content: x }, state: ACTION, intent: INT-2, verdict: deny, code: scope_violation }
  - { tool: select_active_intent, args: { intent_id: INT-9 }, state: REASONING, verdict: deny, code: unknown_intent }
`,
    ),
    checked: { examples: 0, checks: 7 },
  },
  {
    name: 'checks that use the policy’s classification, tool kinds and safe mode',
    text: policy(
      'safeMode: false',
      'classification: { run_shell_command: DESTRUCTIVE, web_fetch: SAFE }',
      SHELL_KIND,
      `checks:
  - { tool: web_fetch, state: REQUEST, verdict: allow, code: safe_tool }
  - { tool: run_shell_command, args: { command: ls }, state: REASONING, verdict: deny }
  - { tool: run_shell_command, args: { command: npm i left-pad }, state: ACTION, verdict: allow }
`,
    ),
    checked: { examples: 4, checks: 3 },
  },
  {
    name: 'classification rules whose examples hold, beside plain classes',
    text: policy(
      'classification:',
      '  web_fetch: SAFE',
      '  read_notes: { class: SAFE, examples: [{ args: { path: notes/today.md } }], notExamples: [{ ' +
        'args: { path: .env } }, { args: { path: ../outside.md } }] }',
      '  deploy_app: { class: DESTRUCTIVE, examples: [{ args: { env: prod } }, { args: {} }] }',
      'toolKinds:',
      '  read_notes: { kind: read, path: path }',
    ),
    checked: { examples: 5, checks: 0 },
  },
  {
    name: 'an ACTION check with no intents in the policy, under an intent that owns everything',
    text: policy(
      'safeMode: false',
      'checks: [{ tool: write_to_file, args: { path: anywhere/x.md, content: x }, state: ACTION, verdict: allow }]',
    ),
    checked: { examples: 0, checks: 1 },
  },
];

interface FailingCase {
  readonly name: string;
  readonly text: string;
  readonly issues: readonly string[];
}

const FAILING: readonly FailingCase[] = [
  {
    name: 'an example missing a category',
    text: policy(
      'toolKinds:\n  sh: { kind: shell, command: c, examples: [{ args: { c: ls -la }, categories: [FS_DELETE_OVERWRITE] }] }',
    ),
    issues: [
      'toolKinds.sh.examples[0]: expected sh {"c":"ls -la"} to raise FS_DELETE_OVERWRITE, found EXEC_ARBITRARY (missing FS_DELETE_OVERWRITE)',
    ],
  },
  {
    name: 'a notExample that raises a category',
    text: policy(
      'toolKinds:\n  sh: { kind: shell, command: c, notExamples: [{ args: { c: git push }, categories: [GIT_PUBLISH, SUDO] }] }',
    ),
    issues: [
      'toolKinds.sh.notExamples[0]: expected sh {"c":"git push"} to raise none of GIT_PUBLISH, SUDO, found GIT_PUBLISH, NETWORK_RISK, EXEC_ARBITRARY',
    ],
  },
  {
    name: 'an example whose arguments do not fit the kind',
    text: policy(
      'toolKinds:\n  sh: { kind: shell, command: c, examples: [{ args: { cmd: ls }, categories: [EXEC_ARBITRARY] }] }',
    ),
    issues: [
      "toolKinds.sh.examples[0]: categorize refused the example: Malformed arguments for 'sh': 'c' must be a string, got undefined.",
    ],
  },
  {
    name: 'a SAFE rule whose example safe mode holds',
    text: policy(
      'classification:\n  run_query: { class: SAFE, examples: [{ args: { command: rm -rf build } }] }',
      'toolKinds:\n  run_query: { kind: shell, command: command }',
    ),
    issues: [
      'classification.run_query.examples[0]: expected run_query {"command":"rm -rf build"} to be ' +
        'decided as SAFE (allowed before an intent), found ask (needs_approval: Safe mode: ' +
        "'run_query' needs a human's approval for FS_DELETE_OVERWRITE, EXEC_ARBITRARY in this session.)",
    ],
  },
  {
    name: 'a SAFE rule whose notExample runs',
    text: policy(
      'classification:\n  read_notes: { class: SAFE, notExamples: [{ args: { path: notes.md } }] }',
      'toolKinds:\n  read_notes: { kind: read, path: path }',
    ),
    issues: [
      'classification.read_notes.notExamples[0]: expected read_notes {"path":"notes.md"} not to be ' +
        'decided as SAFE (allowed before an intent), found allow (safe_tool)',
    ],
  },
  {
    name: 'a DESTRUCTIVE rule with a notExample, which is refused all the same',
    text: policy('classification:\n  deploy_app: { class: DESTRUCTIVE, notExamples: [{ args: { env: staging } }] }'),
    issues: [
      'classification.deploy_app.notExamples[0]: expected deploy_app {"env":"staging"} not to be ' +
        'decided as DESTRUCTIVE (refused for want of an intent), found deny (state_violation: State ' +
        "Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.)",
    ],
  },
  {
    name: 'a rule example with malformed arguments',
    text: policy(
      'classification:\n  read_notes: { class: SAFE, examples: [{ args: { path: 7 } }] }',
      'toolKinds:\n  read_notes: { kind: read, path: path }',
    ),
    issues: [
      'classification.read_notes.examples[0]: expected read_notes {"path":7} to be decided as SAFE ' +
        "(allowed before an intent), found deny (invalid_arguments: Malformed tool call: argument 'path' must be a string path, got number.)",
    ],
  },
  {
    name: 'a check whose verdict differs',
    text: policy(
      INTENTS,
      'checks: [{ tool: write_to_file, args: { path: src/a.ts, content: x }, state: ACTION, verdict: allow }]',
    ),
    issues: [
      'checks[0]: expected write_to_file in ACTION to be allow, found ask (needs_approval: Safe mode: ' +
        "'write_to_file' needs a human's approval for FS_DELETE_OVERWRITE in this session.)",
    ],
  },
  {
    name: 'a check whose code differs',
    text: policy('checks: [{ tool: read_file, state: REQUEST, verdict: allow, code: task_completed }]'),
    issues: ['checks[0]: expected read_file in REQUEST to be allow (task_completed), found allow (safe_tool)'],
  },
  {
    name: 'a check naming an unknown intent',
    text: policy(INTENTS, 'checks: [{ tool: read_file, state: ACTION, intent: INT-9, verdict: allow }]'),
    issues: ["checks[0]: names unknown intent 'INT-9'; the policy's intents are INT-1, INT-2"],
  },
  {
    name: 'a check naming an intent when the policy lists none',
    text: policy('checks: [{ tool: read_file, state: ACTION, intent: INT-1, verdict: allow }]'),
    issues: ["checks[0]: names intent 'INT-1' but the policy lists no intents; add them under intents"],
  },
  {
    name: 'a REQUEST check naming an intent',
    text: policy(INTENTS, 'checks: [{ tool: read_file, state: REQUEST, intent: INT-1, verdict: allow }]'),
    issues: ['checks[0]: names an intent, but REQUEST has no active intent; remove intent or use state ACTION'],
  },
  {
    name: 'an ACTION check when the policy lists an empty intent list',
    text: policy('intents: []', 'checks: [{ tool: read_file, state: ACTION, verdict: allow }]'),
    issues: ['checks[0]: needs an intent to reach ACTION but the policy lists none; add one under intents'],
  },
];

describe('policy examples and checks that hold', () => {
  it.each(PASSING)('loads $name', ({ text, checked }) => {
    expect(parsePolicy(text, { file: FILE }).checked).toEqual(checked);
  });
});

describe('policy examples and checks that fail', () => {
  it.each(FAILING)('reports $name', ({ text, issues }) => {
    expect(issuesOf(text)).toEqual(issues);
  });

  it('reports every failing example and check at once, examples first', () => {
    const text = policy(
      INTENTS,
      'classification:\n  sh: { class: DESTRUCTIVE, examples: [{ args: { c: ls } }], notExamples: [{ args: { c: ls } }] }',
      'toolKinds:\n  sh: { kind: shell, command: c, examples: [{ args: { c: ls }, categories: [SUDO] }, { args: { c: sudo ls }, categories: [SUDO] }] }',
      'checks:\n  - { tool: sh, args: { c: ls }, state: REASONING, verdict: allow }\n  - { tool: read_file, state: REQUEST, verdict: allow }',
    );
    expect(issuesOf(text)).toEqual([
      'classification.sh.notExamples[0]: expected sh {"c":"ls"} not to be decided as DESTRUCTIVE ' +
        '(refused for want of an intent), found deny (state_violation: State Violation: Intent ' +
        "Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.)",
      'toolKinds.sh.examples[0]: expected sh {"c":"ls"} to raise SUDO, found EXEC_ARBITRARY (missing SUDO)',
      'checks[0]: expected sh in REASONING to be allow, found deny (state_violation: State Violation: ' +
        "Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.)",
    ]);
  });

  it('does not run examples or checks while the file has structural issues', () => {
    const text = policy(
      'locale: fr',
      'checks: [{ tool: write_to_file, args: { path: a }, state: REQUEST, verdict: allow }]',
    );
    expect(issuesOf(text)).toEqual(['locale: Invalid option: expected one of "en"|"ru"']);
  });
});
