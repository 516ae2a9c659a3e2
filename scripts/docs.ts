// Writes the docs generated from the statecharts and the risk rules. Run with `npm run docs`;
// `npm run docs -- --check` writes nothing and fails when a committed doc is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_DOCS } from './docs/generatedDocs';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

const readOrEmpty = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

let stale = 0;
for (const doc of GENERATED_DOCS) {
  const file = path.join(REPO_ROOT, doc.path);
  const text = doc.render();
  const same = readOrEmpty(file) === text;
  if (check) {
    if (!same) stale += 1;
    console.log(`${same ? 'up to date' : 'STALE     '} ${doc.path}`);
  } else {
    if (!same) writeFileSync(file, text);
    console.log(`${same ? 'unchanged' : 'wrote    '} ${doc.path}`);
  }
}
if (stale > 0) {
  console.error(`${stale} generated doc(s) are stale: run \`npm run docs\`.`);
  process.exitCode = 1;
}
