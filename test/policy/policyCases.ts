import { DECISION_CODES } from '../../src/decision/reasons';
/** One policy text and the issues loading it must report, in order. */
export interface InvalidCase {
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** each issue's exact text, or a pattern for parser messages */
  readonly issues: readonly (string | RegExp)[];
}

const yaml = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

/** Every kind of bad input, each with the path its issue names. */
export const INVALID_CASES: readonly InvalidCase[] = [
  { name: 'JSON that does not parse', file: 'p.json', text: '{"version": 1,', issues: [/^JSON syntax: .*position 14/] },
  {
    name: 'YAML that does not parse',
    file: 'p.yaml',
    text: 'version: [1\n',
    issues: [/^YAML syntax: .* at line 2, column 1$/],
  },
  {
    name: 'a YAML key given twice',
    file: 'p.yaml',
    text: yaml(['version: 1', 'safeMode: true', 'safeMode: false']),
    issues: [/^YAML syntax: Map keys must be unique at line 3, column 1$/],
  },
  {
    name: 'an empty file',
    file: 'p.yaml',
    text: '',
    issues: ['(root): Invalid input: expected object, received null'],
  },
  {
    name: 'a list instead of a mapping',
    file: 'p.yaml',
    text: yaml(['- version: 1']),
    issues: ['(root): Invalid input: expected object, received array'],
  },
  {
    name: 'no version',
    file: 'p.yaml',
    text: yaml(['safeMode: true']),
    issues: ['version: Invalid input: expected 1'],
  },
  { name: 'version 2', file: 'p.json', text: '{"version": 2}', issues: ['version: Invalid input: expected 1'] },
  {
    name: 'an unknown top-level key',
    file: 'p.yaml',
    text: yaml(['version: 1', 'servce: {}']),
    issues: ['servce: unknown key; remove it or correct its spelling'],
  },
  {
    name: 'a tool kind that does not exist',
    file: 'p.yaml',
    text: yaml(['version: 1', 'toolKinds:', '  run_shell_command: { kind: bash, command: command }']),
    issues: [
      "toolKinds.run_shell_command.kind: Invalid discriminator value. Expected 'shell' | 'file_write' | 'file_patch' | 'fs' | 'web' | 'run' | 'read' | 'none'",
    ],
  },
  {
    name: 'a shell kind without its command argument',
    file: 'p.yaml',
    text: yaml(['version: 1', 'toolKinds:', '  run_shell_command: { kind: shell }']),
    issues: ['toolKinds.run_shell_command.command: Invalid input: expected string, received undefined'],
  },
  {
    name: 'an unknown field in a tool kind',
    file: 'p.yaml',
    text: yaml(['version: 1', 'toolKinds:', '  write_file: { kind: file_write, path: file_path, mode: w }']),
    issues: ['toolKinds.write_file.mode: unknown key; remove it or correct its spelling'],
  },
  {
    name: 'an example with an unknown category',
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'toolKinds:',
      '  sh: { kind: shell, command: c, examples: [{ args: { c: ls }, categories: [EXEC] }] }',
    ]),
    issues: [
      'toolKinds.sh.examples[0].categories[0]: Invalid option: expected one of ' +
        '"FS_DELETE_OVERWRITE"|"FS_OUTSIDE_WORKSPACE"|"FS_CONFIG_SECRETS"|"DEPS_INSTALL_UPDATE"|' +
        '"GIT_PUBLISH"|"SYSTEM_IMPACT"|"SUDO"|"NETWORK_RISK"|"EXEC_ARBITRARY"',
    ],
  },
  {
    name: 'an example with no categories',
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'toolKinds:',
      '  sh: { kind: shell, command: c, notExamples: [{ args: { c: ls }, categories: [] }] }',
    ]),
    issues: ['toolKinds.sh.notExamples[0].categories: list at least one category'],
  },
  {
    name: 'a class that is not SAFE or DESTRUCTIVE',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { web_fetch: READONLY }']),
    issues: [
      'classification.web_fetch: Invalid option: expected one of "SAFE"|"DESTRUCTIVE", or a rule { class, examples?, notExamples? }',
    ],
  },
  {
    name: 'a classification rule with a class that is not one',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { web_fetch: { class: READONLY } }']),
    issues: ['classification.web_fetch.class: Invalid option: expected one of "SAFE"|"DESTRUCTIVE"'],
  },
  {
    name: 'a classification rule without its class',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { web_fetch: { examples: [] } }']),
    issues: ['classification.web_fetch.class: Invalid option: expected one of "SAFE"|"DESTRUCTIVE"'],
  },
  {
    name: 'a misspelt key in a classification rule',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { web_fetch: { class: SAFE, example: [] } }']),
    issues: ['classification.web_fetch.example: unknown key; remove it or correct its spelling'],
  },
  {
    name: 'a classification example without its arguments',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { web_fetch: { class: SAFE, examples: [{ url: x }] } }']),
    issues: [
      'classification.web_fetch.examples[0].args: Invalid input: expected record, received undefined',
      'classification.web_fetch.examples[0].url: unknown key; remove it or correct its spelling',
    ],
  },
  {
    name: 'a class given as a number',
    file: 'p.json',
    text: '{"version": 1, "classification": {"web_fetch": 1}}',
    issues: [
      'classification.web_fetch: Invalid option: expected one of "SAFE"|"DESTRUCTIVE", or a rule { class, examples?, notExamples? }',
    ],
  },
  {
    name: 'a handshake tool made DESTRUCTIVE by a rule',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { attempt_completion: { class: DESTRUCTIVE } }']),
    issues: ["classification.attempt_completion: 'attempt_completion' drives the lifecycle and stays SAFE"],
  },
  {
    name: 'trusted servers given as one name',
    file: 'p.yaml',
    text: yaml(['version: 1', 'mcp: { trustedServers: secure-filesystem-server }']),
    issues: ['mcp.trustedServers: Invalid input: expected array, received string'],
  },
  {
    name: 'an empty trusted server name',
    file: 'p.yaml',
    text: yaml(['version: 1', "mcp: { trustedServers: [''] }"]),
    issues: ['mcp.trustedServers[0]: a server name must not be empty'],
  },
  {
    name: 'an unknown mcp key',
    file: 'p.yaml',
    text: yaml(['version: 1', 'mcp: { trusted: [x] }']),
    issues: ['mcp.trusted: unknown key; remove it or correct its spelling'],
  },
  {
    name: 'a handshake tool classified DESTRUCTIVE',
    file: 'p.yaml',
    text: yaml(['version: 1', 'classification: { select_active_intent: DESTRUCTIVE }']),
    issues: ["classification.select_active_intent: 'select_active_intent' drives the lifecycle and stays SAFE"],
  },
  {
    name: 'a mode without tools',
    file: 'p.yaml',
    text: yaml(['version: 1', 'modes: { ask: {} }']),
    issues: ['modes.ask.tools: Invalid input: expected array, received undefined'],
  },
  {
    name: 'safe mode as text',
    file: 'p.json',
    text: '{"version": 1, "safeMode": "yes"}',
    issues: ['safeMode: Invalid input: expected boolean, received string'],
  },
  {
    name: 'an unknown locale',
    file: 'p.json',
    text: '{"version": 1, "locale": "de"}',
    issues: ['locale: Invalid option: expected one of "en"|"ru"'],
  },
  {
    name: 'an empty workspace root',
    file: 'p.json',
    text: '{"version": 1, "workspaceRoot": ""}',
    issues: ['workspaceRoot: Too small: expected string to have >=1 characters'],
  },
  {
    name: 'an intent with an unknown field',
    file: 'p.yaml',
    text: yaml(['version: 1', 'intents:', '  - { id: INT-1, owned_scope: [src/**], owned_scopes: [] }']),
    issues: ['intents[0].owned_scopes: unknown key; remove it or correct its spelling'],
  },
  {
    name: 'two intents with one id',
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'intents:',
      '  - { id: INT-1, owned_scope: [src/**] }',
      '  - { id: INT-1, owned_scope: [docs/**] }',
    ]),
    issues: ["intents[1].id: duplicate intent id 'INT-1'"],
  },
  {
    name: 'an absolute scope glob',
    file: 'p.yaml',
    text: yaml(['version: 1', 'intents:', '  - { id: INT-1, owned_scope: [/etc/**] }']),
    issues: ['intents[0].owned_scope[0]: a scope glob must be relative to the workspace root'],
  },
  {
    name: 'a port out of range',
    file: 'p.yaml',
    text: yaml(['version: 1', 'service: { port: 70000 }']),
    issues: ['service.port: Too big: expected number to be <=65535'],
  },
  {
    name: 'an unknown service key',
    file: 'p.yaml',
    text: yaml(['version: 1', 'service: { approvalToken: secret-secret-secret }']),
    issues: ['service.approvalToken: unknown key; remove it or correct its spelling'],
  },
  {
    name: 'a prefix the server refuses',
    file: 'p.yaml',
    text: yaml(['version: 1', 'service: { prefix: slavik/ }']),
    issues: [
      "service.prefix: a prefix is empty or '/'-separated segments of [A-Za-z0-9._~-], like '/slavik', with no trailing '/'",
    ],
  },
  {
    name: 'a body limit over the server maximum',
    file: 'p.yaml',
    text: yaml(['version: 1', 'service: { maxBodyBytes: 1000000000 }']),
    issues: ['service.maxBodyBytes: Too big: expected number to be <=67108864'],
  },
  {
    name: 'a check with an unknown verdict',
    file: 'p.yaml',
    text: yaml(['version: 1', 'checks: [{ tool: read_file, state: REQUEST, verdict: permit }]']),
    issues: ['checks[0].verdict: Invalid option: expected one of "allow"|"ask"|"deny"'],
  },
  {
    name: 'a check with an unknown state',
    file: 'p.yaml',
    text: yaml(['version: 1', 'checks: [{ tool: read_file, state: IDLE, verdict: allow }]']),
    issues: ['checks[0].state: Invalid option: expected one of "REQUEST"|"REASONING"|"ACTION"'],
  },
  {
    name: 'a check with an unknown reason code',
    file: 'p.yaml',
    text: yaml(['version: 1', 'checks: [{ tool: read_file, state: REQUEST, verdict: allow, code: fine }]']),
    issues: [`checks[0].code: Invalid option: expected one of ${DECISION_CODES.map((code) => `"${code}"`).join('|')}`],
  },
  {
    name: 'a shell program whose operands are malformed',
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'shell:',
      '  programs:',
      '    aws-vault: { subcommands: { exec: { operands: { leading: 1, rest: command } } } }',
    ]),
    issues: [
      'shell.programs.aws-vault.subcommands.exec.operands.leading: Invalid input: expected array, received number',
    ],
  },
  {
    name: 'a shell program with an option of no known kind',
    file: 'p.yaml',
    text: yaml(['version: 1', 'shell:', '  programs:', '    mytool: { options: { "-o": writes } }']),
    issues: [/^shell\.programs\.mytool\.options\.-o: Invalid option: expected one of "flag"\|/],
  },
  {
    name: 'a shell rule whose example its prefix does not match',
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'shell:',
      '  rules:',
      '    - { prefix: terraform apply, decision: ask, examples: [terraform plan] }',
    ]),
    issues: [
      "shell.rules[0].examples[0]: expected 'terraform plan' to run a command starting with 'terraform apply', it does not",
    ],
  },
  {
    name: 'a shell rule whose notExample its prefix matches',
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'shell:',
      '  rules:',
      '    - { prefix: git push, decision: deny, examples: [git push], notExamples: ["env X=1 git push -f"] }',
    ]),
    issues: [
      "shell.rules[0].notExamples[0]: expected 'env X=1 git push -f' not to run a command starting with 'git push', it does",
    ],
  },
  {
    name: "a shell program rule's example that does not raise its category",
    file: 'p.yaml',
    text: yaml([
      'version: 1',
      'shell:',
      '  programs:',
      '    deployctl: { operands: data, subcommands: { release: { operands: data, rules: [{ category: ' +
        'GIT_PUBLISH, note: a release, examples: [deployctl status] }] } } }',
    ]),
    issues: [
      "shell.programs.deployctl.subcommands.release.rules[0].examples[0]: expected 'deployctl status' to raise GIT_PUBLISH, found EXEC_ARBITRARY",
    ],
  },
  {
    name: 'a built-in program redescribed',
    file: 'p.yaml',
    text: yaml(['version: 1', 'shell:', '  programs:', '    rm: { operands: read }']),
    issues: [
      'shell.programs.rm.operands: the built-in command catalog describes this program; a policy may only add rules, and subcommands it does not know',
    ],
  },
];
