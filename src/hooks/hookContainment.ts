import { realpathSync } from 'node:fs';
import path from 'node:path';
import { makeAllowedOnceFolders } from '../containment/allowedOnceFolders';
import { containedShellLine } from '../containment/containedShellLine';
import type { ContainmentPlan } from '../containment/containmentPlan';
import { containmentProfile } from '../containment/containmentProfile';
import { governorProfileInputs, type GovernorPlace } from '../containment/governorProfile';
import type { MaskSources } from '../containment/maskSources';
import { stableMaskSources } from '../containment/stableMaskSources';
import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/governorApi';
import type { GovernorOptions } from '../governor/governorOptions';
import type { AgentHookAdapter } from './agentHookAdapter';
import type { ContainedCommand, HookEvent } from './hookEvent';

/** The arguments of a shell tool: the command, and the folder it runs in when the tool names one. */
export interface ShellArguments {
  readonly command: string;
  readonly cwd?: string;
}

/** What a hook route needs to run an agent's allowed shell commands contained. */
export interface HookContainment {
  /** the bwrap of the route's `contain` plan */
  readonly bwrap: string;
  /** where the sessions' governors work, and intentgate's own files their profiles protect */
  readonly place: GovernorPlace;
  /** the shell tools by the governor's name, with their arguments (`shellToolsOf`) */
  readonly shellTools: Readonly<Record<string, ShellArguments>>;
  /** the mask sources (default `stableMaskSources(place.env)`: the line runs after the hook has answered) */
  readonly masks?: MaskSources;
}

type PreToolEvent = Extract<HookEvent, { kind: 'pre_tool' }>;

/** One call a route decided: the governor after the decision, the event and the decision. */
export interface DecidedCall {
  readonly governor: Governor;
  readonly event: PreToolEvent;
  readonly decision: Decision;
}

/** The contained command for one call, or why it cannot be made. */
export type ContainedCall =
  ({ readonly ok: true } & ContainedCommand) | { readonly ok: false; readonly reason: string };

/** The shell tools a governor's options describe (`toolKinds` of kind `shell`), with their arguments. */
export function shellToolsOf(options: Pick<GovernorOptions, 'toolKinds'>): Record<string, ShellArguments> {
  const tools: Record<string, ShellArguments> = {};
  for (const [name, kind] of Object.entries(options.toolKinds ?? {})) {
    if (kind.kind === 'shell')
      tools[name] = { command: kind.command, ...(kind.cwd !== undefined && { cwd: kind.cwd }) };
  }
  return tools;
}

/**
 * The adapter with the route's plan for shell commands in its preset, so every session's
 * governor decides them as the route runs them. Only an adapter whose agent takes a rewritten
 * command gets a plan; any other is returned as it is, its commands decided by analysis alone.
 */
export function withShellContainment(adapter: AgentHookAdapter, plan: ContainmentPlan): AgentHookAdapter {
  if (adapter.rewritesShellCommands !== true) return adapter;
  return { ...adapter, governorOptions: { ...adapter.governorOptions, shellContainment: plan } };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The shell's folder of a call: its folder argument against the event's workspace, as a real path. */
function shellFolder(
  event: PreToolEvent,
  args: Readonly<Record<string, unknown>>,
  tool: ShellArguments,
): string | { readonly problem: string } {
  const named = tool.cwd === undefined ? undefined : args[tool.cwd];
  const folder = typeof named === 'string' && named !== '' ? path.resolve(event.cwd, named) : event.cwd;
  try {
    return realpathSync.native(folder);
  } catch {
    return { problem: `the shell's folder ${folder} cannot be found` };
  }
}

/**
 * The contained command line for a shell call the governor let run (or holds) on the promise
 * that it runs contained: the governor's profile as it stands after the decision, widened for
 * a held call by the categories its approval grants and the paths outside the workspace it
 * names (a human who approves it in the agent's own prompt lets it run with them, where they
 * exist), and for a call allowed once by those paths, their missing folders made first
 * (`makeAllowedOnceFolders`), in the shell's folder. Never throws: a profile or line
 * that cannot be made is the reason the route refuses the call.
 */
export function containCall(containment: HookContainment, { governor, event, decision }: DecidedCall): ContainedCall {
  const tool = Object.hasOwn(containment.shellTools, event.tool) ? containment.shellTools[event.tool] : undefined;
  if (tool === undefined)
    return {
      ok: false,
      reason: `'${event.tool.slice(0, 64)}' is not a shell tool this route knows the command argument of`,
    };
  const args =
    typeof event.args === 'object' && event.args !== null ? (event.args as Readonly<Record<string, unknown>>) : {};
  const command = args[tool.command];
  if (typeof command !== 'string') return { ok: false, reason: `the call has no '${tool.command}' string to run` };
  const folder = shellFolder(event, args, tool);
  if (typeof folder !== 'string') return { ok: false, reason: folder.problem };
  try {
    const inputs = governorProfileInputs(governor, containment.place);
    const granted = decision.verdict === 'ask' ? (decision.approval?.categories ?? []) : [];
    // paths outside the workspace a human allows this call once: held, the answer would open them; allowed once, it did
    const once = decision.verdict === 'ask' ? (decision.approval?.outsideScope ?? []) : (decision.allowedOnce ?? []);
    const withGranted = { ...inputs, approvedCategories: [...new Set([...inputs.approvedCategories, ...granted])] };
    // allowed once by a person: the new folders above its paths are made now, so the line can bind them
    const bound =
      decision.verdict === 'allow' && once.length > 0
        ? makeAllowedOnceFolders(once, containmentProfile(withGranted), containment.place).bound
        : once;
    const profile = containmentProfile(
      bound.length === 0 ? withGranted : { ...withGranted, allowedOnce: [...(inputs.allowedOnce ?? []), ...bound] },
    );
    // the cache folder of the environment the place names (the hook's own, or the agent's)
    const masks = containment.masks ?? stableMaskSources(containment.place.env ?? process.env);
    const made = containedShellLine(profile, command, { bwrap: containment.bwrap, cwd: folder, masks });
    return made.ok ? { ok: true, argument: tool.command, line: made.line } : made;
  } catch (error) {
    return { ok: false, reason: messageOf(error) };
  }
}
