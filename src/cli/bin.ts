// The `intentgate` executable of the package: runs the CLI bundle beside it through V8's code
// cache, since Node 20 has no compile cache for modules and compiling is most of a start.
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './codeCache';

// set by scripts/buildCli.ts to the bundle's digest
declare const INTENTGATE_CLI_BUILD: string;

const bundle = fileURLToPath(new URL('./cli.bundle.cjs', import.meta.url));
runWithCodeCache(bundle, `${bundle}.v8cache`, INTENTGATE_CLI_BUILD);
