import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** An empty folder and an empty file, both mode 000, bound over what a contained command must not read. */
export interface MaskSources {
  readonly dir: string;
  readonly file: string;
}

let sources: MaskSources | undefined;

/**
 * This process's mask sources, made once in a fresh private folder and removed when it exits.
 * Mode 000 and bound read-only: without capabilities not even root reads them, and a read-only
 * mount cannot be chmod'ed (a `/dev/null` bind would read as an empty file instead of failing).
 */
export function maskSources(): MaskSources {
  if (sources !== undefined) return sources;
  const folder = mkdtempSync(path.join(tmpdir(), 'intentgate-masks-'));
  const dir = path.join(folder, 'dir');
  const file = path.join(folder, 'file');
  mkdirSync(dir);
  writeFileSync(file, '');
  chmodSync(dir, 0o000);
  chmodSync(file, 0o000);
  sources = Object.freeze({ dir, file });
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return sources;
}
