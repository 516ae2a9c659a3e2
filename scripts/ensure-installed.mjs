// Runs before `npm run demo`, `npm test` and `npm start`: on a fresh clone the dependencies
// are not installed yet (or a newer manifest names one that is not), so install them from the lockfile first. Plain JavaScript because
// tsx itself is one of those dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// every package the manifest lists: a clone pulled after a dependency was added installs it too
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const needed = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
const missing = needed.filter((name) => !existsSync(path.join(root, 'node_modules', name, 'package.json')));

if (missing.length > 0) {
  console.error(`intentgate: installing dependencies (missing: ${missing.join(', ')})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
