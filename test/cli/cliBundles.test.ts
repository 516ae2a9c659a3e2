import { describe, expect, it } from 'vitest';
import { bundleFor, type CliBundles } from '../../src/cli/cliBundles';

const BUNDLES: CliBundles = {
  all: { file: 'cli.bundle.cjs', build: 'all-build' },
  calls: { file: 'cli.calls.cjs', build: 'calls-build', subcommands: ['decide', 'hook'] },
};

interface Case {
  readonly name: string;
  readonly argv: readonly string[];
  readonly file: string;
}

const cases: readonly Case[] = [
  { name: 'decide starts the small bundle', argv: ['decide', '--tool', 'read_file'], file: 'cli.calls.cjs' },
  { name: 'hook starts the small bundle', argv: ['hook', 'claude-code'], file: 'cli.calls.cjs' },
  { name: 'decide --help starts the small bundle', argv: ['decide', '--help'], file: 'cli.calls.cjs' },
  { name: 'another subcommand starts the full bundle', argv: ['serve'], file: 'cli.bundle.cjs' },
  { name: 'no arguments start the full bundle', argv: [], file: 'cli.bundle.cjs' },
  { name: '--help starts the full bundle', argv: ['--help'], file: 'cli.bundle.cjs' },
  { name: 'help decide starts the full bundle', argv: ['help', 'decide'], file: 'cli.bundle.cjs' },
  { name: 'a misspelt name starts the full bundle, for its suggestions', argv: ['decid'], file: 'cli.bundle.cjs' },
  { name: 'a name in another case starts the full bundle', argv: ['Decide'], file: 'cli.bundle.cjs' },
  {
    name: 'a small-bundle name after another argument starts the full bundle',
    argv: ['serve', 'decide'],
    file: 'cli.bundle.cjs',
  },
];

describe('bundleFor', () => {
  it.each(cases)('$name', ({ argv, file }) => {
    const bundle = bundleFor(BUNDLES, argv);
    expect(bundle.file).toBe(file);
    expect(bundle.build).toBe(file === 'cli.calls.cjs' ? 'calls-build' : 'all-build');
  });
});
