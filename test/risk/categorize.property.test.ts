import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorize, IntentGateError, RISK_CATEGORIES } from '../../src/index';
import { makeWorkspace } from '../support/workspace';
import { cpuMs } from '../support/cpuTime';

const workspaceRoot = makeWorkspace();
const options = { workspaceRoot };
const TOOLS = [
  'shell',
  'execute_command',
  'workspace_write',
  'workspace_patch',
  'fs',
  'web',
  'workspace_run',
  'read_file',
  'write_to_file',
  'apply_patch',
  'delete_file',
  'edit_file',
];

const shellish = fc.stringMatching(/^[a-z $'"`\\|&;()<>{}\[\]=~*?#\n%./-]{0,60}$/);
const args = fc.oneof(
  fc.anything(),
  fc.record(
    {
      command: fc.oneof(shellish, fc.anything()),
      path: fc.oneof(fc.string(), fc.anything()),
      url: fc.string(),
      op: fc.string(),
      dry_run: fc.anything(),
      patch: fc.string(),
    },
    { requiredKeys: [] },
  ),
);

/** CPU milliseconds for one categorize call: a busy machine's waits for a core do not count. */
function timed(tool: string, value: Record<string, unknown>): number {
  return cpuMs(() => categorize(tool, value, options));
}

// pieces of shell syntax that make the analysis do work: nesting, wrappers, inner scripts, folders
const PIECES = [
  'sudo ',
  'cd a; ',
  'cd .. && ',
  '${a:-',
  '}',
  '$(',
  ')',
  '`',
  '(',
  'x|',
  ';',
  '&& ',
  "'",
  '"',
  '\\',
  'bash -c ',
  'eval ',
  'rm ../',
  'a=1 ',
  '<<E\n',
  '\nE\n',
  '$((1+',
  ' > f',
  '*',
  '~/',
  ' ',
];
const fragment = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join('')),
  fc.stringMatching(/^[a-z $'"`\\|&;()<>{}\[\]=~*?#\n%./-]{1,12}$/),
);

/** The fastest of three categorize calls on `unit` repeated to about `bytes` (scheduling noise only ever adds time). */
function bestTime(unit: string, bytes: number): number {
  const command = unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
  const once = (): number =>
    cpuMs(() => {
      try {
        categorize('shell', { command }, options);
      } catch (error) {
        if (!(error instanceof IntentGateError)) throw error;
      }
    });
  return Math.min(once(), once(), once());
}

describe('categorize invariants', () => {
  it('throws nothing but the typed error on any input, and returns known categories', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...TOOLS), fc.anything()), args, (tool, value) => {
        try {
          const result = categorize(tool as string, value, options);
          for (const category of result.categories) expect(RISK_CATEGORIES).toContain(category);
          expect(new Set(result.evidence.map((item) => item.category))).toEqual(new Set(result.categories));
        } catch (error) {
          expect(error).toBeInstanceOf(IntentGateError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    { name: 'a shell list', tool: 'shell', key: 'command', unit: 'a;' },
    { name: 'a shell pipeline', tool: 'shell', key: 'command', unit: 'x|' },
    { name: 'quotes', tool: 'shell', key: 'command', unit: `'"` },
    { name: 'command substitutions', tool: 'shell', key: 'command', unit: '$(' },
    { name: 'a URL', tool: 'web', key: 'url', unit: 'a/' },
    { name: 'a path', tool: 'workspace_write', key: 'path', unit: 'a/' },
  ])('finishes in time linear in the input for $name up to 1 MB', ({ tool, key, unit }) => {
    const sized = (bytes: number) => ({ [key]: unit.repeat(Math.floor(bytes / unit.length)) });
    timed(tool, sized(64 * 1024));
    // the fastest of three runs of each size: the least disturbed by other work on the machine.
    // Half and full size, not a quarter: below about 300 KB some inputs take a cheaper path (a
    // fixed step, not growth), which made a quarter-size run measure the step.
    const half = Math.min(...[0, 1, 2].map(() => timed(tool, sized(512 * 1024))));
    const full = Math.min(...[0, 1, 2].map(() => timed(tool, sized(1024 * 1024))));
    // twice the input may take about twice as long; quadratic work would take four times
    expect(full).toBeLessThan(3 * half + 250);
    // seven calls of up to a megabyte: the ratio is the assertion, the backstop timeout is not
  });

  it('finishes in time linear in the input on generated command lines', () => {
    const measure = (unit: string): { quarter: number; full: number } => {
      bestTime(unit, 16 * 1024);
      return { quarter: bestTime(unit, 64 * 1024), full: bestTime(unit, 256 * 1024) };
    };
    fc.assert(
      fc.property(fragment, (unit) => {
        // the same unit is measured again when a burst of load from other test files slowed one
        // size only; quadratic work is slow on both measurements
        const first = measure(unit);
        const { quarter, full } = first.full < 12 * first.quarter + 100 ? first : measure(unit);
        // four times the input may take about four times as long; quadratic work would take sixteen
        expect(full).toBeLessThan(12 * quarter + 100);
      }),
      { numRuns: 25 },
    );
  });
});
