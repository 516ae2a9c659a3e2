import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePath, type PathAnalysisOptions } from '../../src/paths/analyzePath';
import { dependencyManifest } from '../../src/paths/dependencyManifest';
import { secretKind } from '../../src/paths/secretKind';
import { cpuMs } from '../support/cpuTime';

const OPTIONS: PathAnalysisOptions = {
  workspaceRoot: '/intentgate-absent/sandbox/project',
  homeDir: '/intentgate-absent/home/alice',
};

// the pieces bypasses are built from, joined at random
const piece = fc.constantFrom(
  '%',
  '%2e',
  '%2E',
  '%2f',
  '%5c',
  '%25',
  '%252e',
  '%c0%ae',
  '%u002f',
  '%00',
  '\\',
  '/',
  '//',
  '.',
  '..',
  '~',
  '~bob',
  '$HOME',
  '${HOME}',
  '$X',
  'file://',
  'file:///',
  'C:',
  '\\\\?\\',
  '\0',
  'a',
  'é',
  '🔑',
  'project',
  'project-evil',
  '/intentgate-absent/sandbox/project',
  '.env',
);
const biased = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));
// fast-check 4 dropped fullUnicodeString: unit 'binary' draws any code point, 'grapheme' whole clusters
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), biased);

describe('analyzePath properties', () => {
  it('never throws and keeps its invariants on arbitrary strings', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const analysis = analyzePath(input, OPTIONS);
        expect(analysis.input).toBe(input);
        expect(analysis.insideWorkspace).toBe(analysis.relative !== undefined);
        if (!analysis.valid) expect(analysis.insideWorkspace).toBe(false);
        if (!analysis.insideWorkspace) expect(analysis.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds an inside path inside again from its resolved absolute path', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const analysis = analyzePath(input, OPTIONS);
        if (!analysis.insideWorkspace || analysis.absolute === undefined) return;
        // an absolute path may have been decoded or expanded: its own decoding must not move it
        if (/[%\\~$]/.test(analysis.absolute)) return;
        expect(analyzePath(analysis.absolute, OPTIONS).relative).toBe(analysis.relative);
      }),
      { numRuns: 2000 },
    );
  });

  it('never puts a path containing a NUL byte inside', () => {
    fc.assert(
      fc.property(biased, biased, (before, after) => {
        expect(analyzePath(`${before}\0${after}`, OPTIONS).insideWorkspace).toBe(false);
      }),
    );
  });
});

/** The median CPU time of three runs: a busy machine's waits for a core do not count. */
function medianMs(run: () => void): number {
  const times = [cpuMs(run), cpuMs(run), cpuMs(run)];
  return times.sort((a, b) => a - b)[1] ?? 0;
}

const MEGABYTE = 1 << 20;
const shapes: readonly { readonly name: string; readonly unit: string }[] = [
  { name: 'dot segments', unit: '../' },
  { name: 'percent escapes', unit: '%252e%2f' },
  { name: 'backslashes and tildes', unit: '\\~a' },
  { name: 'secret-looking words', unit: 'apiKey.env-' },
  { name: 'camelCase humps', unit: 'aBcD' },
];

describe('linear time on 1 MB strings', () => {
  it.each(shapes)('analyses $name in linear time', ({ unit }) => {
    const small = unit.repeat(MEGABYTE / 4 / unit.length);
    const large = unit.repeat(MEGABYTE / unit.length);
    const run = (text: string) => () => {
      analyzePath(text, OPTIONS);
      secretKind(text);
      dependencyManifest(text);
    };
    const smallMs = medianMs(run(small));
    const largeMs = medianMs(run(large));
    // 4x the input may cost at most ~4x the time: the bound is generous for noisy machines
    expect(largeMs).toBeLessThan(smallMs * 16 + 100);
    expect(largeMs).toBeLessThan(2000);
  });
});
