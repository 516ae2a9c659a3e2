import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { SHELL_CATEGORIES, type ShellAnalysis } from '../../src/shell/catalog/shellAnalysis';
import { realisticCommands } from '../corpus/realistic';
import { shellBenign } from '../corpus/shellBenign';
import { shellBypass } from '../corpus/shellBypass';
import { commandLine } from './commandGenerator';
import { compareParsers, countDisagreements, describeViolation, type Comparison } from './compareParsers';
import { secondParse, UNKNOWN_NAME } from './mvdanCommandNames';

// fixed so the disagreement counts in the log can be quoted and reproduced
const SEED = 20260522;
const RUNS = 1000;

function compare(command: string): Comparison {
  return compareParsers(command, analyzeShell(command));
}

describe('the mvdan/sh command-name walker', () => {
  it.each([
    { name: 'evaluates empty quotes inside a name', script: 's""udo ls', names: ['sudo'] },
    { name: 'evaluates a backslash inside a name', script: 'su\\do ls', names: ['sudo'] },
    { name: 'decodes ANSI-C hex escapes', script: "$'\\x73\\x75\\x64\\x6f' ls", names: ['sudo'] },
    { name: 'joins a backslash-newline inside a name', script: 's\\\nudo id', names: ['sudo'] },
    { name: 'takes the basename of a path-qualified name', script: '/usr/bin/sudo ls', names: ['sudo'] },
    { name: 'lists the first word after assignments', script: 'A=1 B=$(id) git push', names: ['git', 'id'] },
    {
      name: 'marks a substituted name unknown and lists the inner command',
      script: '"$(printf sudo)" ls',
      names: [UNKNOWN_NAME, 'printf'],
    },
    { name: 'marks a variable name unknown', script: '$CMD -x', names: [UNKNOWN_NAME] },
    { name: 'marks brace expansion in a name unknown', script: '{sudo,id}', names: [UNKNOWN_NAME] },
    { name: 'marks a glob in a name unknown', script: '/usr/bin/su?o id', names: [UNKNOWN_NAME] },
    { name: 'reads [ as the test command, not a glob', script: '[ -f x ] && ls', names: ['[', 'ls'] },
    {
      name: 'descends into substitutions',
      script: 'echo $(sudo id) `curl x` <(git push) >(npm i)',
      names: ['echo', 'sudo', 'curl', 'git', 'npm'],
    },
    {
      name: 'descends into compound commands and functions',
      script:
        '(a); { b; }; if c; then d; fi; for i in 1; do e; done; while f; do g; done; case x in x) h;; esac; k() { l; }; m | n && o || p',
      names: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'l', 'm', 'n', 'o', 'p'],
    },
    { name: 'descends into unquoted heredoc bodies', script: 'cat <<EOF\n$(sudo id)\nEOF', names: ['cat', 'sudo'] },
    { name: 'lists declaration builtins by name', script: 'export A=$(id); local b', names: ['export', 'local', 'id'] },
    { name: 'keeps a carriage return inside the word as bash does', script: 'echo ok\rsudo ls', names: ['echo'] },
  ])('$name', ({ script, names }) => {
    expect([...secondParse(script).names].sort()).toEqual([...names].sort());
  });

  it('reports a parse error for an unclosed substitution', () => {
    expect(secondParse('echo $(').error).toBeDefined();
  });

  it('flags the $[ ] arithmetic as opaque', () => {
    expect(secondParse("echo $[ x='a[$(id)]', x ]").opaque).toEqual(['$[ ]']);
  });

  it('collects the literal text under a wrapper as possible inner commands', () => {
    const tokens = secondParse("sudo -u bob bash -c 'git push' && echo 'curl x' | sh").innerTokens();
    expect(['sudo', 'bash', 'git', 'push', 'curl', 'sh'].every((token) => tokens.has(token))).toBe(true);
  });
});

function analysisOf(commands: readonly (readonly string[])[], failedClosed = false): ShellAnalysis {
  const categories = failedClosed ? SHELL_CATEGORIES : (['EXEC_ARBITRARY'] as const);
  return {
    findings: categories.map((category) => ({
      category,
      trigger: '',
      command: '',
      note: '',
      details: ['', '', ''] as const,
    })),
    commands,
    pathOperands: [],
    scriptRuns: [],
    unknowable: failedClosed ? 'test: fail closed' : undefined,
  };
}

describe('the parser comparison', () => {
  it('flags an analysis that misses a chained command', () => {
    const comparison = compareParsers('ls && sudo id', analysisOf([['ls']]));
    expect({ missing: comparison.missing, violation: comparison.violation }).toEqual({
      missing: ['sudo'],
      violation: true,
    });
  });

  it('accepts a command the analyzer unwraps from an inner script', () => {
    const comparison = compareParsers(
      "bash -c 'sudo id'",
      analysisOf([
        ['bash', '-c', 'sudo id'],
        ['sudo', 'id'],
      ]),
    );
    expect({ unwrapped: comparison.unwrapped, violation: comparison.violation }).toEqual({
      unwrapped: ['sudo'],
      violation: false,
    });
  });

  it('flags a listed command that nothing runs', () => {
    const comparison = compareParsers('echo sudo', analysisOf([['echo', 'sudo'], ['sudo']]));
    expect({ unexplained: comparison.unexplained, violation: comparison.violation }).toEqual({
      unexplained: ['sudo'],
      violation: true,
    });
  });

  it('flags a script both mvdan/sh and bash reject when the analysis does not fail closed', () => {
    expect(compareParsers('echo $(', analysisOf([['echo']])).violation).toBe(true);
  });

  it('flags a name built at run time when the analysis does not fail closed', () => {
    expect(compareParsers('$CMD x', analysisOf([['$CMD', 'x']])).violation).toBe(true);
  });

  it('accepts every disagreement when the analysis fails closed', () => {
    expect(compareParsers('ls && sudo id', analysisOf([['ls']], true)).violation).toBe(false);
  });
});

describe('the analyzer against mvdan/sh', () => {
  it.each([
    { name: 'bypass corpus', commands: shellBypass.map((entry) => entry.command) },
    { name: 'benign corpus', commands: shellBenign.map((entry) => entry.command) },
    { name: 'realistic commands', commands: realisticCommands },
  ])('fails closed wherever the two parsers disagree on the $name', ({ name, commands }) => {
    const comparisons = commands.map(compare);
    console.info(`differential, ${name}: ${JSON.stringify(countDisagreements(comparisons))}`);
    expect(comparisons.filter((comparison) => comparison.violation).map(describeViolation)).toEqual([]);
  });

  it(`fails closed wherever the two parsers disagree on ${RUNS} generated command lines`, () => {
    // the first RUNS calls are the runs proper; any later ones are fast-check shrinking a failure
    const comparisons: Comparison[] = [];
    try {
      fc.assert(
        fc.property(commandLine, (command) => {
          const comparison = compare(command);
          if (comparisons.length < RUNS) comparisons.push(comparison);
          return !comparison.violation;
        }),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      console.info(`differential, generated (seed ${SEED}): ${JSON.stringify(countDisagreements(comparisons))}`);
    }
  });
});
