import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { MAX_HERE_DOCUMENTS, MAX_PARAMETER_NESTING } from '../../src/shell/engine/parseShell';
import { realisticCommands } from '../corpus/realistic';
import { cpuMs } from '../support/cpuTime';

// Linear time is asserted by comparing n with 4n (generous bound, no absolute timings), so the
// tests hold on a loaded machine; absolute numbers are only logged. Both sizes are large (128 and
// 512 KiB): below that the analysis' working set fits the caches and collects less garbage, so on
// a machine slow to fault memory in, a linear shape cost 10-23 times as much at 256 KiB as at 64,
// as much as a quadratic one would. Time is the process's CPU time, with the collector on the
// main thread (vitest.config.ts): wall time counts the waits for a core, which two busy
// processes beside the test made 15 times longer at 4n for one shape, where CPU time held at 6.

const N = 65_536;

/** Hostile inputs of about `size` characters, each stressing one part of the analysis. */
const SHAPES: readonly { name: string; build: (size: number) => string }[] = [
  { name: 'many commands', build: (size) => 'a;'.repeat(size / 2) },
  { name: 'a long pipeline', build: (size) => `${'a|'.repeat(size / 2)}a` },
  { name: 'one command with many words', build: (size) => `echo ${'ab '.repeat(size / 3)}` },
  { name: 'many delete operands', build: (size) => `rm ${'a/b '.repeat(size / 4)}` },
  { name: 'many manifest writes', build: (size) => `tee ${'package.json '.repeat(size / 13)}` },
  { name: 'quotes only', build: (size) => '"'.repeat(size) },
  { name: 'nested subshells', build: (size) => `${'('.repeat(size / 2)}${')'.repeat(size / 2)}` },
  { name: 'nested substitutions', build: (size) => `${'$('.repeat(size / 3)}${')'.repeat(size / 3)}` },
  { name: 'nested backticks', build: (size) => '`'.repeat(size) },
  { name: 'a chain of wrappers', build: (size) => `${'sudo '.repeat(size / 5)}ls` },
  // each alias of the subcommand once copied every word after it
  {
    name: 'many git -c aliases before many words',
    build: (size) => `${'git -c alias.a='.repeat(size / 60)}${'a '.repeat(size / 4)}`,
  },
  { name: 'a chain of evals', build: (size) => `${'eval '.repeat(size / 5)}ls` },
  { name: 'long arithmetic', build: (size) => `echo $((${'1+'.repeat(size / 2)}1))` },
  // unbash parses an arithmetic expansion's text on first access: each nested level re-read the rest
  { name: 'unterminated nested arithmetic', build: (size) => '$(('.repeat(size / 3) },
  {
    name: 'unterminated arithmetic before a long word',
    build: (size) => `${'$(('.repeat(100)}${'a'.repeat(size - 300)}`,
  },
  // unbash looks for each unclosed `${` level's brace across the rest of the text
  { name: 'unterminated nested parameter expansions', build: (size) => '${a:'.repeat(size / 4) },
  { name: 'many heredocs', build: (size) => 'cat <<E\nx\nE\n'.repeat(size / 12) },
  // unbash's work grows with the square of the here-documents pending at once
  { name: 'here-documents pending on one line', build: (size) => '<<]'.repeat(size / 3) },
  { name: 'here-documents held open by quoted newlines', build: (size) => `:${' <<a "\n"'.repeat(size / 8)}` },
  { name: 'a big heredoc fed to bash', build: (size) => `bash <<E\n${'ls\n'.repeat(size / 3)}E\n` },
  { name: 'a big script in bash -c', build: (size) => `bash -c '${'ls;'.repeat(size / 3)}'` },
  { name: 'many [[ ]] tests', build: (size) => '[[ a -eq 1 ]];'.repeat(size / 14) },
  { name: 'many $[ ', build: (size) => '$['.repeat(size / 2) },
  { name: 'many find -exec clauses', build: (size) => `find . ${'-exec ls {} ; '.repeat(size / 14)}` },
  { name: 'a chain of cd', build: (size) => `${'cd a; '.repeat(size / 6)}rm x` },
  { name: 'a chain of cd joined by &&', build: (size) => `${'cd a && '.repeat(size / 8)}rm x` },
  { name: 'many subshells with cd', build: (size) => `${'(cd a); '.repeat(size / 8)}rm x` },
  // each command found in an unknown program's words once searched the rest of them again
  { name: 'unknown programs naming known ones', build: (size) => `foo ${'foo git '.repeat(size / 8)}` },
  { name: 'unknown programs naming wrappers', build: (size) => `foo ${'sudo foo '.repeat(size / 9)}` },
];

// CPU time: this file runs after every other test file, alone, with a single-threaded collector
// (see vitest.config.ts), so the process's CPU time is the analysis' own and a waiting thread adds none
function timeOf(command: string): number {
  return cpuMs(() => analyzeShell(command));
}

/** The best of three runs: scheduling noise only ever adds time. */
function bestOf(command: string): number {
  return Math.min(timeOf(command), timeOf(command), timeOf(command));
}

// the slowest shapes take about a second at 512 KiB and three at 1 MB on a slow machine: the
// tests time themselves, and their time limit is only a backstop
const LARGE_INPUT_TIMEOUT_MS = 300_000;

