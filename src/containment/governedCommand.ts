import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/governorApi';
import { parseGovernorOptions, type GovernorOptions } from '../governor/governorOptions';
import { makeAllowedOnceFolders } from './allowedOnceFolders';
import { detectContainment } from './bwrapAvailability';
import { containmentPlan, type ContainmentPlan } from './containmentPlan';
import {
  containmentPolicyOf,
  DEFAULT_CONTAINMENT_POLICY,
  type ContainmentMode,
  type ContainmentPolicy,
  type ContainmentPolicyInput,
} from './containmentPolicy';
import type { ContainmentProfile } from './containmentProfile';
import { governorProfile, type GovernorPlace } from './governorProfile';
import { runCommandLine, type CommandLineRun, type RunLimits } from './commandOutput';

/** The shell tool of seed 000's table: `{ command, cwd? }`, decided by the shell rules. */
export const EXECUTE_COMMAND = 'execute_command';

/**
 * The plan of a host that runs commands with `runGovernedCommand` or `runAllowedCommand`:
 * the policy's mode (or its whole `containment` section) against this machine, bubblewrap
 * tried once per process. Pass it as the governor's `shellContainment` and to the runner.
 *
 * @example
 * const plan = await containmentPlanFor(policy.containment);
 * const governor = createGovernor({ workspaceRoot, shellContainment: plan });
 */
export async function containmentPlanFor(
  mode: ContainmentMode | ContainmentPolicy | ContainmentPolicyInput | undefined,
  options: { readonly path?: string; readonly bwrap?: string } = {},
): Promise<ContainmentPlan> {
  const resolved = typeof mode === 'string' ? mode : (mode?.mode ?? DEFAULT_CONTAINMENT_POLICY.mode);
  // off never contains, so bubblewrap is not tried
  if (resolved === 'off') return containmentPlan('off', { available: false, reason: 'not tried: containment is off' });
  const lookup = {
    ...(options.path !== undefined && { path: options.path }),
    ...(options.bwrap !== undefined && { bwrap: options.bwrap }),
  };
  return containmentPlan(resolved, await detectContainment(lookup));
}

/**
 * The place of a governor made from `options`: the same workspace and orchestration folder
 * `createGovernor(options)` uses, the policy's `containment` section, and a trace file named
 * in the options kept read-only. Throws InvalidOptionsError for bad options, as createGovernor does.
 */
export function governorPlaceFor(options: GovernorOptions, containment?: ContainmentPolicyInput): GovernorPlace {
  const config = parseGovernorOptions(options, process.cwd());
  const trace = typeof config.trace === 'string' ? [{ path: config.trace, what: 'trace file' }] : [];
  return {
    workspaceRoot: config.workspaceRoot,
    orchestrationDir: config.orchestrationDir,
    policy: containmentPolicyOf(containment),
    ownFiles: trace,
  };
}

/** Where and how the host runs a governed shell command. */
export interface GovernedCommandOptions extends RunLimits {
  /** where the governor works: its workspace, orchestration folder and the policy's containment section */
  readonly place: GovernorPlace;
  /** the plan the governor was created with (`shellContainment`); the runner contains commands only under `contain` */
  readonly plan: ContainmentPlan;
  /** the host's shell tool, as the governor's tables name it (default `execute_command`) */
  readonly toolName?: string;
  /** the working folder, absolute or relative to the workspace root (default the workspace root) */
  readonly cwd?: string;
}

/** A command that ran (its output, bounded), or why it did not. */
export type CommandRun = CommandLineRun;

/** The governor's decision on the command, and what running it gave. */
export type GovernedCommandResult = { readonly decision: Decision } & CommandRun;

/** The arguments a shell tool call carries, as the decision saw them. */
function callArguments(command: string, cwd: string | undefined): Record<string, string> {
  return cwd === undefined ? { command } : { command, cwd };
}

/**
 * Why a command the governor allowed cannot run under `plan`, or undefined when it can.
 * `contained` is the decision's own word: a decision that relied on the sandbox never runs
 * without it, which is how a host's mismatched plan shows instead of an uncontained run.
 */
function planProblem(plan: ContainmentPlan, contained: boolean | undefined): string | undefined {
  if (plan.kind === 'refuse') return `not run: ${plan.reason}`;
  if (plan.kind === 'analysisOnly' && contained === true) {
    return (
      'not run: the governor decided this command on the promise that it runs contained (its ' +
      "shellContainment is 'contain'), and this runner's plan is analysisOnly; give the runner the governor's plan"
    );
  }
  return undefined;
}

