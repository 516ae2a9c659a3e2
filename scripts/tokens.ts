// Token report: what pre-intent tool filtering saves on the four real catalogs, per request and
// over a modelled 20-turn session with prompt caching. Prints markdown for docs/tokens.md.
// Run with `npx tsx scripts/tokens.ts [CATALOG_DIR]` (default: ../shared/catalogs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTokenizer } from '../src/tokens/tokenCounter';
import { tokenRows, tokenTablesMarkdown } from './tokens/tokenTables';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATALOG_DIR = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, '../shared/catalogs'));

console.log(tokenTablesMarkdown(tokenRows(CATALOG_DIR, await loadTokenizer())));
