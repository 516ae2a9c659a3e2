import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_RUNS_COMMANDS, type ContainmentPlan } from '../../src/containment/containmentPlan';
import {
  containmentPlanFor,
  governorPlaceFor,
  runAllowedCommand,
  runGovernedCommand,
  type GovernedCommandOptions,
} from '../../src/containment/governedCommand';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { BWRAP, makeRepository } from './sandboxSupport';

// The library function a host that runs commands itself calls: decided by the governor, run
// in the real sandbox under the governor's profile, effects asserted on the disk.

// a shell command is EXEC_ARBITRARY (seed 002); a redirect that truncates is FS_DELETE_OVERWRITE
const RUN: readonly RiskCategory[] = ['EXEC_ARBITRARY'];
const SESSION: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

const governors: Governor[] = [];
afterEach(() => {
  for (const governor of governors.splice(0)) governor.stop();
});

/** A repository in ACTION under INT-1 (src/** in scope), its governor made with `plan`. */
function setUp(
  plan: ContainmentPlan,
  approve: readonly RiskCategory[],
): { governor: Governor; root: string; outside: string; options: GovernedCommandOptions } {
  const { root, outside } = makeRepository();
  const governorOptions = { workspaceRoot: root, shellContainment: plan, trace: () => undefined };
  const governor = createGovernor(governorOptions);
  governors.push(governor);
  governor.userPrompt('work in src');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  if (approve.length > 0) governor.approveSession(approve);
  return { governor, root, outside, options: { plan, place: governorPlaceFor(governorOptions), timeoutMs: 30_000 } };
}

