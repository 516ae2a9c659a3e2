import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'tsup';
import { REPO_ROOT, tempDir } from './agentCli';

const bundles = new Map<string, Promise<string>>();

/**
 * Bundles a TypeScript entry of this checkout, dependencies included, into one ES module file
 * under the test run's temporary folder, once per entry: an agent runs its hook once per
 * event, and a bundle starts in a fraction of the time tsx needs to load the sources.
 */
export function bundleEntry(entry: string): Promise<string> {
  const source = path.resolve(REPO_ROOT, entry);
  const known = bundles.get(source);
  if (known !== undefined) return known;
  const outDir = tempDir('bundle-');
  const name = path.basename(source, '.ts');
  const bundled = build({
    entry: { [name]: source },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    splitting: false,
    sourcemap: false,
    dts: false,
    clean: false,
    silent: true,
    config: false,
    // nothing is left to resolve from node_modules: the file runs from any folder
    noExternal: [/.*/],
    // bundled CommonJS dependencies call require, which an ES module lacks
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  }).then(() => {
    const file = path.join(outDir, `${name}.js`);
    if (!existsSync(file)) throw new Error(`bundling ${entry} wrote no ${file}`);
    return file;
  });
  bundles.set(source, bundled);
  return bundled;
}
