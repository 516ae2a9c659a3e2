import { describe, expect, it } from 'vitest';
import { IntentsFileError } from '../../src/errors/IntentsFileError';
import { parseIntentsFile } from '../../src/intents/intentsFile';
import { MAX_SCOPE_GLOB_EXPANSIONS, MAX_SCOPE_GLOB_SIZE, scopeGlobProblem } from '../../src/intents/scopeGlob';

const intentsWith = (glob: string): string =>
  `active_intents:\n  - id: INT-1\n    owned_scope: [${JSON.stringify(glob)}]\n`;

describe('scope globs the intents refuse', () => {
  const refused: ReadonlyArray<{ name: string; glob: string; problem: RegExp }> = [
    { name: 'a leading negation', glob: '!src/**', problem: /negation/ },
    { name: 'an extended glob', glob: 'src/@(a|b)/**', problem: /extended globs/ },
    { name: "a '!(x)' extended glob", glob: 'src/!(vendor)/**', problem: /extended globs/ },
    { name: "a '+(x)' extended glob", glob: 'src/+(a)', problem: /extended globs/ },
    { name: "a '[!...]' class, read differently by glob tools", glob: 'src/[!a]*.ts', problem: /\[\^\.\.\.\]/ },
    { name: 'a POSIX character class', glob: 'src/[[:alpha:]]*.ts', problem: /POSIX/ },
    { name: 'a brace range', glob: 'src/v{1..3}/**', problem: /brace ranges/ },
    {
      name: `a glob over ${MAX_SCOPE_GLOB_SIZE} characters`,
      glob: `src/${'a'.repeat(MAX_SCOPE_GLOB_SIZE)}`,
      problem: new RegExp(`limited to ${MAX_SCOPE_GLOB_SIZE} characters`),
    },
    {
      name: `a list spanning folders whose globs add up to over ${MAX_SCOPE_GLOB_SIZE} characters`,
      glob: `{a/x,b/x,c/x,d/x,e/x,f/x}/${'long-folder-name/'.repeat(4)}**`,
      problem: /each alternative of a \{a,b\} list counted/,
    },
    {
      name: `nested lists standing for over ${MAX_SCOPE_GLOB_EXPANSIONS} alternatives`,
      glob: '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}',
      problem: /at most 64 alternatives/,
    },
  ];

  it.each(refused)('refuses $name with a reason', ({ glob, problem }) => {
    expect(scopeGlobProblem(glob)).toMatch(problem);
  });

  it.each(refused)('refuses an intents file with $name as an IntentsFileError', ({ glob, problem }) => {
    expect(() => parseIntentsFile(intentsWith(glob), 'active_intents.yaml')).toThrow(IntentsFileError);
    expect(() => parseIntentsFile(intentsWith(glob), 'active_intents.yaml')).toThrow(problem);
  });

  const accepted: ReadonlyArray<{ name: string; glob: string }> = [
    { name: 'a plain folder', glob: 'src/auth' },
    { name: 'a folder with a trailing slash', glob: 'tests/auth/' },
    { name: "a '**' glob", glob: 'src/**' },
    { name: 'several stars in a name', glob: 'docs/*-*-*.md' },
    {
      name: 'lists of extensions and folders',
      glob: 'src/{auth,users,billing,payments,notifications}/**/*.{ts,tsx,js,jsx}',
    },
    { name: 'a list spanning folders', glob: '{src,lib/x}/**' },
    { name: "a '[^...]' class", glob: 'src/[^_]*.ts' },
    { name: 'parentheses in a folder name', glob: 'app/(marketing)/' },
    { name: 'the workspace root', glob: '.' },
    { name: `a glob of exactly ${MAX_SCOPE_GLOB_SIZE} characters`, glob: `src/${'a'.repeat(MAX_SCOPE_GLOB_SIZE - 4)}` },
  ];

  it.each(accepted)('accepts $name', ({ glob }) => {
    expect(scopeGlobProblem(glob)).toBeUndefined();
    expect(parseIntentsFile(intentsWith(glob), 'active_intents.yaml')[0]?.owned_scope).toEqual([glob]);
  });
});