describe.skipIf(BWRAP === undefined)('runGovernedCommand, contained', () => {
  const plan = (): ContainmentPlan => ({ kind: 'contain', bwrap: BWRAP ?? 'bwrap' });

  it('runs an allowed in-scope write in the sandbox, and it lands', async () => {
    const { governor, root, options } = setUp(plan(), SESSION);
    const result = await runGovernedCommand(governor, 'echo made > src/new.txt && echo done', options);
    expect(result.decision.verdict).toBe('allow');
    expect(result.decision.contained).toBe(true);
    expect(result).toMatchObject({
      ran: true,
      contained: true,
      exitCode: 0,
      stdout: 'done\n',
      timedOut: false,
      truncated: false,
    });
    expect(readFileSync(path.join(root, 'src', 'new.txt'), 'utf8')).toBe('made\n');
  });

  it('allows inline code with no ask once EXEC_ARBITRARY is approved, and its in-scope write lands', async () => {
    const { governor, root, options } = setUp(plan(), RUN);
    const result = await runGovernedCommand(
      governor,
      `python3 -c "open('src/py.txt', 'w').write('from python')"`,
      options,
    );
    expect(result.decision.verdict).toBe('allow');
    expect(result.decision.contained).toBe(true);
    expect(result.decision.reasons.map((note) => note.code)).toContain('contained');
    expect(result).toMatchObject({ ran: true, exitCode: 0 });
    expect(readFileSync(path.join(root, 'src', 'py.txt'), 'utf8')).toBe('from python');
  });

  it('lets the kernel stop a write the analysis cannot see: inline code writing outside the scope fails', async () => {
    const { governor, root, outside, options } = setUp(plan(), RUN);
    const line = `python3 -c "open('docs/readme.md', 'w').write('changed'); open('${outside}/made.txt', 'w').write('x')"`;
    const result = await runGovernedCommand(governor, line, options);
    expect(result.decision.verdict).toBe('allow');
    expect(result.ran).toBe(true);
    if (!result.ran) return;
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain('Read-only file system');
    expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('# docs\n');
    expect(existsSync(path.join(outside, 'made.txt'))).toBe(false);
  });

  it('refuses a literal out-of-scope write by analysis and runs nothing', async () => {
    const { governor, root, options } = setUp(plan(), RUN);
    const result = await runGovernedCommand(governor, 'echo changed > docs/readme.md', options);
    expect(result.decision.allowed).toBe(false);
    expect(result.ran).toBe(false);
    expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('# docs\n');
  });

  it('returns an ask without running: no human approved EXEC_ARBITRARY', async () => {
    const { governor, root, options } = setUp(plan(), []);
    const result = await runGovernedCommand(governor, 'touch src/asked.txt', options);
    expect(result.decision.verdict).toBe('ask');
    expect(result.ran).toBe(false);
    expect(existsSync(path.join(root, 'src', 'asked.txt'))).toBe(false);
  });

  it('never runs a contained decision uncontained: a runner given analysisOnly refuses it', async () => {
    const { governor, root, options } = setUp(plan(), RUN);
    const mismatched = { ...options, plan: HOST_RUNS_COMMANDS };
    const decided = await runGovernedCommand(governor, 'touch src/a.txt', mismatched);
    expect(decided).toMatchObject({ ran: false, decision: { verdict: 'allow', contained: true } });
    const allowed = await runAllowedCommand(governor, 'touch src/b.txt', mismatched);
    expect(allowed.ran).toBe(false);
    if (!allowed.ran) expect(allowed.reason).toContain("shellContainment is 'contain'");
    expect(existsSync(path.join(root, 'src', 'a.txt'))).toBe(false);
    expect(existsSync(path.join(root, 'src', 'b.txt'))).toBe(false);
  });

  it('runs a call a person allowed once with exactly the paths it named outside the workspace writable', async () => {
    const { governor, root, outside, options } = setUp(plan(), SESSION);
    // an existing file: only existing places can be bound (a new file's folder would have to be)
    const target = path.join(outside, 'outside.txt');
    const command = `cp src/a.ts ${target}`;
    const held = await runGovernedCommand(governor, command, options);
    expect(held).toMatchObject({ ran: false, decision: { verdict: 'ask', approval: { outsideScope: [target] } } });
    const approval = held.decision.approval;
    if (approval === undefined) throw new Error('no approval');
    const allowed = governor.resolveApproval(approval.id, 'continue');
    expect(allowed.allowedOnce).toEqual([target]);
    const run = await runAllowedCommand(governor, `${command} && touch ${outside}/other.txt`, {
      ...options,
      decision: allowed,
    });
    expect(run).toMatchObject({ ran: true, contained: true });
    expect(readFileSync(target, 'utf8')).toBe(readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'));
    // the decision opens that file alone: a new file beside it never reaches the host (here it
    // lands in the sandbox's private /tmp, which hides the folder around the bound file)
    expect(existsSync(path.join(outside, 'other.txt'))).toBe(false);
  });

  it('bounds the output it keeps and says it cut it', async () => {
    const { governor, options } = setUp(plan(), RUN);
    const result = await runGovernedCommand(governor, 'yes line | head -c 100000', {
      ...options,
      maxOutputBytes: 1000,
    });
    expect(result).toMatchObject({ ran: true, exitCode: 0, truncated: true });
    if (result.ran) expect(result.stdout).toHaveLength(1000);
  });

  it('ends a command at its timeout, background jobs with it', async () => {
    const { governor, options } = setUp(plan(), RUN);
    const result = await runGovernedCommand(governor, 'sleep 30 & sleep 30', { ...options, timeoutMs: 300 });
    expect(result).toMatchObject({ ran: true, timedOut: true, exitCode: null, signal: 'SIGKILL' });
  });
});

describe('runGovernedCommand without the sandbox', () => {
  it('runs uncontained under analysisOnly, the decision noting not_contained', async () => {
    const plan: ContainmentPlan = {
      kind: 'analysisOnly',
      reason:
        'containment is not available, so commands are decided by analysis alone: bubblewrap (bwrap) is not installed',
    };
    const { governor, root, options } = setUp(plan, SESSION);
    const result = await runGovernedCommand(governor, 'echo made > src/plain.txt', {
      ...options,
      env: { ...process.env, INTENTGATE_APPROVAL_TOKEN: 'secret' },
    });
    expect(result.decision.contained).toBe(false);
    expect(result.decision.reasons.map((note) => note.code)).toContain('not_contained');
    expect(result).toMatchObject({ ran: true, contained: false, exitCode: 0 });
    expect(readFileSync(path.join(root, 'src', 'plain.txt'), 'utf8')).toBe('made\n');
    const token = await runGovernedCommand(governor, 'echo "[$INTENTGATE_APPROVAL_TOKEN]"', {
      ...options,
      env: { ...process.env, INTENTGATE_APPROVAL_TOKEN: 'secret' },
    });
    expect(token).toMatchObject({ ran: true, stdout: '[]\n' });
  });

  it('asks about inline code that writes under analysis alone, all nine categories, as before containment', async () => {
    const { governor, options } = setUp(HOST_RUNS_COMMANDS, RUN);
    const result = await runGovernedCommand(governor, `python3 -c "open('src/py.txt', 'w').write('x')"`, options);
    expect(result.decision.verdict).toBe('ask');
    expect(result.decision.categories).toContain('SUDO');
    expect(result.ran).toBe(false);
  });

  it('runs nothing under a refuse plan: the governor refuses with containment_required', async () => {
    const plan: ContainmentPlan = {
      kind: 'refuse',
      reason: 'containment is required, and bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
    };
    const { governor, root, options } = setUp(plan, SESSION);
    const result = await runGovernedCommand(governor, 'touch src/refused.txt', options);
    expect(result.decision.code).toBe('containment_required');
    expect(result.ran).toBe(false);
    expect(existsSync(path.join(root, 'src', 'refused.txt'))).toBe(false);
  });
});

describe('containmentPlanFor', () => {
  it('answers analysis only for off without trying bubblewrap, and refuses required where bwrap is missing', async () => {
    expect((await containmentPlanFor('off')).kind).toBe('analysisOnly');
    expect((await containmentPlanFor({ mode: 'required' }, { path: '/nonexistent' })).kind).toBe('refuse');
    expect((await containmentPlanFor(undefined, { path: '/nonexistent' })).kind).toBe('analysisOnly');
  });

  it.skipIf(BWRAP === undefined)('contains under auto where bubblewrap runs', async () => {
    expect(await containmentPlanFor('auto')).toEqual({ kind: 'contain', bwrap: BWRAP });
  });
});
