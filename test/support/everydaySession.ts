import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGovernor, RISK_CATEGORIES, type RiskCategory, type Verdict } from '../../src/index';

// A coding session as most hosts run one: an intent that owns the whole workspace, in ACTION,
// with the everyday approvals given (running commands, changing files in the scope). A call it
// holds or refuses then says what the analysis sees beyond those two categories.

export const EVERYDAY: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

export interface EverydayWorkspace {
  readonly root: string;
  readonly homeDir: string;
}

/** A fresh workspace whose one intent, A, owns `**`: a git repository when asked, with the empty files named. */
export function everydayWorkspace(
  options: { repository?: boolean; files?: readonly string[] } = {},
): EverydayWorkspace {
  const base = realpathSync(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'everyday-')));
  const root = path.join(base, 'repo');
  const homeDir = path.join(base, 'home');
  mkdirSync(homeDir, { recursive: true });
  mkdirSync(path.join(root, '.orchestration'), { recursive: true });
  writeFileSync(
    path.join(root, '.orchestration', 'active_intents.yaml'),
    "active_intents:\n  - id: A\n    owned_scope: ['**']\n",
  );
  if (options.repository === true) {
    // a repository as `git init` leaves it, written without running git
    for (const folder of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags', 'info'])
      mkdirSync(path.join(root, '.git', folder), { recursive: true });
    writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(path.join(root, '.git', 'config'), '[core]\n\trepositoryformatversion = 0\n\tbare = false\n');
  }
  for (const file of options.files ?? []) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  }
  return { root, homeDir };
}

/** How a decision reads in a table: its verdict, its code and the categories the everyday approvals leave. */
export interface EverydayDecision {
  readonly verdict: Verdict;
  readonly code: string;
  readonly unapproved: readonly RiskCategory[];
}

/**
 * Decides a shell command in the workspace under intent A with the everyday approvals, by
 * analysis alone or for a host that runs it contained.
 */
export function decideEveryday(
  workspace: EverydayWorkspace,
  command: string,
  containment: 'analysisOnly' | 'contained' = 'analysisOnly',
): EverydayDecision & { readonly reason: string } {
  const governor = createGovernor({
    workspaceRoot: workspace.root,
    homeDir: workspace.homeDir,
    safeMode: true,
    trace: () => undefined,
    ...(containment === 'contained' && { shellContainment: { kind: 'contain', bwrap: '/usr/bin/bwrap' } as const }),
  });
  try {
    governor.userPrompt('do the task');
    governor.handleToolCall('select_active_intent', { intent_id: 'A' });
    governor.approveSession([...EVERYDAY]);
    const decision = governor.isToolAllowed('execute_command', { command });
    return {
      verdict: decision.verdict,
      code: decision.code,
      unapproved: RISK_CATEGORIES.filter(
        (category) => decision.categories.includes(category) && !EVERYDAY.includes(category),
      ),
      reason: decision.reason ?? '',
    };
  } finally {
    governor.stop();
  }
}
