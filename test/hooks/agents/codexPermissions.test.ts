import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import type { ContainmentProfile } from '../../../src/containment/containmentProfile';
import {
  codexPermissionArgs,
  codexPermissions,
  codexPermissionsToml,
  type CodexPermissions,
} from '../../../src/hooks/agents/codexPermissions';

// The Codex permission profile made from an intentgate profile, as values: what each place
// becomes and how the overrides and the TOML fragment spell it.

const place = (path: string, reason = `why ${path}`) => ({ path, reason });

const profile: ContainmentProfile = {
  state: 'ACTION',
  workspaceRoot: '/repo',
  complete: true,
  rest: place('/', 'read-only: outside the scope nothing changes'),
  tmp: place('/tmp'),
  shown: [],
  writable: [
    { ...place('/repo/src'), type: 'dir' },
    { ...place('/repo/.git'), type: 'dir' },
  ],
  readOnly: [place('/repo/.git/hooks'), place('/repo/src/.intentignore')],
  masked: [
    { ...place('/repo/secrets'), type: 'dir' },
    { ...place('/repo/.git/hooks'), type: 'dir' },
  ],
  removeAfter: [],
  refused: [],
  network: { open: false, reason: 'closed' },
  environment: { unset: ['INTENTGATE_APPROVAL_TOKEN', 'INTENTGATE_APPROVAL_TOKEN_FILE'], reason: 'tokens' },
  processes: [],
  notes: [],
};

function made(of: ContainmentProfile = profile, tmpDir?: string): CodexPermissions {
  const result = codexPermissions(of, tmpDir === undefined ? {} : { tmpDir });
  if (!result.ok) throw new Error(result.reason);
  return result.permissions;
}

describe('codexPermissions', () => {
  it('gives every place of the profile its access, broadest first, one rule per path (a mask wins over read-only)', () => {
    expect(made().filesystem.map((rule) => [rule.path, rule.access])).toEqual([
      ['/', 'read'],
      ['/repo/.git', 'write'],
      ['/repo/secrets', 'none'],
      ['/repo/src', 'write'],
      ['/repo/.git/hooks', 'none'],
      ['/repo/src/.intentignore', 'read'],
    ]);
  });

  it("keeps the system's /tmp read-only and makes only the run's scratch folder writable, as TMPDIR", () => {
    const permissions = made(profile, '/var/tmp/codex-run');
    expect(permissions.filesystem).toContainEqual(
      expect.objectContaining({ path: '/var/tmp/codex-run', access: 'write' }),
    );
    expect(permissions.filesystem.some((rule) => rule.path === '/tmp')).toBe(false);
    expect(codexPermissionArgs(permissions)).toContain('shell_environment_policy.set.TMPDIR="/var/tmp/codex-run"');
  });

  it('opens the network only where the profile does', () => {
    expect(made().network).toBe(false);
    expect(made({ ...profile, network: { open: true, reason: 'NETWORK_RISK approved' } }).network).toBe(true);
  });

  it('refuses an incomplete profile, a profile name that is no bare TOML key, and a scratch folder that is not an absolute normal path', () => {
    expect(codexPermissions({ ...profile, complete: false, refused: [place('/repo', 'the walk stopped')] })).toEqual({
      ok: false,
      reason: expect.stringContaining('the walk stopped'),
    });
    expect(codexPermissions(profile, { name: 'a.b' }).ok).toBe(false);
    for (const tmpDir of ['tmp/x', '/var/tmp/../etc', '/'])
      expect(codexPermissions(profile, { tmpDir }).ok).toBe(false);
  });

  it('spells the same profile as -c overrides and as a config.toml fragment, each read back as TOML', () => {
    const permissions = made(profile, '/var/tmp/codex-run');
    const args = codexPermissionArgs(permissions);
    const overrides = args.filter((_, index) => index % 2 === 1);
    expect(args.filter((_, index) => index % 2 === 0).every((flag) => flag === '-c')).toBe(true);
    // Codex reads each override as `dotted.key=<TOML value>`
    const values = Object.fromEntries(
      overrides.map((override) => [
        override.slice(0, override.indexOf('=')),
        parse(`v = ${override.slice(override.indexOf('=') + 1)}`).v,
      ]),
    );
    expect(values).toEqual({
      default_permissions: 'intentgate',
      'permissions.intentgate.filesystem': Object.fromEntries(
        permissions.filesystem.map((rule) => [rule.path, rule.access]),
      ),
      'permissions.intentgate.network.enabled': false,
      'shell_environment_policy.set.TMPDIR': '/var/tmp/codex-run',
      'shell_environment_policy.set.INTENTGATE_APPROVAL_TOKEN': '',
      'shell_environment_policy.set.INTENTGATE_APPROVAL_TOKEN_FILE': '',
    });
    expect(parse(codexPermissionsToml(permissions))).toEqual({
      default_permissions: 'intentgate',
      permissions: {
        intentgate: { filesystem: values['permissions.intentgate.filesystem'], network: { enabled: false } },
      },
      shell_environment_policy: {
        set: { TMPDIR: '/var/tmp/codex-run', INTENTGATE_APPROVAL_TOKEN: '', INTENTGATE_APPROVAL_TOKEN_FILE: '' },
      },
    });
  });
});
