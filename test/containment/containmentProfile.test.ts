import { linkSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { containmentPolicyOf } from '../../src/containment/containmentPolicy';
import type { ContainmentProfile } from '../../src/containment/containmentProfile';
import { intentgateTokenFiles } from '../../src/containment/governorProfile';
import { findIgnoredPaths } from '../../src/containment/ignoredPaths';
import { scopeCovers } from '../../src/containment/scopeFolders';
import { InvalidArgumentError } from '../../src/errors/InvalidArgumentError';
import { parseIntentIgnore } from '../../src/intents/intentIgnore';
import { makeRepository, profileFor } from './sandboxSupport';

// The profile as a value: which places, and the reason each is there.

const relative = (root: string, places: readonly { path: string }[]): string[] =>
  places.map((place) => path.relative(root, place.path) || '.');

describe('scopeCovers', () => {
  it.each([
    { name: 'a glob below a folder', glob: 'src/**/*.ts', covers: [['src', false]] },
    { name: 'a folder with a trailing slash', glob: 'tests/auth/', covers: [['tests/auth', false]] },
    { name: 'a plain path', glob: 'src/auth/login.ts', covers: [['src/auth/login.ts', true]] },
    {
      name: 'a brace list of folders',
      glob: '{src,lib/x}/**',
      covers: [
        ['src', false],
        ['lib/x', false],
      ],
    },
    { name: 'the whole workspace', glob: '**', covers: [['', false]] },
    { name: 'a name glob at the root', glob: '*.md', covers: [['', false]] },
    { name: "a leading './'", glob: './docs/*.md', covers: [['docs', false]] },
  ])('covers $name', ({ glob, covers }) => {
    expect(scopeCovers(glob).map((cover) => [cover.path, cover.plain])).toEqual(covers);
  });
});

describe('the containment profile', () => {
  it('makes the scope, and .git without its hooks, config and info, writable in ACTION', () => {
    const { root } = makeRepository();
    const profile = profileFor(root, { ownedScope: ['src/**/*.ts'] });
    expect(relative(root, profile.writable)).toEqual(['src', '.git']);
    expect(relative(root, profile.readOnly)).toEqual(['.git/hooks', '.git/config', '.git/info']);
    expect(profile.complete).toBe(true);
  });

  it('refuses to be complete while a protected file has another name a writable place could hold', () => {
    const { root } = makeRepository();
    // a mount protects a name, not the file: the intents file's second name in src/ would be writable
    linkSync(path.join(root, '.orchestration/active_intents.yaml'), path.join(root, 'src/ai'));
    const profile = profileFor(root, { ownedScope: ['src/**'] });
    expect(profile.complete).toBe(false);
    expect(profile.refused.map((place) => place.reason).join('\n')).toMatch(
      /active_intents\.yaml has 2 names \(a hard link\)/,
    );
    // with nothing writable there is nothing to write it through
    expect(profileFor(root, { state: 'REASONING' }).complete).toBe(true);
    rmSync(path.join(root, 'src/ai'));
    expect(profileFor(root, { ownedScope: ['src/**'] }).complete).toBe(true);
  });

  it('makes nothing writable in REASONING and closes the network', () => {
    const { root } = makeRepository();
    const profile = profileFor(root, { state: 'REASONING', approvedCategories: ['NETWORK_RISK'] });
    expect(profile.writable).toEqual([]);
    expect(profile.network.open).toBe(false);
    expect(profile.rest.reason).toContain('nothing is writable in REASONING');
  });

  it.each([
    {
      name: 'a scope folder that is a link to outside the workspace',
      make: (root: string, outside: string) => symlinkSync(outside, path.join(root, 'out')),
      scope: 'out/**',
      says: 'is a symbolic link',
    },
    {
      name: 'a scope folder below a link inside the workspace',
      make: (root: string) => symlinkSync('docs', path.join(root, 'alias')),
      scope: 'alias/**',
      says: 'is a symbolic link',
    },
    { name: "a scope with '..'", make: () => undefined, scope: '../outside/**', says: "'..'" },
    {
      name: 'a scope folder that does not exist yet',
      make: () => undefined,
      scope: 'lib/**',
      says: 'does not exist yet',
    },
    {
      name: 'a scope inside the orchestration folder',
      make: () => undefined,
      scope: '.orchestration/**',
      says: 'lies in',
    },
    {
      name: 'a scope inside .git',
      make: () => undefined,
      scope: '.git/**',
      says: "git's database follows the .git rule",
    },
    {
      name: 'a scope inside an ignored folder',
      make: () => undefined,
      scope: 'secrets/**',
      says: '.intentignore lists secrets',
    },
  ])('refuses $name with a reason', ({ make, scope, says }) => {
    const { root, outside } = makeRepository();
    make(root, outside);
    const profile = profileFor(root, { ownedScope: [scope] });
    expect(profile.writable).toEqual([]);
    expect(profile.refused.map((place) => place.reason).join('\n')).toContain(says);
  });

  it('keeps .git read-only, with the reason, when its hooks folder is missing', () => {
    const { root } = makeRepository();
    rmSync(path.join(root, '.git', 'hooks'), { recursive: true });
    const profile = profileFor(root);
    expect(relative(root, profile.writable)).toEqual(['src']);
    expect(profile.notes.join('\n')).toContain('.git/hooks');
  });

  it('binds nothing in a .git that .intentignore hides', () => {
    const { root } = makeRepository();
    const profile = profileFor(root, { ignored: parseIntentIgnore('.git\n') });
    expect(relative(root, profile.writable)).toEqual(['src']);
    expect(relative(root, profile.readOnly)).toEqual([]);
    expect(relative(root, profile.masked)).toContain('.git');
  });

  it('keeps .git and the control files read-only inside a whole-workspace scope', () => {
    const { root } = makeRepository();
    rmSync(path.join(root, '.git', 'info'), { recursive: true });
    const profile = profileFor(root, { ownedScope: ['**'] });
    expect(relative(root, profile.writable)).toEqual(['.']);
    expect(relative(root, profile.readOnly)).toEqual(['.orchestration', '.intentignore', '.git']);
  });

  it('masks the ignored paths, the session store, token files, secrets and agent settings, links followed', () => {
    const { root, outside } = makeRepository();
    mkdirSync(path.join(root, '.orchestration', 'sessions'));
    writeFileSync(path.join(outside, 'tokens'), 'token');
    mkdirSync(path.join(outside, 'home', '.codex'), { recursive: true });
    writeFileSync(path.join(root, '.mcp.json'), '{}');
    writeFileSync(path.join(outside, 'vault.txt'), 'v');
    symlinkSync(path.join(outside, 'vault.txt'), path.join(root, 'src', 'vault-link'));
    const profile = profileFor(root, {
      tokenFiles: [path.join(outside, 'tokens')],
      homeDir: path.join(outside, 'home'),
      policy: containmentPolicyOf({ secrets: ['src/vault-link'] }),
      // the test's folders lie in the system's temporary folder, which the default private tmp hides anyway
      tmpDir: '/intentgate-private-tmp',
    });
    const reasons = Object.fromEntries(
      profile.masked.map((place) => [path.relative(path.dirname(root), place.path), place.reason]),
    );
    expect(reasons).toEqual({
      'outside/home/.codex': expect.stringContaining("agent CLIs' settings"),
      'outside/tokens': expect.stringContaining('approval token'),
      'outside/vault.txt': expect.stringContaining('through the link'),
      'ws/.claude': expect.stringContaining('.claude'),
      'ws/.mcp.json': expect.stringContaining('.mcp.json'),
      'ws/.orchestration/sessions': expect.stringContaining('session store'),
      'ws/secrets': '.intentignore lists secrets',
      'ws/src/server.pem': '.intentignore lists src/server.pem',
    });
    const hidden = profileFor(root, {
      tokenFiles: [path.join(outside, 'tokens')],
      tmpDir: path.dirname(path.dirname(root)),
    });
    expect(hidden.masked.map((place) => place.path)).not.toContain(path.join(outside, 'tokens'));
  });

  it.each([
    { name: 'the default config folder', env: { HOME: '/home/u' }, files: ['/home/u/.config/intentgate'] },
    { name: 'XDG_CONFIG_HOME', env: { HOME: '/home/u', XDG_CONFIG_HOME: '/cfg' }, files: ['/cfg/intentgate'] },
    {
      name: 'a token file the environment names',
      env: { HOME: '/home/u', INTENTGATE_APPROVAL_TOKEN_FILE: '/keys/token' },
      files: ['/home/u/.config/intentgate', '/keys/token'],
    },
  ])("finds intentgate's approval token files from $name", ({ env, files }) => {
    expect(intentgateTokenFiles(env, '/work')).toEqual(files);
  });

  it('opens the network for NETWORK_RISK in ACTION only', () => {
    const { root } = makeRepository();
    const network = (profile: ContainmentProfile): boolean => profile.network.open;
    expect(network(profileFor(root))).toBe(false);
    expect(network(profileFor(root, { approvedCategories: ['NETWORK_RISK'] }))).toBe(true);
  });

  it('refuses a workspace that does not exist with a typed error', () => {
    expect(() => profileFor('/nonexistent/intentgate/workspace')).toThrow(InvalidArgumentError);
  });

  it('is incomplete when the ignored paths cannot all be found', () => {
    const { root } = makeRepository();
    expect(findIgnoredPaths(root, parseIntentIgnore('secrets/\n'), 3)).toMatchObject({
      complete: false,
      reason: expect.stringContaining('more than 3 entries'),
    });
  });
});