describe('linear time', () => {
  it.each(SHAPES)(
    'analyses $name in time linear in its length',
    ({ build }) => {
      timeOf(build(4096));
      const small = bestOf(build(2 * N));
      const large = bestOf(build(8 * N));
      expect(large).toBeLessThan(12 * small + 50);
    },
    LARGE_INPUT_TIMEOUT_MS,
  );
});

describe('commands found in the words of unknown programs', () => {
  it.each([
    { name: 'a known program after each unknown one', build: (n: number) => `foo ${'foo git '.repeat(n)}` },
    { name: 'a wrapper after each unknown one', build: (n: number) => `foo ${'sudo foo '.repeat(n)}` },
    { name: 'a command line after each unknown one', build: (n: number) => `foo ${"foo 'git x' ".repeat(n)}` },
  ])('reads at most one more command than the search limit for $name, however many there are', ({ build }) => {
    for (const n of [4, 12, 40]) {
      const analysis = analyzeShell(build(n));
      // foo, then at most eight found commands and what they run, each once
      expect(analysis.commands.length).toBeLessThanOrEqual(2 * (Math.min(n, 8) + 1));
      if (n > 8) expect(analysis.unknowable).toContain('more than 8 commands');
    }
  });
});

describe('superlinear growth past 256 KiB', () => {
  // the folder of a long cd chain was once joined anew per cd: 128 KiB took 0.2 s, 512 KiB 3.5 s
  it.each(SHAPES.filter((shape) => shape.name.includes('cd')))(
    'analyses $name in time linear in its length from 128 to 512 KiB',
    ({ build }) => {
      const small = bestOf(build(128 * 1024));
      const large = bestOf(build(512 * 1024));
      expect(large).toBeLessThan(8 * small + 100);
    },
  );
});

describe('1 MB hostile commands', () => {
  it.each(SHAPES)(
    'analyses $name at 1 MB without throwing',
    ({ name, build }) => {
      const command = build(1_000_000);
      const start = performance.now();
      const analysis = analyzeShell(command);
      const elapsed = performance.now() - start;
      console.info(
        `1 MB ${name}: ${elapsed.toFixed(0)} ms, ${analysis.commands.length} commands, unknowable: ${analysis.unknowable ?? '-'}`,
      );
      expect(analysis.findings.length).toBeGreaterThan(0);
    },
    LARGE_INPUT_TIMEOUT_MS,
  );
});

describe('constructs the parser reads again on first access', () => {
  it('reads 100 unterminated nested arithmetic expansions before 256 KiB in about the time of the 256 KiB alone', () => {
    const body = 'a'.repeat(256 * 1024);
    const alone = bestOf(`echo ${body}`);
    // each level once re-read the whole rest of the text: 100 levels took a hundred times as long
    expect(bestOf(`${'$(('.repeat(100)}${body}`)).toBeLessThan(10 * alone + 50);
  });

  it('fails closed on parameter expansions nested past the limit, unparsed', () => {
    const body = 'a'.repeat(256 * 1024);
    const alone = bestOf(`echo ${body}`);
    const nested = `${'${a:'.repeat(1000)}${body}`;
    // a thousand unclosed levels took a thousand readings of the text
    expect(bestOf(nested)).toBeLessThan(10 * alone + 50);
    expect(analyzeShell(nested).unknowable).toContain(`nested deeper than ${MAX_PARAMETER_NESTING}`);
  });

  it('parses parameter expansions nested to the limit', () => {
    const nested = `echo ${'${a:-'.repeat(MAX_PARAMETER_NESTING)}x${'}'.repeat(MAX_PARAMETER_NESTING)}`;
    expect(analyzeShell(nested).unknowable).toBeUndefined();
  });
});

describe('here-document floods', () => {
  it('fails closed past the here-document limit instead of parsing', () => {
    const analysis = analyzeShell(`:${' <<a'.repeat(MAX_HERE_DOCUMENTS + 1)}`);
    expect(analysis.unknowable).toContain(`more than ${MAX_HERE_DOCUMENTS} here-documents`);
  });

  it('parses a command at the limit', () => {
    expect(
      analyzeShell(`cat${' <<E'.repeat(MAX_HERE_DOCUMENTS)}\n${'x\nE\n'.repeat(MAX_HERE_DOCUMENTS)}`).unknowable,
    ).toBeUndefined();
  });
});

describe('typical commands', () => {
  it('analyses realistic agent commands in tens of microseconds', () => {
    const commands = realisticCommands.slice(0, 200);
    for (let round = 0; round < 20; round++) for (const command of commands) analyzeShell(command);
    const times: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const command of commands) {
        // wall time: a p50 of short runs, which a waiting thread rarely reaches, and CPU time's
        // resolution is too coarse for tens of microseconds
        const start = performance.now();
        analyzeShell(command);
        times.push((performance.now() - start) * 1000);
      }
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)] ?? 0;
    const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
    console.info(
      `shell analysis over ${commands.length} realistic commands: p50 ${p50.toFixed(1)} µs, p99 ${p99.toFixed(1)} µs`,
    );
    // the target is 50 µs; ten times that leaves room for a loaded test machine
    expect(p50).toBeLessThan(500);
  });
});
