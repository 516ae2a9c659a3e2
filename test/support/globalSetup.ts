import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// every temporary workspace of a test run lives under one folder, removed when the run ends
export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-tests-'));
  process.env.INTENTGATE_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
