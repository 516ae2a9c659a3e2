import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { MAX_IGNORE_CACHE_COST, parseIntentIgnore } from '../../src/intents/intentIgnore';

const RULES = 'secrets/\n*.pem\n!keep.pem\n/build\ndocs/**/*.draft.md\n';

// paths the agent chooses: every one new, so no answer is asked twice
const distinctPath = (index: number): string =>
  `src/module${index}/part${index % 7}/file${index}.${index % 5 === 0 ? 'pem' : 'ts'}`;

/** The heap after a full collection; the collector is reached through V8's flag, as vitest runs without --expose-gc. */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('parseIntentIgnore answers', () => {
  it('keep the heap bounded however many distinct paths are asked', () => {
    const rules = parseIntentIgnore(RULES);
    for (let index = 0; index < 2_000; index++) rules.ignores(`warm/${distinctPath(index)}`);
    const before = heapAfterGc();
    let ignored = 0;
    const asked = 60_000;
    for (let index = 0; index < asked; index++) if (rules.ignores(distinctPath(index))) ignored += 1;
    const grown = heapAfterGc() - before;
    // the rules stay alive past the second measure, so what they keep is counted
    expect(rules.ignores('secrets/a.txt')).toBe(true);
    expect(ignored).toBe(asked / 5);
    // unbounded, each distinct path kept ~590 B (about 34 MiB here); bounded, the answers start afresh
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });

  it('stay those of the rules across every fresh start', () => {
    const rules = parseIntentIgnore(RULES);
    const reference = ignore().add(RULES);
    // enough paths to start afresh several times over
    const count = Math.ceil((MAX_IGNORE_CACHE_COST / 40) * 3);
    const names = ['secrets', 'build', 'docs', 'src', 'keep.pem', 'a.pem', 'x.draft.md', 'lib'];
    let differences = 0;
    let ignored = 0;
    for (let index = 0; index < count; index++) {
      const path = `${names[index % names.length]}/${names[(index >> 3) % names.length]}/f${index % 997}`;
      const expected = reference.ignores(path) || reference.ignores(`${path}/`);
      if (rules.ignores(path) !== expected) differences += 1;
      if (expected) ignored += 1;
    }
    expect(differences).toBe(0);
    expect(ignored).toBeGreaterThan(0);
    expect(ignored).toBeLessThan(count);
  });

  it('answer a path asked again the same way', () => {
    const rules = parseIntentIgnore(RULES);
    const answers = ['secrets/a', 'src/a.ts', 'keep.pem', 'x/y.pem'].map((path) => [
      rules.ignores(path),
      rules.ignores(path),
    ]);
    expect(answers).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [true, true],
    ]);
  });
});
