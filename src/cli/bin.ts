// The `intentgate` executable of the package: runs the CLI bundle beside it through V8's code
// cache, since Node 20 has no compile cache for modules and compiling is most of a start.
import { fileURLToPath } from 'node:url';
import { runLabel, runWithCodeCache } from './codeCache';

// set by scripts/buildCli.ts to the bundle's digest
declare const INTENTGATE_CLI_BUILD: string;

const bundle = fileURLToPath(new URL('./cli.bundle.cjs', import.meta.url));
runWithCodeCache({ file: bundle, cacheFile: `${bundle}.v8cache`, build: INTENTGATE_CLI_BUILD, label: runLabel(process.argv.slice(2)) });
