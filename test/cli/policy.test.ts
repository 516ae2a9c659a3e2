import { describe, expect, it } from 'vitest';
import { policyJsonSchema } from '../../src/policy/policyJsonSchema';
import { cli, tempFile } from './cliHarness';

const VALID = `version: 1
classification:
  run_shell_command: { class: DESTRUCTIVE, examples: [{ args: { command: ls } }] }
toolKinds:
  run_shell_command:
    kind: shell
    command: command
    examples: [{ args: { command: git push }, categories: [GIT_PUBLISH] }]
checks:
  - { tool: read_file, state: REQUEST, verdict: allow }
  - { tool: run_shell_command, args: { command: ls }, state: REASONING, verdict: deny }
`;

describe('intentgate policy', () => {
  it('prints the JSON Schema with --schema', async () => {
    const run = await cli(['policy', '--schema']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(policyJsonSchema());
  });

  it('says a valid policy is valid, with what ran, and exits 0', async () => {
    const file = tempFile('policy.yaml', VALID);
    expect(await cli(['policy', '--check', file])).toEqual({
      code: 0,
      stdout: `${file}: valid policy (2 rule examples and 2 checks passed)\n`,
      stderr: '',
    });
  });

  it('lists every issue of an invalid policy and exits 1', async () => {
    const file = tempFile(
      'policy.json',
      JSON.stringify({
        version: 1,
        safeMode: 'on',
        checks: [{ tool: 'write_to_file', state: 'REQUEST', verdict: 'allow' }],
        servce: {},
      }),
    );
    expect(await cli(['policy', '--check', file])).toEqual({
      code: 1,
      stdout: [
        `${file}: invalid policy, 2 issues:`,
        '  - safeMode: Invalid input: expected boolean, received string',
        '  - servce: unknown key; remove it or correct its spelling',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('lists a failing check and exits 1', async () => {
    const file = tempFile(
      'policy.yml',
      'version: 1\nchecks: [{ tool: write_to_file, state: REQUEST, verdict: allow }]\n',
    );
    const run = await cli(['policy', '--check', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '  - checks[0]: expected write_to_file in REQUEST to be allow, found deny (state_violation: ',
    );
  });

  it('resolves the file against the working directory', async () => {
    const file = tempFile('p.yaml', 'version: 1\n');
    const run = await cli(['policy', '--check', 'p.yaml'], { cwd: file.slice(0, -'/p.yaml'.length) });
    expect(run).toEqual({
      code: 0,
      stdout: 'p.yaml: valid policy (0 rule examples and 0 checks passed)\n',
      stderr: '',
    });
  });
});
