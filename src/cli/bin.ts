// The `intentgate` executable of the package: runs a CLI bundle beside it through V8's code
// cache, since Node 20 has no compile cache for modules and compiling is most of a start.
import { fileURLToPath } from 'node:url';
import { bundleFor, type CliBundles } from './cliBundles';
import { runLabel, runWithCodeCache } from './codeCache';

// set by scripts/buildCli.ts to the bundles it built
declare const INTENTGATE_CLI_BUNDLES: CliBundles;

const argv = process.argv.slice(2);
const { file, build } = bundleFor(INTENTGATE_CLI_BUNDLES, argv);
const bundle = fileURLToPath(new URL(`./${file}`, import.meta.url));
runWithCodeCache({ file: bundle, cacheFile: `${bundle}.v8cache`, build, label: runLabel(argv) });
