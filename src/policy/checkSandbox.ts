import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ORCHESTRATION_DIR } from '../governorOptions';

/** Seed 002's layout in a temporary folder: `<root>/project/.orchestration/`. */
export interface CheckSandbox {
  readonly root: string;
  /** the workspace, `<root>/project`, governed (it has an orchestration folder) */
  readonly workspace: string;
}

/**
 * Runs `use` with a fresh, empty sandbox and removes it afterwards, so examples and checks
 * never read or change the host's files and give the same answer on every machine.
 */
export function withCheckSandbox<T>(use: (sandbox: CheckSandbox) => T): T {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-policy-'));
  try {
    const workspace = path.join(root, 'project');
    mkdirSync(path.join(workspace, DEFAULT_ORCHESTRATION_DIR), { recursive: true });
    return use({ root, workspace });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
