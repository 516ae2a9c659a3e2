import type { ContainmentPlan } from './containmentPlan';
import type { CommandLineRun } from './commandOutput';

/** What a model reads after a governed `execute_command`: how the command ended and what it printed. */
export type CommandReport =
  | {
      readonly exit_code: number | null;
      readonly signal?: string;
      readonly timed_out?: true;
      readonly stdout: string;
      readonly stderr: string;
      /** the output was longer than the host keeps, and was cut */
      readonly truncated?: true;
      /** whether it ran in the sandbox the active intent shapes */
      readonly contained: boolean;
    }
  | { readonly error: 'not_run'; readonly reason: string };

/** A run as the model reads it: snake_case like the other tool results, quiet fields left out. */
export function commandReport(run: CommandLineRun): CommandReport {
  if (!run.ran) return { error: 'not_run', reason: run.reason };
  return {
    exit_code: run.exitCode,
    ...(run.signal !== null && { signal: run.signal }),
    ...(run.timedOut && { timed_out: true as const }),
    stdout: run.stdout,
    stderr: run.stderr,
    ...(run.truncated && { truncated: true as const }),
    contained: run.contained,
  };
}

/** The `execute_command` description a model reads, saying what the sandbox does to its commands under `plan`. */
export function executeCommandDescription(plan: ContainmentPlan): string {
  const base = 'Run a shell command (bash) in the workspace and return its exit code, stdout and stderr.';
  switch (plan.kind) {
    case 'contain':
      return (
        `${base} It runs in a sandbox: only the active intent's scope and a private /tmp are ` +
        `writable, ignored and intentgate's own files are unreadable, and the network is closed ` +
        `unless a human opened it; a write elsewhere fails with "Read-only file system".`
      );
    case 'analysisOnly':
      return `${base} Every command is checked against the active intent's scope before it runs.`;
    case 'refuse':
      return `${base} Shell commands are refused here: ${plan.reason}.`;
  }
}

/** The `command` parameter's description. */
export const COMMAND_PARAMETER_DESCRIPTION = 'The command line, run with bash -c from the workspace root.';
