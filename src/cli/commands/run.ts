import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { detectContainment } from '../../containment/bwrapAvailability';
import { containmentPlan } from '../../containment/containmentPlan';
import { containmentPolicyOf } from '../../containment/containmentPolicy';
import type { ContainmentProfile } from '../../containment/containmentProfile';
import { governorProfile, type GovernorPlace } from '../../containment/governorProfile';
import { isWithin } from '../../containment/profilePaths';
import { runContained } from '../../containment/runContained';
import { createGovernor } from '../../governor/createGovernor';
import type { Governor } from '../../governor/governorApi';
import { parseGovernorOptions, type GovernorOptions } from '../../governor/governorOptions';
import type { Policy } from '../../policy/parsePolicy';
import { withAgentPreset } from '../../hooks/agentGovernorOptions';
import { findHookAdapter } from '../../hooks/hookAdapters';
import { createFileSessions } from '../../sessions/fileSessions';
import { CliFailure } from '../cliFailure';
import { policyFromFlag, workspaceFor } from '../cliGovernor';
import { stateSessionFiles } from '../hookSettings';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import type { ExitCode } from '../exitCodes';
import { UsageError } from '../usageError';

interface RunFlags {
  readonly workspace?: string;
  readonly orchestrationDir?: string;
  readonly policy?: string;
  readonly session?: string;
  readonly intent?: string;
  readonly printProfile?: boolean;
}

/** intentgate's own exit code when it runs nothing: containment is off, unavailable or refused (as `env` and `timeout` use 125). */
export const NOT_CONTAINED_EXIT = 125;

/** The governor options of the run: the policy's, the flags over them, no trace written. */
function runOptions(policy: Policy | undefined, flags: RunFlags, io: CliIo): GovernorOptions {
  return {
    ...policy?.governor,
    workspaceRoot: workspaceFor(policy, flags.workspace, io),
    ...(flags.orchestrationDir !== undefined && { orchestrationDir: path.resolve(io.cwd, flags.orchestrationDir) }),
    trace: () => undefined,
  };
}

/** A fresh governor, moved to ACTION with `intent` selected when one is given. */
function freshGovernor(options: GovernorOptions, intent: string | undefined): Governor {
  const governor = createGovernor(options);
  if (intent === undefined) return governor;
  governor.userPrompt('intentgate run');
  const selected = governor.handleToolCall('select_active_intent', { intent_id: intent });
  if (!selected.allowed) {
    governor.stop();
    throw new UsageError(`--intent ${intent}: ${selected.reason ?? selected.code}`);
  }
  return governor;
}

/** The profile of a kept agent session (--session), else of a fresh governor, in ACTION under --intent. */
async function profileOf(policy: Policy | undefined, flags: RunFlags, io: CliIo): Promise<ContainmentProfile> {
  const options = runOptions(policy, flags, io);
  const config = parseGovernorOptions(options, io.cwd);
  const ownFiles = [
    ...(policy === undefined ? [] : [{ path: policy.file, what: 'policy file' }]),
    ...(typeof policy?.governor.trace === 'string' ? [{ path: policy.governor.trace, what: 'trace file' }] : []),
  ];
  const sessionFiles = stateSessionFiles(config.orchestrationDir, io);
  const place: GovernorPlace = {
    workspaceRoot: config.workspaceRoot,
    orchestrationDir: config.orchestrationDir,
    policy: containmentPolicyOf(policy?.containment),
    sessionStore: sessionFiles.dir,
    ownFiles,
    env: io.env,
  };
  if (flags.session === undefined) {
    const governor = freshGovernor(options, flags.intent);
    try {
      return governorProfile(governor, place);
    } finally {
      governor.stop();
    }
  }
  if (flags.intent !== undefined)
    throw new UsageError('give either --session (a kept agent session) or --intent (a fresh one), not both');
  // a session an agent's hook made is restored with that agent's preset, as `approve` does
  const governorFor = (agent: string): GovernorOptions => {
    const adapter = agent === '' ? undefined : findHookAdapter(agent);
    if (agent !== '' && adapter === undefined)
      throw new CliFailure(
        `the session was made by the hooks of agent '${agent.slice(0, 64)}', which this intentgate does not know`,
      );
    return adapter === undefined ? options : withAgentPreset(options, adapter);
  };
  const sessions = createFileSessions({ governor: options, ...sessionFiles, governorFor });
  const used = await sessions.withKept(flags.session, (governor) => governorProfile(governor, place));
  if (!used.found)
    throw new CliFailure(
      `no agent session '${flags.session}' is kept in ${sessions.dir}; check the id, and --workspace or --orchestration-dir`,
    );
  return used.value;
}

