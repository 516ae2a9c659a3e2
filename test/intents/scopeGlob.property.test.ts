import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { isInScope } from '../../src/intents/scope';
import { MAX_SCOPE_GLOB_SIZE, MAX_SCOPED_PATH_LENGTH, readScopeGlob } from '../../src/intents/scopeGlob';
import { cpuMs } from '../support/cpuTime';

// generous: a match takes a few milliseconds at most; a backtracking engine took seconds. CPU
// time, so a busy machine's waits for a core do not count
const MATCH_BUDGET_MS = 250;

/**
 * The answer and the time of the fastest of three runs: a pause of the collector or of the
 * machine slows one run, while a matcher that backtracks is slow on every run.
 */
function timedMatch(glob: string, path: string): { covered: boolean; ms: number } {
  const scope = Object.freeze([glob]);
  isInScope(scope, 'x'); // compile outside the timing
  let fastest = Number.POSITIVE_INFINITY;
  let covered = false;
  for (let run = 0; run < 3; run += 1) {
    fastest = Math.min(
      fastest,
      cpuMs(() => {
        covered = isInScope(scope, path);
      }),
    );
  }
  return { covered, ms: fastest };
}

/** How scope read globs before: picomatch with `dot: true`, after the same expansion. */
function picomatchInScope(glob: string, path: string): boolean {
  const normalized = glob.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  const globs = normalized.endsWith('/')
    ? [`${normalized}**`]
    : picomatch.scan(normalized).isGlob
      ? [normalized]
      : [normalized, `${normalized}/**`];
  return path !== '' && picomatch(globs, { dot: true })(path);
}

const char = fc.constantFrom('a', 'b', '.', '-');
const nameToken = fc.oneof(
  { weight: 5, arbitrary: char },
  { weight: 3, arbitrary: fc.constant('*') },
  { weight: 2, arbitrary: fc.constant('?') },
  { weight: 1, arbitrary: fc.constantFrom('[ab]', '[a-c]', '[^a]', '[.]', '{a,b}', '{a,.b}', '{*.a,b?}') },
);
const globName = fc.array(nameToken, { minLength: 1, maxLength: 5 }).map((tokens) => tokens.join(''));
const globSegment = fc.oneof({ weight: 5, arbitrary: globName }, { weight: 1, arbitrary: fc.constant('**') });
const glob = fc
  .tuple(fc.array(globSegment, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '/', '/**'))
  .map(([segments, end]) => segments.join('/') + end)
  .filter((text) => readScopeGlob(text).ok);

const pathName = fc
  .array(char, { minLength: 1, maxLength: 4 })
  .map((chars) => chars.join(''))
  .filter((name) => name !== '.' && name !== '..');
const shortPath = fc.array(pathName, { minLength: 1, maxLength: 5 }).map((names) => names.join('/'));

/** Long paths of near-matching names: one long name, or many short ones, up to the path limit. */
const longPath = fc
  .tuple(
    fc.array(char, { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1, max: 64 }),
    fc.integer({ min: 1, max: MAX_SCOPED_PATH_LENGTH }),
  )
  .map(([unit, nameLength, length]) => {
    const name = unit
      .join('')
      .repeat(Math.ceil(nameLength / unit.length))
      .slice(0, nameLength);
    const text = `${name}/`.repeat(Math.ceil(length / (name.length + 1))).slice(0, length);
    return text.replace(/\/+$/, '').replace(/(^|\/)\.\.?(?=\/|$)/g, '$1x');
  });

