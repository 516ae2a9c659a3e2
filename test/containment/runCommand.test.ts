import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_CONTAINED_EXIT } from '../../src/cli/commands/run';
import { stateSessionFiles } from '../../src/cli/hookSettings';
import { createFileSessions } from '../../src/sessions/fileSessions';
import { cli } from '../cli/cliHarness';
import { BWRAP, makeRepository } from './sandboxSupport';

// `intentgate run`: a fresh governor's profile, or a kept session's; the command's own exit code.

describe('intentgate run --print-profile', () => {
  it('prints the profile of a fresh governor in ACTION under --intent', async () => {
    const { root } = makeRepository();
    const run = await cli(['run', '--workspace', root, '--intent', 'INT-1', '--print-profile']);
    expect(run.code).toBe(0);
    const profile = JSON.parse(run.stdout) as { state: string; writable: { path: string; reason: string }[] };
    expect(profile.state).toBe('ACTION');
    expect(profile.writable.map((place) => path.relative(root, place.path))).toEqual(['src', '.git']);
  });

  it('prints a profile with nothing writable without an intent', async () => {
    const { root } = makeRepository();
    const run = await cli(['run', '--workspace', root, '--print-profile']);
    expect(JSON.parse(run.stdout)).toMatchObject({ state: 'REQUEST', writable: [] });
  });

  it("prints a kept agent session's profile, its approvals included", async () => {
    const { root } = makeRepository();
    // the user's folders in the run's temporary folder: the sessions and their key live there
    const env = { HOME: path.join(root, '..', `${path.basename(root)}-home`) };
    const sessions = createFileSessions({
      governor: { workspaceRoot: root },
      ...stateSessionFiles(path.join(root, '.orchestration'), { env, cwd: root }),
    });
    await sessions.withSession('agent-1', (governor) => {
      governor.userPrompt('work');
      governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
      governor.approveSession(['NETWORK_RISK']);
    });
    const run = await cli(['run', '--workspace', root, '--session', 'agent-1', '--print-profile'], { env });
    expect(run.code).toBe(0);
    const profile = JSON.parse(run.stdout) as { state: string; network: { open: boolean }; masked: { path: string }[] };
    expect(profile).toMatchObject({ state: 'ACTION', network: { open: true } });
    // the session was read from the user's state folder; that folder, here under /tmp, is masked by the private /tmp a contained command gets
    expect(sessions.dir.startsWith(path.join(root, '..'))).toBe(true);
  });

  it('refuses an unknown intent as a usage error', async () => {
    const { root } = makeRepository();
    const run = await cli(['run', '--workspace', root, '--intent', 'NOPE', '--', 'true']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--intent NOPE');
  });

  it('refuses an unknown session', async () => {
    const { root } = makeRepository();
    const run = await cli(['run', '--workspace', root, '--session', 'missing', '--', 'true']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no agent session 'missing'");
  });
});

describe('intentgate run', () => {
  it('runs nothing, and says why, where bubblewrap is missing', async () => {
    const { root } = makeRepository();
    const run = await cli(['run', '--workspace', root, '--intent', 'INT-1', '--', 'touch', 'src/made'], {
      env: { PATH: '/nonexistent' },
    });
    expect(run.code).toBe(NOT_CONTAINED_EXIT);
    expect(run.stderr).toContain('bubblewrap (bwrap) is not installed');
  });

  it.each([
    { mode: 'auto', says: 'containment is not available' },
    { mode: 'required', says: 'containment is required' },
  ])('says why nothing runs without bubblewrap under $mode', async ({ mode, says }) => {
    const { root } = makeRepository();
    const policy = path.join(root, '..', `${mode}.policy.yaml`);
    writeFileSync(policy, `version: 1\ncontainment: ${mode}\n`);
    const run = await cli(
      ['run', '--workspace', root, '--policy', policy, '--intent', 'INT-1', '--', 'touch', 'src/made'],
      { env: { PATH: '/nonexistent' } },
    );
    expect(run.code).toBe(NOT_CONTAINED_EXIT);
    expect(run.stderr).toContain(says);
    expect(run.stderr).toContain('nothing was run');
  });

  it("refuses to run uncontained when the policy's containment is off", async () => {
    const { root } = makeRepository();
    const policy = path.join(root, '..', 'policy.yaml');
    writeFileSync(policy, 'version: 1\ncontainment: off\n');
    const run = await cli(['run', '--workspace', root, '--policy', policy, '--intent', 'INT-1', '--', 'true']);
    expect(run.code).toBe(NOT_CONTAINED_EXIT);
    expect(run.stderr).toContain('containment is off');
  });

  it.skipIf(BWRAP === undefined)(
    "keeps intentgate's approval token from the command, in its config folder and its environment",
    async () => {
      const { root, outside } = makeRepository();
      mkdirSync(path.join(outside, 'config', 'intentgate'), { recursive: true });
      writeFileSync(
        path.join(outside, 'config', 'intentgate', 'approval-token'),
        'TOKEN-IN-FILE-0123456789abcdef0123456789',
      );
      const previous = process.env.INTENTGATE_APPROVAL_TOKEN;
      process.env.INTENTGATE_APPROVAL_TOKEN = 'TOKEN-IN-ENV-0123456789abcdef0123456789';
      try {
        const command = `cat ${outside}/config/intentgate/approval-token; echo "env:$INTENTGATE_APPROVAL_TOKEN"`;
        const run = await cli(['run', '--workspace', root, '--intent', 'INT-1', '--', 'bash', '-c', command], {
          env: { XDG_CONFIG_HOME: path.join(outside, 'config') },
        });
        // the test's folders lie in the system's temporary folder, which the private one hides too
        expect(run.stdout).toBe('env:\n');
        expect(run.stderr).toMatch(/Permission denied|No such file/);
      } finally {
        if (previous === undefined) delete process.env.INTENTGATE_APPROVAL_TOKEN;
        else process.env.INTENTGATE_APPROVAL_TOKEN = previous;
      }
    },
  );

  it.skipIf(BWRAP === undefined)('runs in the current folder when it lies in the workspace', async () => {
    const { root } = makeRepository();
    const run = await cli(
      ['run', '--workspace', root, '--intent', 'INT-1', '--', 'bash', '-c', 'pwd; echo here > made.txt'],
      { cwd: path.join(root, 'src') },
    );
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(root, 'src', 'made.txt'), 'utf8')).toBe('here\n');
  });

  it.skipIf(BWRAP === undefined)('keeps the policy file read-only, even in the scope', async () => {
    const { root } = makeRepository();
    const policy = path.join(root, 'src', 'intentgate.policy.yaml');
    writeFileSync(policy, 'version: 1\n');
    const run = await cli([
      'run',
      '--workspace',
      root,
      '--policy',
      policy,
      '--intent',
      'INT-1',
      '--',
      'bash',
      '-c',
      `echo 'containment: off' >> ${policy}`,
    ]);
    expect(run.code).toBe(1);
    expect(readFileSync(policy, 'utf8')).toBe('version: 1\n');
  });

  it.skipIf(BWRAP === undefined)('runs the command contained and passes on its exit code', async () => {
    const { root } = makeRepository();
    const run = await cli([
      'run',
      '--workspace',
      root,
      '--intent',
      'INT-1',
      '--',
      'bash',
      '-c',
      'echo ok > src/made; echo no > docs/readme.md; exit 3',
    ]);
    expect(run.code).toBe(3);
    expect(readFileSync(path.join(root, 'src', 'made'), 'utf8')).toBe('ok\n');
    expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('# docs\n');
    expect(run.stderr).toContain('Read-only file system');
  });
});
