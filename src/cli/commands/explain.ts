import { homedir } from 'node:os';
import type { Command } from 'commander';
import type { ContainmentProfile } from '../../containment/containmentProfile';
import { detectContainmentStatus, type ContainmentStatus } from '../../containment/containmentStatus';
import { governorProfile, type GovernorPlace } from '../../containment/governorProfile';
import { governorProfileKey } from '../../containment/governorProfileKey';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/governorApi';
import { toolKindOf } from '../../tools/builtinToolKinds';
import { addCallOptions, callSettings, type CallFlags } from '../callOptions';
import { cliGovernorPlace } from '../cliContainment';
import { cliGovernor, policyFromFlag } from '../cliGovernor';
import { writeLine, type CliIo } from '../cliIo';
import { callSource } from '../callSource';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES, type ExitCode } from '../exitCodes';
import { formatContainment } from '../formatContainment';
import { formatExplanation } from '../formatExplanation';

interface ExplainFlags extends CallFlags {
  readonly fullProfile?: boolean;
}

/** What a shell call's explanation adds: the place and the status, found once for the whole run. */
interface ContainmentContext {
  readonly place: GovernorPlace;
  readonly status: () => Promise<ContainmentStatus>;
  readonly isShell: (tool: string) => boolean;
  /** the profiles computed so far, by what of the governor they depend on: a stream of commands walks the workspace once per change */
  readonly profiles: Map<string, ProfileOrWhyNot>;
}

type ProfileOrWhyNot = { profile?: ContainmentProfile; noProfile?: string };

function profileOrWhyNot(governor: Governor, context: ContainmentContext): ProfileOrWhyNot {
  const key = governorProfileKey(governor);
  let found = context.profiles.get(key);
  if (found === undefined) {
    try {
      found = { profile: governorProfile(governor, context.place) };
    } catch (error) {
      found = { noProfile: `it cannot be computed: ${error instanceof Error ? error.message : String(error)}` };
    }
    context.profiles.set(key, found);
  }
  return found;
}

/** The containment part of a shell call's explanation; a denied call runs nowhere, and with containment off no profile applies. */
async function containmentPart(
  decision: Decision,
  governor: Governor,
  context: ContainmentContext,
  flags: ExplainFlags,
): Promise<string> {
  const status = await context.status();
  const why =
    decision.verdict === 'deny'
      ? 'the call is denied, so nothing runs'
      : status.mode === 'off'
        ? "the policy's containment is off"
        : undefined;
  const found = why === undefined ? profileOrWhyNot(governor, context) : { noProfile: why };
  return formatContainment({
    status,
    profile: found.profile,
    ...(found.noProfile !== undefined && { noProfile: found.noProfile }),
    detail: flags.fullProfile === true ? 'full' : 'compact',
    home: homedir(),
    contained: decision.contained,
  });
}

/**
 * The loop `decide` runs (decideCalls), with the governor at hand after each call: a shell
 * call's profile is the governor's as that call left it.
 */
async function explainCalls(flags: ExplainFlags, io: CliIo): Promise<ExitCode> {
  const settings = callSettings(flags);
  const policy = policyFromFlag(settings.policy, io);
  const governor = cliGovernor(settings, io);
  const place = cliGovernorPlace(policy, settings, io);
  let status: Promise<ContainmentStatus> | undefined;
  const context: ContainmentContext = {
    place,
    // bubblewrap is tried at the first shell call only, and once
    status: () =>
      (status ??= detectContainmentStatus(place.policy.mode, io.env.PATH === undefined ? {} : { path: io.env.PATH })),
    isShell: (tool) => toolKindOf(tool, policy?.governor.toolKinds)?.kind === 'shell',
    profiles: new Map(),
  };
  let exitCode: ExitCode = EXIT_CODES.ok;
  let first = true;
  try {
    for await (const input of callSource(settings, io)) {
      if (input.kind === 'bad') {
        writeLine(io.stderr, `line ${input.line}: ${input.message}`);
        exitCode = EXIT_CODES.failure;
        continue;
      }
      const decision = settings.query
        ? input.args === undefined
          ? governor.isToolAllowed(input.tool)
          : governor.isToolAllowed(input.tool, input.args)
        : governor.handleToolCall(input.tool, input.args);
      const containment = context.isShell(decision.tool)
        ? `\n${await containmentPart(decision, governor, context, flags)}`
        : '';
      // a blank line between explanations, none before the first
      writeLine(io.stdout, `${first ? '' : '\n'}${formatExplanation(decision, input.args)}${containment}`);
      first = false;
    }
  } finally {
    governor.stop();
  }
  return exitCode;
}

/** `intentgate explain`: the same decisions as `decide`, written for a person; bad lines go to stderr only. */
export function registerExplain(program: Command, context: CommandContext): void {
  addCallOptions(
    program
      .command('explain')
      .summary('explain the decision for each tool call, for a person')
      .description(
        [
          'Decides tool calls like `decide` (same inputs and flags) and explains each decision:',
          'the verdict, every reason with its code, the risk categories with their evidence (argument, trigger, note),',
          "and for `ask` the confirmation prompt with details, in the policy's locale or --locale.",
          'For a shell command it adds whether commands run contained here and why, and the containment profile a contained run gets (docs/containment.md).',
          'A bad stdin line is reported on stderr with its number and skipped; the exit code is then 1.',
        ].join(' '),
      ),
  )
    .option(
      '--full-profile',
      "a shell command's containment profile in full: every place with its reason, the process isolation and the notes",
    )
    .action(async (flags: ExplainFlags) => {
      context.exit(await explainCalls(flags, context.io));
    });
}
