import { describe, expect, it } from 'vitest';
import { includeGlobPaths, MAX_INCLUDE_ALTERNATIVES, type IncludeGlobPaths } from '../../src/paths/includeGlobPaths';

// a search's include glob read as the paths it is judged by against .intentignore: each
// alternative, read from the workspace and from the search folder, at any depth when it has no '/'

interface GlobCase {
  readonly name: string;
  readonly glob: string;
  readonly folder: string;
  readonly read: IncludeGlobPaths;
}

describe('includeGlobPaths', () => {
  it.each<GlobCase>([
    {
      name: 'reads a glob with a folder from the workspace and from the search folder',
      glob: 'secrets/**',
      folder: 'src',
      read: { ok: true, paths: ['secrets/**', 'src/secrets/**'] },
    },
    {
      name: 'reads a glob with no folder at any depth too',
      glob: '*.env',
      folder: '',
      read: { ok: true, paths: ['*.env', '**/*.env'] },
    },
    {
      name: 'reads a glob with no folder below the search folder at any depth',
      glob: '*.env',
      folder: 'config',
      read: { ok: true, paths: ['*.env', 'config/*.env', '**/*.env', 'config/**/*.env'] },
    },
    {
      name: 'climbs out of the search folder as the path would',
      glob: '../secrets/*',
      folder: 'src',
      read: { ok: true, paths: ['../secrets/*', 'secrets/*'] },
    },
    {
      name: 'reads a leading slash as absolute and as anchored at either folder',
      glob: '/secrets/**',
      folder: 'src',
      read: { ok: true, paths: ['/secrets/**', 'secrets/**', 'src/secrets/**'] },
    },
    {
      name: 'expands brace lists, keeping the glob as written',
      glob: '{src,secrets}/**',
      folder: '',
      read: { ok: true, paths: ['{src,secrets}/**', 'src/**', 'secrets/**'] },
    },
    {
      name: 'expands brace lists inside brace lists',
      glob: 'a/{b,c{d,e}}',
      folder: '',
      read: { ok: true, paths: ['a/{b,c{d,e}}', 'a/b', 'a/cd', 'a/ce'] },
    },
    {
      name: 'splits words at whitespace and commas, as Claude Code splits them',
      glob: '*.ts secrets/*,docs/*',
      folder: '',
      read: {
        ok: true,
        paths: ['*.ts secrets/*,docs/*', '*.ts', '**/*.ts', 'secrets/*', 'docs/*'],
      },
    },
    {
      name: 'leaves the commas of a word with braces to the braces',
      glob: '*.{ts,env}',
      folder: '',
      read: { ok: true, paths: ['*.{ts,env}', '**/*.{ts,env}', '*.ts', '**/*.ts', '*.env', '**/*.env'] },
    },
    {
      name: 'names nothing for an exclusion',
      glob: '!secrets/**',
      folder: '',
      read: { ok: true, paths: [] },
    },
    {
      name: 'names the included words of a list with an exclusion',
      glob: 'docs/** !secrets/**',
      folder: '',
      read: { ok: true, paths: ['docs/** !secrets/**', 'docs/**'] },
    },
    {
      name: 'refuses a glob standing for too many alternatives',
      glob: '{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}',
      folder: '',
      read: {
        ok: false,
        problem: `the glob '{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}' stands for more than ${MAX_INCLUDE_ALTERNATIVES} alternatives`,
      },
    },
  ])('$name', ({ glob, folder, read }) => {
    expect(includeGlobPaths(glob, folder)).toEqual(read);
  });
});
