import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTrace } from '../../src/index';
import { openTraceFile } from '../../src/trace/traceFile';
import { sizedRecord, tempTrace } from './traceSupport';

const MAX_BYTES = 4 * 1024;
const KEEP = 100;
// at most one line per file in the worst case, so `keep` never drops one
const MAX_APPENDS = 60;

const appends = fc.array(
  fc.record({ writer: fc.integer({ min: 0, max: 2 }), bytes: fc.integer({ min: 150, max: 6 * 1024 }) }),
  { minLength: 1, maxLength: MAX_APPENDS },
);

describe('a rotated trace read with its rotated files', () => {
  it('gives back every line written, whole and in order, and reports no change, whatever the sizes and writers', () => {
    fc.assert(
      fc.property(appends, (sequence) => {
        const file = tempTrace();
        const writers = [0, 1, 2].map(() => openTraceFile(file, { rotation: { maxBytes: MAX_BYTES, keep: KEEP } }));
        const written = sequence.map(({ writer, bytes }, index) => {
          const record = sizedRecord(`w${writer}-${index}`, bytes);
          expect(writers[writer]?.append(record)).toBeUndefined();
          return record;
        });
        expect(readTrace(file, { rotated: true })).toEqual({ records: written, notices: [], skipped: 0 });
        // no file passes maxBytes unless it holds a single longer line
        for (const name of readdirSync(path.dirname(file))) {
          const text = readFileSync(path.join(path.dirname(file), name), 'utf8');
          expect(text.length <= MAX_BYTES || text.indexOf('\n') === text.length - 1).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