/** The current folder when it lies in the workspace (a script run from src/ stays there), else the workspace root. */
function workingFolder(profile: ContainmentProfile, cwd: string): string {
  let real: string;
  try {
    real = realpathSync.native(cwd);
  } catch {
    return profile.workspaceRoot;
  }
  return isWithin(real, profile.workspaceRoot) ? real : profile.workspaceRoot;
}

/** The exit code of a contained run: the command's own, 128 + n for a signal, as a shell reports it. */
const exitOf = (exitCode: number | null, signal: NodeJS.Signals | null): number =>
  exitCode ??
  128 +
    (signal === null
      ? 0
      : (({ SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 } as Partial<Record<NodeJS.Signals, number>>)[
          signal
        ] ?? 0));

async function runCommand(words: readonly string[], flags: RunFlags, io: CliIo): Promise<number> {
  if (words.length === 0 && flags.printProfile !== true)
    throw new UsageError('name the command after --, as in: intentgate run -- npm test');
  const policy = policyFromFlag(flags.policy, io);
  const profile = await profileOf(policy, flags, io);
  if (flags.printProfile === true) {
    writeLine(io.stdout, JSON.stringify(profile, null, 2));
    return 0;
  }
  const { mode } = containmentPolicyOf(policy?.containment);
  if (mode === 'off') {
    writeLine(
      io.stderr,
      "intentgate run: the policy's containment is off, and run only runs contained commands: nothing was run",
    );
    return NOT_CONTAINED_EXIT;
  }
  const plan = containmentPlan(mode, await detectContainment({ path: io.env.PATH ?? process.env.PATH }));
  if (plan.kind !== 'contain') {
    writeLine(io.stderr, `intentgate run: ${plan.reason}; nothing was run`);
    return NOT_CONTAINED_EXIT;
  }
  const ownStdin = io.stdin === process.stdin;
  const result = await runContained(profile, words, {
    bwrap: plan.bwrap,
    cwd: workingFolder(profile, io.cwd),
    stdio: [ownStdin ? 'inherit' : 'ignore', 'pipe', 'pipe'],
    started: (child) => {
      child.stdout?.on('data', (chunk: Buffer) => io.stdout.write(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()));
    },
  });
  if (!result.ok) {
    writeLine(io.stderr, `intentgate run: ${result.reason}; nothing was run`);
    return NOT_CONTAINED_EXIT;
  }
  for (const place of result.run.removed)
    writeLine(
      io.stderr,
      `intentgate run: removed ${place}, which a contained command must not leave (docs/containment.md)`,
    );
  return exitOf(result.run.exitCode, result.run.signal);
}

/** `intentgate run`: one command run contained by a governor's profile, for scripts and hosts that run commands themselves. */
export function registerRun(program: Command, context: CommandContext): void {
  program
    .command('run')
    .summary("run a command contained by the kernel to a governor's profile (docs/containment.md)")
    .description(
      [
        "Runs COMMAND in a bubblewrap sandbox built from a governor's containment profile: the active intent's scope writable,",
        'the rest read-only, control files and git hooks read-only, ignored files and secrets unreadable, no network unless approved.',
        'The governor is the kept agent session --session, else a fresh one (in ACTION with --intent).',
        `Exit code: the command's own; ${NOT_CONTAINED_EXIT} when nothing was run (containment off, ` +
          `unavailable or refused); 1 a bad policy or session; 2 a usage error.`,
      ].join(' '),
    )
    .argument('[command...]', 'the command and its arguments, after --')
    .option('--workspace <dir>', 'the workspace root (default: the policy, else the current directory)')
    .option(
      '--orchestration-dir <dir>',
      'the orchestration folder (default: the policy, else <workspace>/.orchestration)',
    )
    .option('--policy <file>', 'the policy file')
    .option('--session <id>', "a kept agent session's governor (as `approve` finds it)")
    .option('--intent <id>', 'a fresh governor in ACTION with this intent selected')
    .option('--print-profile', 'print the profile as JSON and run nothing')
    .action(async (words: string[], flags: RunFlags) => {
      // the command's own exit code is passed through, past the CLI's 0/1/2
      context.exit((await runCommand(words, flags, context.io)) as ExitCode);
    });
}
