import { readFileSync } from 'node:fs';
import { hasSharedCatalogs, SHARED_CATALOG_DIR } from '../support/sharedCatalogs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenRows, tokenTablesMarkdown, type TokenRow } from '../../scripts/tokens/tokenTables';
import { loadTokenizer } from '../../src/tokens/tokenCounter';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CATALOG_DIR = SHARED_CATALOG_DIR;
const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const tokensDoc = readFileSync(path.join(REPO_ROOT, 'docs/tokens.md'), 'utf8');

const number = new Intl.NumberFormat('en-US');

let rows: TokenRow[];

beforeAll(async () => {
  if (hasSharedCatalogs) rows = tokenRows(CATALOG_DIR, await loadTokenizer());
});

describe.runIf(hasSharedCatalogs)('the token figures the docs show are the ones measured now', () => {
  it('docs/tokens.md holds every table line `npx tsx scripts/tokens.ts` prints', () => {
    const lines = tokenTablesMarkdown(rows)
      .split('\n')
      .filter((line) => line.startsWith('|'));
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => !tokensDoc.includes(line))).toEqual([]);
  });

  it("the README's token table has each catalog's counts", () => {
    const cells = rows.map(
      ({ report }) =>
        `| ${report.full.tools} | ${number.format(report.full.tokens)} | ${report.preIntent.tools} | ` +
        `${number.format(report.preIntent.tokens)} | ${number.format(report.saved)} (${report.savedPercent.toFixed(1)}%) |`,
    );
    expect(cells.filter((cell) => !readme.includes(cell))).toEqual([]);
  });
});
