import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createGovernor, RISK_CATEGORIES, type Decision, type Governor } from '../../src/index';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { makeWorkspace } from '../support/workspace';
import { GIT_ENV, installed } from '../support/realPrograms';

// The attacker's setting: ACTION under an intent that owns src/**, with the categories every
// coding session approves early. A technique that hides code is refused when the decision either
// reads the code (its payload, `touch marker` outside src/, is out of scope) or fails closed
// (every category held). Where the technique has a real effect it is also run with bash in a
// workspace of its own, and the marker must appear: the refusal is about code that does run.

export const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

const EVERYDAY: RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

/** One technique: the command, the files it finds, what the decision must be, and how to run it for real. */
export interface HiddenCase {
  readonly name: string;
  readonly command: string;
  /** files in place before the call, by path below the workspace root */
  readonly files?: Readonly<Record<string, string>>;
  /** of those, the ones made executable */
  readonly executable?: readonly string[];
  /** FIFOs made in place, by path below the workspace root */
  readonly fifos?: readonly string[];
  /** the workspace is a git repository with one commit (made after `files` are written) */
  readonly repository?: boolean;
  /** `failsClosed`: every category; `readsPayload`: refused because the code read touches `marker` outside src/ */
  readonly expected: 'failsClosed' | 'readsPayload';
  /** run for real when this program is installed, and expect `marker` (or this path) to appear */
  readonly program?: string;
  readonly marker?: string;
}

/** A workspace holding the case's files, a repository when asked. */
export function caseWorkspace(hidden: HiddenCase): string {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' });
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  for (const [name, text] of Object.entries(hidden.files ?? {})) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  for (const name of hidden.executable ?? []) chmodSync(path.join(root, name), 0o755);
  for (const name of hidden.fifos ?? []) execFileSync('mkfifo', [path.join(root, name)]);
  if (hidden.repository === true) {
    execFileSync('bash', ['-c', 'git init -q -b main . && git add -A && git commit -qm init'], {
      cwd: root,
      env: { ...process.env, ...GIT_ENV },
      stdio: 'pipe',
    });
  }
  return root;
}

export function attacker(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(EVERYDAY);
  return governor;
}

/** The decision in the attacker's setting matches what the case expects. */
export function expectRefused(decision: Decision, hidden: HiddenCase): void {
  expect(decision.allowed).toBe(false);
  if (hidden.expected === 'failsClosed') {
    expect({ command: hidden.command, categories: decision.categories }).toEqual({
      command: hidden.command,
      categories: RISK_CATEGORIES,
    });
  } else {
    expect({ command: hidden.command, verdict: decision.verdict, code: decision.code }).toEqual({
      command: hidden.command,
      verdict: 'deny',
      code: 'scope_violation',
    });
    expect(decision.reason).toMatch(/'(?:\.\.\/)*marker'/);
  }
}

/** Runs the command with bash in its workspace; the marker must appear. */
export function expectRuns(hidden: HiddenCase): void {
  const root = caseWorkspace(hidden);
  const marker = path.join(root, hidden.marker ?? 'marker');
  expect(existsSync(marker)).toBe(false);
  spawnSync('bash', ['-c', hidden.command], {
    cwd: root,
    env: { ...process.env, ...GIT_ENV, HOME: root },
    stdio: 'pipe',
    timeout: 30_000,
  });
  expect(existsSync(marker), `${hidden.command} left no ${hidden.marker ?? 'marker'}`).toBe(true);
}

/**
 * Each group of techniques: every case refused, and those whose program is installed run for
 * real, where the hidden code must run.
 */
export function describeHiddenCode(groups: readonly (readonly [string, readonly HiddenCase[]])[]): void {
  describe.each(groups)('hidden code: %s', (_group, cases) => {
    it.each(cases)('refuses $name', (hidden) => {
      expectRefused(
        attacker(caseWorkspace(hidden)).handleToolCall('execute_command', { command: hidden.command }),
        hidden,
      );
    });

    const real = cases.filter((hidden) => hidden.program !== undefined && installed(hidden.program));
    if (real.length > 0) {
      it.each(real)('$name does run the hidden code for real', (hidden) => {
        expectRuns(hidden);
      });
    }
  });
}