/** Options of `runAllowedCommand`: those of `runGovernedCommand`, and the decision that allowed the command when the caller has it. */
export interface AllowedCommandOptions extends GovernedCommandOptions {
  /**
   * the decision that let the command run (a human's Continue included): its `contained` says
   * whether it relied on the sandbox, its `allowedOnce` paths are writable for this run alone;
   * without it the runner asks the governor (`isToolAllowed`) where it must know
   */
  readonly decision?: Decision;
}

/** The sandbox a command runs in under `plan`: the governor's profile now, with the paths a person allowed once for this call. */
function sandboxFor(
  governor: Governor,
  plan: ContainmentPlan,
  place: GovernorPlace,
  decision: Decision | undefined,
): { profile: ContainmentProfile; bwrap: string } | undefined {
  if (plan.kind !== 'contain') return undefined;
  const once = decision?.allowedOnce ?? [];
  if (once.length === 0) return { profile: governorProfile(governor, place), bwrap: plan.bwrap };
  // the new folders above a path a person allowed (`cp -r dist ~/new/plugin`) are made first, so they can be bound
  const { bound } = makeAllowedOnceFolders(once, governorProfile(governor, place), place);
  const withOnce = { ...place, allowedOnce: [...(place.allowedOnce ?? []), ...bound] };
  return { profile: governorProfile(governor, withOnce), bwrap: plan.bwrap };
}

/**
 * Runs a shell command the governor has already allowed: contained under the governor's
 * profile as it stands now when `plan` is `contain`, uncontained under `analysisOnly` (the
 * decision then rested on analysis alone), never under `refuse`. For adapters whose tool
 * wrapper decided the call before its `execute` runs; everyone else calls `runGovernedCommand`.
 */
export async function runAllowedCommand(
  governor: Governor,
  command: string,
  options: AllowedCommandOptions,
): Promise<CommandRun> {
  const toolName = options.toolName ?? EXECUTE_COMMAND;
  const { decision } = options;
  if (decision !== undefined && !decision.allowed)
    return { ran: false, reason: decision.reason ?? `not run: ${decision.code}` };
  // only a plan without the sandbox needs the decision's word: a contained run is safe either way
  const contained =
    decision?.contained ??
    (options.plan.kind === 'analysisOnly'
      ? governor.isToolAllowed(toolName, callArguments(command, options.cwd)).contained
      : undefined);
  const problem = planProblem(options.plan, contained);
  if (problem !== undefined) return { ran: false, reason: problem };
  return runCommandLine(command, {
    ...options,
    workspaceRoot: options.place.workspaceRoot,
    contain: sandboxFor(governor, options.plan, options.place, decision),
  });
}

/**
 * Decides a shell command through the governor (`handleToolCall` with the host's shell tool
 * name) and, when it is allowed, runs it: contained under the governor's profile when `plan`
 * is `contain`, as the decision relied on. A deny or an ask returns the decision and runs
 * nothing. A host whose governor has `shellContainment: { kind: 'contain' }` must run every
 * allowed command this way (or with `runContained` under `governorProfile`): the decision
 * left to the sandbox what the analysis could not see.
 *
 * @example
 * const plan = await containmentPlanFor('auto');
 * const governor = createGovernor({ workspaceRoot: '/repo', shellContainment: plan });
 * const result = await runGovernedCommand(governor, 'npm test', { plan, place: { workspaceRoot: '/repo',
 * orchestrationDir: '/repo/.orchestration', policy: DEFAULT_CONTAINMENT_POLICY } });
 * if (result.ran) console.log(result.exitCode, result.stdout);
 */
export async function runGovernedCommand(
  governor: Governor,
  command: string,
  options: GovernedCommandOptions,
): Promise<GovernedCommandResult> {
  const decision = governor.handleToolCall(options.toolName ?? EXECUTE_COMMAND, callArguments(command, options.cwd));
  if (!decision.allowed) return { decision, ran: false, reason: decision.reason ?? `not run: ${decision.code}` };
  const problem = planProblem(options.plan, decision.contained);
  if (problem !== undefined) return { decision, ran: false, reason: problem };
  const run = await runCommandLine(command, {
    ...options,
    workspaceRoot: options.place.workspaceRoot,
    contain: sandboxFor(governor, options.plan, options.place, decision),
  });
  return { decision, ...run };
}
