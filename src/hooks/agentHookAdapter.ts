import type { GovernorOptions } from '../governor/governorOptions';
import type { HookAnswer, HookEvent } from './hookEvent';

/** What a hook process prints and exits with, in its agent's documented format. */
export interface HookOutput {
  /** printed on stdout (usually one JSON object); empty when the agent wants nothing there */
  readonly stdout: string;
  /** printed on stderr (some agents show it to the model on a block) */
  readonly stderr: string;
  readonly exitCode: number;
}

/** The result of reading one raw event: an event to govern, one not governed, or bad input. */
export type ReadHookEvent =
  | { readonly ok: true; readonly event: HookEvent }
  /** an event the governor has nothing to say about (e.g. a notification): answered with `pass` */
  | { readonly ok: 'pass'; readonly eventName: string }
  | { readonly ok: false; readonly problem: string };

/**
 * One agent CLI's hook protocol: its tool names, how to read its events and how to answer.
 * Pure: no I/O, so each adapter is tested on the agent's documented JSON alone.
 */
export interface AgentHookAdapter {
  /** the name on the command line: `intentgate hook <name>` */
  readonly name: string;
  /**
   * the agent's tools as the governor sees them: classes and risk kinds (with their argument
   * names); a route that runs the agent's shell commands contained adds its plan (`withShellContainment`)
   */
  readonly governorOptions: Pick<GovernorOptions, 'classification' | 'toolKinds' | 'shellContainment'>;
  /**
   * true when the agent's answer to a call about to run can replace the call's input (Claude
   * Code's `updatedInput`): an allowed shell command that must run contained is answered with
   * its contained command line. Without it, an answer that carries one fails (blocks).
   */
  readonly rewritesShellCommands?: boolean;
  /** reads one event (already JSON-parsed); absolute paths under `cwd` become workspace-relative */
  readEvent(raw: unknown): ReadHookEvent;
  /** writes the governor's answer to `event` in the agent's format */
  writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput;
  /** the answer to an event that passes ungoverned */
  pass(eventName: string): HookOutput;
  /** the answer when anything fails: the agent's block, never an allow */
  failure(message: string): HookOutput;
}