describe('scope matching time', () => {
  it('stays within the budget for generated globs against long generated paths', () => {
    fc.assert(
      fc.property(glob, longPath, (pattern, path) => {
        expect(timedMatch(pattern, path).ms).toBeLessThan(MATCH_BUDGET_MS);
      }),
      { numRuns: 300 },
    );
  });

  // globs of the largest size the intents accept, built to make a greedy matcher resume as often as it can
  const L = MAX_SCOPE_GLOB_SIZE;
  const oneLongName = 'a'.repeat(MAX_SCOPED_PATH_LENGTH);
  const manyNames = `${'a/'.repeat(MAX_SCOPED_PATH_LENGTH / 2 - 1)}a`;
  const worstCases: ReadonlyArray<{ name: string; glob: string; path: string }> = [
    {
      name: 'the reported glob against one 4,090-character name',
      glob: 'docs/*-*-*.md',
      path: `docs/${'-'.repeat(MAX_SCOPED_PATH_LENGTH - 6)}`,
    },
    { name: 'several stars in a name against one long name', glob: '*a*a*a*a*a*a*a*a*b', path: oneLongName },
    { name: 'a long literal tail after a star', glob: `*${'a'.repeat(L - 2)}b`, path: oneLongName },
    { name: "a long '?' tail after a star", glob: `*${'?'.repeat(L - 2)}b`, path: oneLongName },
    { name: 'a long class tail after a star', glob: `*${'[a-z]'.repeat(Math.floor((L - 2) / 5))}b`, path: oneLongName },
    { name: "many plain names after '**'", glob: `**/${'a/'.repeat((L - 4) / 2)}b`, path: manyNames },
    { name: "many wildcard names after '**'", glob: `**/${'*/'.repeat((L - 4) / 2)}b`, path: manyNames },
    { name: "several '**' with stars between", glob: '**/*a*/**/*a*/**/*a*/**/*a*/**/b', path: manyNames },
    {
      name: 'a {a,b} list of long alternatives',
      glob: `*{${Array.from({ length: 20 }, (_, index) => `${'a'.repeat(8)}${index}`).join(',')}}`,
      path: oneLongName,
    },
    {
      name: 'a list spanning folders',
      glob: `{${Array.from({ length: 12 }, (_, index) => `**/*a*${index}/x`).join(',')}}`,
      path: manyNames,
    },
  ];

  it.each(worstCases)('stays within the budget: $name', ({ glob: pattern, path }) => {
    expect(readScopeGlob(pattern).ok).toBe(true);
    expect(path.length).toBeLessThanOrEqual(MAX_SCOPED_PATH_LENGTH);
    const { covered, ms } = timedMatch(pattern, path);
    expect(covered).toBe(false);
    expect(ms).toBeLessThan(MATCH_BUDGET_MS);
  });
});

describe('scope matching against picomatch, which scope used before', () => {
  // './' made picomatch throw; scope reads it, and '.', as the whole workspace (scope.test.ts)
  const namesRoot = (pattern: string): boolean => /^(\.\/)*\.?$/.test(pattern);

  it('never covers a path picomatch did not', () => {
    fc.assert(
      fc.property(
        glob.filter((pattern) => !namesRoot(pattern)),
        shortPath,
        (pattern, path) => {
          if (isInScope(Object.freeze([pattern]), path)) expect(picomatchInScope(pattern, path)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  // the deliberate differences, each narrower, are named in scope.test.ts
  const endsAfterPattern = (segments: readonly string[]): boolean => {
    const collapsed = segments.filter((segment, index) => segment !== '**' || segments[index - 1] !== '**');
    return collapsed[collapsed.length - 1] === '**' && /[*?[{]/.test(collapsed[collapsed.length - 2] ?? '');
  };
  const plainName = pathName;
  const ordinaryGlob = fc
    .tuple(
      fc.array(
        globSegment.filter((segment) => segment === '**' || !segment.includes('**')),
        { minLength: 1, maxLength: 4 },
      ),
      fc.constantFrom('', '/', '/**'),
      plainName,
    )
    .filter(([segments, end]) => end !== '' || !endsAfterPattern(segments))
    .map(([segments, end, last]) => (end === '' ? segments.join('/') : `${[...segments, last].join('/')}${end}`))
    .filter((text) => !text.includes('.*') && !namesRoot(text) && readScopeGlob(text).ok);

  it('answers as picomatch did for globs outside the deliberate differences', () => {
    fc.assert(
      fc.property(ordinaryGlob, shortPath, (pattern, path) => {
        expect(isInScope(Object.freeze([pattern]), path)).toBe(picomatchInScope(pattern, path));
      }),
      { numRuns: 3000 },
    );
  });
});
