import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolClass } from '../tools/toolClass';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { createGovernor } from '../governor/createGovernor';
import { DEFAULT_ORCHESTRATION_DIR } from '../governor/governorOptions';
import { isOrchestrationPresent } from '../intents/orchestration';

export interface PreIntentToolsOptions {
  readonly classes?: Readonly<Record<string, ToolClass>>;
  /** a governed workspace (with `.orchestration/`); default a temporary one, removed afterwards */
  readonly workspaceRoot?: string;
}

function checkedWorkspace(workspaceRoot: string): string {
  if (typeof workspaceRoot !== 'string' || workspaceRoot === '') {
    throw new InvalidArgumentError('catalogTokenReport: workspaceRoot must be a non-empty path');
  }
  if (!isOrchestrationPresent(path.resolve(workspaceRoot, DEFAULT_ORCHESTRATION_DIR))) {
    // an ungoverned workspace blocks every tool, so its subset would measure the fail-safe, not the filter
    throw new InvalidArgumentError(
      `catalogTokenReport: workspaceRoot '${workspaceRoot}' has no ${DEFAULT_ORCHESTRATION_DIR}/ directory; create it or leave workspaceRoot out`,
    );
  }
  return workspaceRoot;
}

/**
 * The tools a real governor shows before an intent is selected: `toolsFor('REASONING', tools)`
 * with `classes` added to the default classification. Same objects, same order.
 */
export function preIntentTools<T>(tools: readonly T[], options: PreIntentToolsOptions = {}): T[] {
  const temporary =
    options.workspaceRoot === undefined ? mkdtempSync(path.join(tmpdir(), 'intentgate-tokens-')) : undefined;
  try {
    if (temporary) mkdirSync(path.join(temporary, DEFAULT_ORCHESTRATION_DIR));
    const governor = createGovernor({
      workspaceRoot: temporary ?? checkedWorkspace(options.workspaceRoot ?? ''),
      // given intents, so no intents file is read; no trace, so nothing is written to the workspace
      intents: [],
      trace: () => undefined,
      ...(options.classes && { classification: { ...options.classes } }),
    });
    try {
      return governor.toolsFor('REASONING', tools);
    } finally {
      governor.stop();
    }
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}
