// The library the bench measures: the built package (dist/index.js, which `npm run bench` builds
// first), loaded as a host loads it. The sources under tsx run slower than what ships: tsx keeps
// every function's name by wrapping it in a helper that runs each time a closure is made.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Library from '../src/index';

export type IntentgateLibrary = typeof Library;

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The package's main entry after `npm run build`. */
export const BUILT_LIBRARY = path.join(REPO_ROOT, 'dist', 'index.js');

/** The built package; throws when it is not built, saying how to build it. */
export async function loadBuiltLibrary(): Promise<IntentgateLibrary> {
  if (!existsSync(BUILT_LIBRARY))
    throw new Error(
      `${path.relative(REPO_ROOT, BUILT_LIBRARY)} is missing: run \`npm run build\` first (\`npm run bench\` does)`,
    );
  const library: IntentgateLibrary = await import(pathToFileURL(BUILT_LIBRARY).href);
  return library;
}

/** The sources as tsx loads them, for the rows that say what development runs cost. */
export async function loadSources(): Promise<IntentgateLibrary> {
  const library: IntentgateLibrary = await import('../src/index');
  return library;
}
