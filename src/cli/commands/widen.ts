import type { Command } from 'commander';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError';
import { SessionStoreError } from '../../errors/SessionStoreError';
import type { GovernorOptions } from '../../governor/governorOptions';
import { withAgentPreset } from '../../hooks/agentGovernorOptions';
import { findHookAdapter } from '../../hooks/hookAdapters';
import { createFileSessions } from '../../sessions/fileSessions';
import { credentialSource, passGate, readCredential } from '../approvalGate';
import { CliFailure } from '../cliFailure';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES, type ExitCode } from '../exitCodes';
import { hookStore, type HookStoreFlags } from '../hookSettings';
import { UsageError } from '../usageError';

interface WidenFlags extends HookStoreFlags {
  readonly session?: string;
  readonly intent?: string;
  readonly tokenFile?: string;
}

/** A session of `profile` is restored with that agent's preset, as its hook made it. */
function agentOptions(options: GovernorOptions, profile: string): GovernorOptions {
  if (profile === '') return options;
  const adapter = findHookAdapter(profile);
  if (!adapter)
    throw new SessionStoreError(
      `the session was made by the hooks of agent '${profile.slice(0, 64)}', which this intentgate does not know`,
    );
  return withAgentPreset(options, adapter);
}

function refuse(io: CliIo, message: string): ExitCode {
  writeLine(io.stderr, `refused: ${message}`);
  return EXIT_CODES.refused;
}

/**
 * Widens an intent's scope for an agent session a hook governs: the globs are added to the
 * intent's `owned_scope` in the intents file through the session's governor, which adopts the
 * file as the person's edit. It needs the approval credential and a human, as `approve` does.
 */
async function runWiden(entries: readonly string[], flags: WidenFlags, io: CliIo): Promise<ExitCode> {
  if (flags.session === undefined) throw new UsageError("--session <id> is required (the agent's session id)");
  if (entries.length === 0) throw new UsageError('name the scope globs to add, relative to the workspace: docs/**');
  const sessionId = flags.session;
  const source = credentialSource(flags.tokenFile, io);
  const store = hookStore(flags, io, undefined);
  const credential = readCredential(source, store.workspace);
  if (!credential.ok) return refuse(io, credential.refusal);
  const sessions = createFileSessions({
    governor: store.governor,
    ...store.sessionFiles,
    governorFor: (profile) => agentOptions(store.governor, profile),
  });
  const missing = `no agent session '${sessionId}' is kept in ${sessions.dir}; check the id in the hook's message, and --workspace or --orchestration-dir`;
  const peek = await sessions.withKept(sessionId, (governor, notes) => ({
    bound: notes.credential,
    intentId: flags.intent ?? governor.activeIntent?.id,
  }));
  if (!peek.found) throw new CliFailure(missing);
  const intentId = peek.value.intentId;
  if (intentId === undefined)
    return refuse(io, `session '${sessionId}' has no active intent to widen; name one with --intent`);
  const question = `Add ${entries.join(', ')} to the scope of ${intentId} in session ${sessionId}?`;
  const gate = await passGate(io, source, credential.digest, peek.value.bound, question);
  if (!gate.ok) return refuse(io, gate.refusal);
  const used = await sessions.withKept(sessionId, (governor, notes) => {
    if (notes.credential !== peek.value.bound)
      throw new CliFailure(`the session '${sessionId}' changed while it was being confirmed; run the command again`);
    try {
      return { ok: true as const, scope: governor.widenScope(intentId, entries) };
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      return { ok: false as const, problem: error.message.replace(/^widenScope: /, '') };
    }
  });
  if (!used.found) throw new CliFailure(missing);
  if (!used.value.ok) return refuse(io, `the scope of ${intentId} was not widened: ${used.value.problem}`);
  writeLine(io.stdout, `The scope of ${intentId} is now: ${used.value.scope.join(', ')}`);
  return EXIT_CODES.ok;
}

/** `intentgate widen`: a human widens an intent's scope, in a terminal, for an agent session's hooks. */
export function registerWiden(program: Command, context: CommandContext): void {
  program
    .command('widen')
    .summary("add scope globs to an intent, for an agent session's hooks")
    .description(
      [
        "Adds scope globs (relative to the workspace) to an intent's owned_scope in the intents file, " +
          "through the agent session's governor, which adopts the change as a person's edit (docs/cli.md).",
        "The agent's next call is decided on the wider scope. Without --intent the session's active intent is widened.",
        'It needs the approval credential and a human, as approve does: a y at an interactive ' +
          'terminal, or the credential named with --token-file; without them it exits 3 and changes nothing.',
      ].join(' '),
    )
    .argument('<globs...>', 'scope globs to add, relative to the workspace (docs/**, scripts/build.sh)')
    .option('--session <id>', "the agent's session id, as the hook's message names it")
    .option('--intent <id>', "the intent to widen (default: the session's active intent)")
    .option(
      '--token-file <file>',
      'the approval credential, named explicitly: stands in for the terminal confirmation on a session started under it',
    )
    .option('--workspace <dir>', 'the workspace root (default: the policy, else the current directory)')
    .option(
      '--orchestration-dir <dir>',
      'the orchestration folder the hook was given (default: the policy, else <workspace>/.orchestration)',
    )
    .option('--policy <file>', 'the policy file the hook uses, if any')
    .action(async (globs: string[], flags: WidenFlags) => {
      context.exit(await runWiden(globs, flags, context.io));
    });
}
