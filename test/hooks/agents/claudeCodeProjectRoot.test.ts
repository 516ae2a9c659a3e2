import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claudeCodeProjectRoot, projectFolderName } from '../../../src/hooks/agents/claudeCodeProjectRoot';

const transcriptOf = (project: string, tail = 's.jsonl'): string =>
  `/home/dev/.claude/projects/${projectFolderName(project)}/${tail}`;

describe('projectFolderName', () => {
  const long = `/tmp/${'a'.repeat(250)}`;
  const cases = [
    {
      name: 'replaces every character but ASCII letters and digits',
      dir: '/home/dev/my_project.v2',
      folder: '-home-dev-my-project-v2',
    },
    { name: 'keeps a name of 200 characters whole', dir: `/${'b'.repeat(199)}`, folder: `-${'b'.repeat(199)}` },
    { name: 'replaces non-ASCII letters one UTF-16 unit each', dir: '/tmp/café', folder: '-tmp-caf-' },
  ];

  it.each(cases)('$name', ({ dir, folder }) => {
    expect(projectFolderName(dir)).toBe(folder);
  });

  it('cuts a longer name at 200 characters and adds a base-36 hash of the whole path', () => {
    const name = projectFolderName(long);
    expect(name.slice(0, 201)).toBe(`${long.replace(/[^a-zA-Z0-9]/g, '-').slice(0, 200)}-`);
    expect(name.slice(201)).toMatch(/^[0-9a-z]+$/);
    expect(projectFolderName(`${long}b`)).not.toBe(name);
  });
});

describe('claudeCodeProjectRoot', () => {
  const root = '/home/dev/project';
  const cases = [
    { name: 'the project root itself', cwd: root, transcript: transcriptOf(root), expected: root },
    {
      name: 'a subfolder the shell moved to',
      cwd: `${root}/packages/web`,
      transcript: transcriptOf(root),
      expected: root,
    },
    {
      name: 'a worktree below the project',
      cwd: `${root}/.claude/worktrees/feature`,
      transcript: transcriptOf(root),
      expected: root,
    },
    {
      name: 'a subagent transcript of the project',
      cwd: `${root}/src`,
      transcript: transcriptOf(root, 's/subagents/agent-1.jsonl'),
      expected: root,
    },
    {
      name: 'a long project path, named by its hash',
      cwd: `/tmp/${'x'.repeat(240)}/src`,
      transcript: transcriptOf(`/tmp/${'x'.repeat(240)}`),
      expected: `/tmp/${'x'.repeat(240)}`,
    },
    { name: 'nothing with no transcript', cwd: `${root}/src`, transcript: undefined, expected: undefined },
    {
      name: 'nothing for a transcript of another project',
      cwd: `${root}/src`,
      transcript: transcriptOf('/srv/other'),
      expected: undefined,
    },
    {
      name: 'nothing for a sibling whose name starts like the project',
      cwd: `${root}-evil/src`,
      transcript: transcriptOf(root),
      expected: undefined,
    },
    {
      name: 'nothing in a transcript with no projects folder',
      cwd: `${root}/src`,
      transcript: `/tmp/${projectFolderName(root)}/s.jsonl`,
      expected: undefined,
    },
    {
      name: 'nothing when the project folder is the last part',
      cwd: `${root}/src`,
      transcript: `/x/projects/${projectFolderName(root)}`,
      expected: undefined,
    },
  ];

  it.each(cases)('finds $name', ({ cwd, transcript, expected }) => {
    expect(claudeCodeProjectRoot(cwd, transcript)).toBe(expected);
  });

  it('only ever answers the cwd, a folder holding it, or nothing', () => {
    const segment = fc.stringMatching(/^[a-z0-9._-]{1,12}$/).filter((part) => part !== '.' && part !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), fc.nat(8), fc.string(), (parts, cut, noise) => {
        const cwd = `/${parts.join('/')}`;
        const claimed = `/${parts.slice(0, Math.max(1, parts.length - cut)).join('/')}`;
        for (const transcript of [transcriptOf(claimed), `/p/projects/${noise}/s.jsonl`]) {
          const found = claudeCodeProjectRoot(cwd, transcript);
          expect(found === undefined || found === cwd || cwd.startsWith(`${found === '/' ? '' : found}/`)).toBe(true);
        }
        expect(claudeCodeProjectRoot(cwd, transcriptOf(claimed))).toBe(claimed);
      }),
    );
  });
});
