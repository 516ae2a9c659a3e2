import { InvalidArgumentError as CommanderArgumentError, Option, type Command } from 'commander';
import { MAX_SESSION_ID_LENGTH } from '../governor/governorOptions';
import { LIFECYCLE_STATES, type LifecycleState } from '../lifecycle/lifecycleState';
import { LOCALES, type Locale } from '../categories/riskCategories';
import { UsageError } from './usageError';

/** The flags `decide` and `explain` share, as commander parses them. */
export interface CallFlags {
  readonly tool?: string;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly state?: LifecycleState;
  readonly intent?: string;
  readonly safeMode?: 'on' | 'off';
  readonly policy?: string;
  readonly session?: string;
  readonly workspace?: string;
  /** the orchestration directory, relative to the working directory or absolute */
  readonly orchestrationDir?: string;
  readonly locale?: Locale;
  readonly query?: boolean;
}

/** The flags after their combinations are checked: the state is always known. */
export interface CallSettings extends CallFlags {
  readonly state: LifecycleState;
}

/** Parses `--args`: a JSON object, or a usage error naming the flag and the value. */
export function parseArgsJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CommanderArgumentError(
      `--args must be a JSON object like '{"path":"src/a.ts"}': ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CommanderArgumentError(
      `--args must be a JSON object like '{"path":"src/a.ts"}', got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}

/** Adds the shared flags to `decide` or `explain`. */
export function addCallOptions(command: Command): Command {
  return command
    .option('--tool <name>', 'decide this one call instead of reading JSON lines from stdin')
    .option('--args <json>', 'the arguments of --tool, a JSON object', parseArgsJson)
    .addOption(
      new Option(
        '--state <state>',
        'drive the governor into this state first (default REQUEST, or ACTION with --intent)',
      ).choices(LIFECYCLE_STATES),
    )
    .option('--intent <id>', 'the intent select_active_intent activates (ACTION, or REASONING after ACTION)')
    .addOption(
      new Option('--safe-mode <mode>', 'hold risky calls for approval (default: the policy, else on)').choices([
        'on',
        'off',
      ]),
    )
    .option('--policy <file>', 'a policy file (.json, .yaml, .yml)')
    .option('--session <id>', 'the session id approvals belong to')
    .option('--workspace <dir>', 'the workspace root (default: the policy, else the current directory)')
    .option(
      '--orchestration-dir <dir>',
      'the folder of active_intents.yaml, absolute or relative to the current directory; outside the ' +
        "workspace it is out of every tool's reach (default: the policy, else <workspace>/.orchestration)",
    )
    .addOption(
      new Option('--locale <locale>', 'the language of confirmation prompts (default: the policy, else en)').choices(
        LOCALES,
      ),
    )
    .option('--query', 'decide with isToolAllowed: no lifecycle effects between calls; without --args, by name');
}

/** Checks the combinations commander cannot: --args needs --tool, REQUEST has no intent. */
export function callSettings(flags: CallFlags): CallSettings {
  if (flags.args !== undefined && flags.tool === undefined)
    throw new UsageError('--args needs --tool: name the tool the arguments belong to, or send JSON lines on stdin');
  if (flags.tool === '') throw new UsageError('--tool must not be empty');
  if (flags.workspace === '')
    throw new UsageError(
      '--workspace must not be empty: name the workspace root, or leave the flag out for the current directory',
    );
  if (flags.orchestrationDir === '')
    throw new UsageError(
      '--orchestration-dir must not be empty: name the folder, or leave the flag out for <workspace>/.orchestration',
    );
  if (flags.session !== undefined && (flags.session === '' || flags.session.length > MAX_SESSION_ID_LENGTH)) {
    throw new UsageError(`--session must be 1 to ${MAX_SESSION_ID_LENGTH} characters, got ${flags.session.length}`);
  }
  const state = flags.state ?? (flags.intent === undefined ? 'REQUEST' : 'ACTION');
  if (state === 'REQUEST' && flags.intent !== undefined)
    throw new UsageError(
      `--intent ${flags.intent} cannot be used with --state REQUEST: no intent is active before a prompt; use --state ACTION`,
    );
  if (state === 'ACTION' && flags.intent === undefined)
    throw new UsageError('--state ACTION needs --intent ID: the intent select_active_intent activates');
  return { ...flags, state };
}
