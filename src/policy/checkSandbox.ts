import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ORCHESTRATION_DIR, type GovernorOptions } from '../governor/governorOptions';
import type { Intent } from '../intents/intent';

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

/** The intent a check runs under in ACTION when the policy lists none: it owns the whole workspace. */
export const CHECK_INTENT: Intent = Object.freeze({
  id: 'POLICY-CHECK',
  owned_scope: Object.freeze(['**']) as string[],
});

/**
 * The policy's governor options moved into the sandbox: its workspace, the policy's intents
 * (or CHECK_INTENT), no trace written and a fixed session, so a check gives the same answer anywhere.
 */
export function sandboxedOptions(options: GovernorOptions, sandbox: CheckSandbox): GovernorOptions {
  return {
    ...options,
    workspaceRoot: sandbox.workspace,
    sandboxRoot: sandbox.root,
    orchestrationDir: undefined,
    intents: options.intents ?? [CHECK_INTENT],
    // checks leave no trace behind; a sink that drops records never fails
    trace: () => undefined,
    sessionId: 'policy-check',
  };
}
