import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../server/httpError';

/** The page's files and their media types: a fixed list, so no request names a path on disk. */
export const CONSOLE_ASSETS = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'api.js': 'text/javascript; charset=utf-8',
  'render.js': 'text/javascript; charset=utf-8',
  'live.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
} as const;

/** The name of one of the page's files. */
export type ConsoleAssetName = keyof typeof CONSOLE_ASSETS;

/** One file of the page, read into memory. */
export interface ConsoleAsset {
  readonly type: string;
  readonly body: Buffer;
}

export function isConsoleAssetName(name: string): name is ConsoleAssetName {
  return Object.hasOwn(CONSOLE_ASSETS, name);
}

// next to the sources: src/console/public/console; in the package, copied by tsup's publicDir: dist/console
const CANDIDATE_DIRS = ['public/console', 'console'];

function moduleDir(): string | undefined {
  try {
    return path.dirname(fileURLToPath(import.meta.url));
  } catch {
    return undefined;
  }
}

/** The folder that holds the page's files, or undefined when this build has none. */
export function consoleAssetDir(from: string | undefined = moduleDir()): string | undefined {
  if (from === undefined) return undefined;
  return CANDIDATE_DIRS.map((dir) => path.join(from, dir)).find((dir) => existsSync(path.join(dir, 'index.html')));
}

/**
 * Reads the page's files once, on first use. A build without them answers 500
 * `console_unavailable` for the page; the API and the approval routes keep working.
 */
export function createConsoleAssets(
  dir: string | undefined = consoleAssetDir(),
): (name: ConsoleAssetName) => ConsoleAsset {
  let loaded: Map<ConsoleAssetName, ConsoleAsset> | undefined;
  const load = (): Map<ConsoleAssetName, ConsoleAsset> => {
    if (dir === undefined) throw unavailable('its files are not in this build of intentgate');
    const entries = Object.entries(CONSOLE_ASSETS).map(([name, type]): [ConsoleAssetName, ConsoleAsset] => {
      try {
        return [name as ConsoleAssetName, { type, body: readFileSync(path.join(dir, name)) }];
      } catch (error) {
        throw unavailable(
          `${name} cannot be read from ${dir}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    return new Map(entries);
  };
  return (name) => {
    loaded ??= load();
    const asset = loaded.get(name);
    if (!asset) throw unavailable(`${name} is missing`);
    return asset;
  };
}

function unavailable(why: string): HttpError {
  return new HttpError({
    status: 500,
    code: 'console_unavailable',
    message: `the approval console cannot be served: ${why}. The HTTP API still works.`,
  });
}
