// The `intentgate` executable of the package: runs a CLI bundle beside it through V8's code
// cache, since Node 20 has no compile cache for modules and compiling is most of a start.
// Built as CommonJS (dist/cli.cjs): an ES module entry costs a start about 5 ms more.
import path from 'node:path';
import { bundleFor, type CliBundles } from './cliBundles';
import { runLabel, runWithCodeCache } from './codeCache';

// set by scripts/buildCli.ts to the bundles it built
declare const INTENTGATE_CLI_BUNDLES: CliBundles;

const argv = process.argv.slice(2);
const { file, build } = bundleFor(INTENTGATE_CLI_BUNDLES, argv);
// the bundles are beside the bin, so its require resolves as theirs would
const bundle = path.join(__dirname, file);
runWithCodeCache({
  file: bundle,
  cacheFile: `${bundle}.v8cache`,
  build,
  label: runLabel(argv),
  wrapped: true,
  require,
});
