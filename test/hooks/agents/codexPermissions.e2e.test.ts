import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainmentProfile } from '../../../src/containment/containmentProfile';
import {
  codexPermissionArgs,
  codexPermissions,
  codexPermissionsToml,
} from '../../../src/hooks/agents/codexPermissions';
import { makeRepository, profileFor } from '../../containment/sandboxSupport';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import { runCodex, toolOutputs } from '../../support/agents/codexRun';

// Codex 0.169's own sandbox, given the permission profile intentgate makes from the active
// intent: the real Codex runs the model's shell command under it, and the disk says what happened.

const cli = findAgentCli('codex');
const program = 'program' in cli ? cli.program : '';

// a listener the sandboxed command must not reach
let listener: Server;
let connections = 0;
let port = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

/** Runs `command` through the model's exec_command in real Codex, sandboxed by Codex under the permissions made from `profile`. */
async function underCodex(root: string, profile: ContainmentProfile, command: string): Promise<string> {
  const made = codexPermissions(profile, { tmpDir: tempDir('codex-scratch-') });
  if (!made.ok) throw new Error(made.reason);
  const run = await runCodex(program, {
    workspace: root,
    script: [{ tool: 'exec_command', input: { cmd: command } }],
    hookCommand: 'cat > /dev/null',
    sandbox: codexPermissionArgs(made.permissions),
    env: { INTENTGATE_APPROVAL_TOKEN: APPROVAL_TOKEN },
  });
  expect(run.run.timedOut).toBe(false);
  expect(run.run.stderr).toContain('sandbox: custom permissions');
  return [...toolOutputs(run).values()].join('\n');
}

const APPROVAL_TOKEN = 'approval-token-in-codex-env';

const read = (root: string, file: string): string => readFileSync(path.join(root, file), 'utf8');

describe.skipIf('skip' in cli)("Codex's own sandbox from the intent (codexPermissionArgs)", () => {
  it(
    'lets a command write in the scope and nowhere else: the control files, git hooks, other folders ' +
      'and the network are out of reach, ignored files unreadable',
    async () => {
      const { root, outside } = makeRepository();
      const output = await underCodex(
        root,
        profileFor(root),
        [
          'echo made > src/made.ts',
          'echo changed > docs/readme.md',
          'echo "owned_scope: [\'**\']" > .orchestration/active_intents.yaml',
          'echo x > .intentignore',
          'echo "#!/bin/sh" > .git/hooks/pre-commit',
          `echo changed > ${outside}/outside.txt`,
          'cat secrets/key',
          'cat .claude/settings.json',
          `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && echo reached || echo no-network`,
          'echo scratch > "$TMPDIR/s" && echo scratch-written',
          'echo "token:${INTENTGATE_APPROVAL_TOKEN:-unset}"',
          'echo done',
        ].join('; '),
      );
      expect(output).toContain('done');
      expect(read(root, 'src/made.ts')).toBe('made\n');
      expect(read(root, 'docs/readme.md')).toBe('# docs\n');
      expect(read(root, '.orchestration/active_intents.yaml')).toContain('owned_scope: [src/**]');
      expect(read(root, '.intentignore')).toBe('secrets/\n*.pem\n');
      expect(existsSync(path.join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
      expect(readFileSync(path.join(outside, 'outside.txt'), 'utf8')).toBe('outside\n');
      expect(output).not.toContain('TOP-SECRET-KEY');
      expect(output).not.toContain('"hooks"');
      expect(output).toContain('no-network');
      expect(connections).toBe(0);
      expect(output).toContain('scratch-written');
      // Codex passes its environment on: the overrides set intentgate's token variables empty
      expect(output).toContain('token:unset');
      expect(output).not.toContain(APPROVAL_TOKEN);
    },
  );

  it('lets in-scope git work write the repository database', async () => {
    const { root } = makeRepository();
    const output = await underCodex(
      root,
      profileFor(root),
      'echo "export const b = 2;" > src/b.ts && git add src/b.ts && git -c user.name=t -c user.email=t@t commit -qm b && echo committed',
    );
    expect(output).toContain('committed');
  });

  it("reads the same profile from the project's .codex/config.toml, with no flag", async () => {
    const { root } = makeRepository();
    const made = codexPermissions(profileFor(root), { tmpDir: tempDir('codex-scratch-') });
    if (!made.ok) throw new Error(made.reason);
    mkdirSync(path.join(root, '.codex'), { recursive: true });
    writeFileSync(path.join(root, '.codex', 'config.toml'), codexPermissionsToml(made.permissions));
    const run = await runCodex(program, {
      workspace: root,
      script: [
        { tool: 'exec_command', input: { cmd: 'echo made > src/made.ts; echo changed > docs/readme.md; echo done' } },
      ],
      hookCommand: 'cat > /dev/null',
      sandbox: [],
    });
    expect(run.run.stderr).toContain('sandbox: custom permissions');
    expect([...toolOutputs(run).values()].join('\n')).toContain('done');
    expect(read(root, 'src/made.ts')).toBe('made\n');
    expect(read(root, 'docs/readme.md')).toBe('# docs\n');
  });

  it('writes nothing before an intent: in REASONING nothing is writable', async () => {
    const { root } = makeRepository();
    const output = await underCodex(
      root,
      profileFor(root, { state: 'REASONING' }),
      'echo made > src/made.ts; echo done',
    );
    expect(output).toContain('done');
    expect(existsSync(path.join(root, 'src', 'made.ts'))).toBe(false);
  });
});
