// Builds the `intentgate` executable after tsup has built the library into dist/:
//   dist/cli.bundle.cjs  the CLI (src/cli/main.ts) and its dependencies in one CommonJS file
//   dist/cli.js          the bin: runs the bundle through V8's code cache (src/cli/bin.ts)
// One file spares a start the resolution and reading of hundreds of modules; CommonJS is what
// Node 20 can hand a code cache to. Optional peers stay outside: they load only when used.
//   npx tsx scripts/buildCli.ts
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import packageJson from '../package.json' with { type: 'json' };

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(REPO_ROOT, 'dist');
const BUNDLE = path.join(DIST, 'cli.bundle.cjs');
const BIN = path.join(DIST, 'cli.js');

const PEERS = Object.keys(packageJson.peerDependencies);
// the CommonJS stand-in for import.meta.url, which the analysis worker and the console look beside
const IMPORT_META_URL = 'intentgate_import_meta_url';

const NODE_BUNDLE = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' } as const;

/** The bundle's imports of files outside it must all be require calls: code run from a code cache cannot import(). */
function checkNoDynamicImport(imports: readonly { readonly path: string; readonly kind: string }[]): void {
  const dynamic = imports.filter((item) => item.kind !== 'require-call');
  if (dynamic.length > 0) throw new Error(`buildCli: ${BUNDLE} loads ${dynamic.map((item) => `${item.path} (${item.kind})`).join(', ')} other than by require`);
}

async function main(): Promise<void> {
  const bundled = await build({
    ...NODE_BUNDLE,
    entryPoints: [path.join(REPO_ROOT, 'src/cli/main.ts')],
    outfile: BUNDLE,
    format: 'cjs',
    external: PEERS.flatMap((peer) => [peer, `${peer}/*`]),
    // code run from a code cache cannot import(): an optional peer is loaded with require (Node >= 20.19 requires ESM too)
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': IMPORT_META_URL },
    banner: { js: `const ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;` },
    legalComments: 'inline',
    // less text to read at each start; names are kept: errors and stack traces read as in the sources
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
  });
  checkNoDynamicImport(Object.values(bundled.metafile.outputs).flatMap((output) => output.imports));
  const digest = createHash('sha256').update(readFileSync(BUNDLE)).digest('hex').slice(0, 16);
  await build({
    ...NODE_BUNDLE,
    entryPoints: [path.join(REPO_ROOT, 'src/cli/bin.ts')],
    outfile: BIN,
    format: 'esm',
    define: { INTENTGATE_CLI_BUILD: JSON.stringify(digest) },
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(BIN, 0o755);
  // a cache of an earlier build is refused by its key; removing it keeps dist/ as built
  rmSync(`${BUNDLE}.v8cache`, { force: true });
  console.log(`built ${path.relative(REPO_ROOT, BIN)} and ${path.relative(REPO_ROOT, BUNDLE)} (build ${digest})`);
}

void main();
