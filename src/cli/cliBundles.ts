/** One CommonJS bundle of the CLI in dist/, and what it was built as. */
export interface CliBundle {
  /** the file's name, beside the bin */
  readonly file: string;
  /** the bundle's digest: names its build, so its code cache never outlives it */
  readonly build: string;
}

/** The bundles of the CLI: every subcommand, and a smaller one with only the subcommands run once per tool call. */
export interface CliBundles {
  readonly all: CliBundle;
  readonly calls: CliBundle & { readonly subcommands: readonly string[] };
}

/**
 * The bundle a run with `argv` starts: the small one when the first argument names one of its
 * subcommands (as subcommandsFor then loads that one alone), else the one with every subcommand.
 */
export function bundleFor(bundles: CliBundles, argv: readonly string[]): CliBundle {
  const first = argv[0];
  return first !== undefined && bundles.calls.subcommands.includes(first) ? bundles.calls : bundles.all;
}
