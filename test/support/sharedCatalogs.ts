import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Real tool catalogs sit in `shared/catalogs`, a sibling of the repository root, where CI puts
// them. A plain clone has no sibling: the tests that read them are skipped there, with a note,
// and CI (INTENTGATE_SHARED_CATALOGS=required) fails instead when they are missing.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folder of the shared tool catalogs. */
export const SHARED_CATALOG_DIR = path.resolve(REPO_ROOT, '../shared/catalogs');

/** Whether the shared catalogs are there; throws when they are required and missing. */
export const hasSharedCatalogs: boolean = (() => {
  const present = existsSync(SHARED_CATALOG_DIR);
  if (!present && process.env.INTENTGATE_SHARED_CATALOGS === 'required') {
    throw new Error(`the shared tool catalogs are required and missing: ${SHARED_CATALOG_DIR}`);
  }
  if (!present) console.warn(`skipping tests of the shared tool catalogs: ${SHARED_CATALOG_DIR} is not there`);
  return present;
})();
