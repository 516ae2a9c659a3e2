import path from 'node:path';
import { Option, type Command } from 'commander';
import { renderConfirmationPrompt } from '../../approval/confirmationPrompt';
import { SessionStoreError } from '../../errors/SessionStoreError';
import type { Governor } from '../../governor/governorApi';
import type { GovernorOptions } from '../../governor/governorOptions';
import { withAgentPreset } from '../../hooks/agentGovernorOptions';
import { approveOutsideAgent, type OutsideApproval } from '../../hooks/approveOutsideAgent';
import { findHookAdapter } from '../../hooks/hookAdapters';
import type { GrantInput } from '../../grants/grant';
import { RISK_CATEGORIES, type RiskCategory } from '../../categories/riskCategories';
import { validateCategories } from '../../safeMode/sessionApprovals';
import { createFileSessions } from '../../sessions/fileSessions';
import { credentialSource, initCredential, passGate, readCredential } from '../approvalGate';
import { CliFailure } from '../cliFailure';
import { listHeldCalls } from '../listHeldCalls';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES, type ExitCode } from '../exitCodes';
import { hookStore, type HookStoreFlags } from '../hookSettings';
import { UsageError } from '../usageError';

interface ApproveFlags extends HookStoreFlags {
  readonly session?: string;
  readonly init?: boolean;
  readonly list?: boolean;
  readonly tokenFile?: string;
  readonly held?: string;
  readonly cancel?: boolean;
  readonly command?: string[];
  readonly path?: string[];
  readonly host?: string[];
  readonly tool?: string[];
  readonly until?: string;
  readonly ttl?: string;
  readonly revoke?: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** The grant the narrowing flags ask for, or undefined when none is given. */
function grantOf(categories: readonly RiskCategory[], flags: ApproveFlags): GrantInput | undefined {
  const { command, path, host, tool, until, ttl } = flags;
  if ([command, path, host, tool, until, ttl].every((flag) => flag === undefined)) return undefined;
  if (until !== undefined && until !== 'session' && until !== 'intent')
    throw new UsageError(`--until must be session or intent, got '${until}'`);
  const seconds = ttl === undefined ? undefined : Number(ttl);
  if (seconds !== undefined && !(Number.isFinite(seconds) && seconds > 0))
    throw new UsageError(`--ttl must be a number of seconds above 0, got '${ttl ?? ''}'`);
  return {
    categories,
    ...(command && { commands: command }),
    ...(path && { paths: path }),
    ...(host && { hosts: host }),
    ...(tool && { tools: tool }),
    ...(until !== undefined && { until }),
    ...(seconds !== undefined && { ttlMs: Math.round(seconds * 1000) }),
  };
}

/** What the command line asks: categories for the session, or an answer to one held call or change. */
function approvalOf(categories: readonly string[], flags: ApproveFlags): OutsideApproval {
  if (flags.held !== undefined) {
    if (categories.length > 0) throw new UsageError('give either categories or --held <approvalId>, not both');
    return { kind: 'held', approvalId: flags.held, cancel: flags.cancel === true };
  }
  if (flags.cancel === true) throw new UsageError('--cancel answers one held call or change: add --held <approvalId>');
  if (flags.revoke !== undefined) {
    if (categories.length > 0) throw new UsageError('give either categories or --revoke <grantId>, not both');
    return { kind: 'revoke', grantId: flags.revoke };
  }
  if (categories.length === 0)
    throw new UsageError(
      `name the categories to approve for the session (${RISK_CATEGORIES.join(', ')}), or --held <approvalId>`,
    );
  let valid: RiskCategory[];
  try {
    valid = validateCategories(categories);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.replace(/^approveSession: /, '') : String(error));
  }
  const grant = grantOf(valid, flags);
  return grant === undefined ? { kind: 'categories', categories: valid } : { kind: 'grant', grant };
}

/** The options of a session of `profile`: the host's, with that agent's preset when an agent's hook made it. */
function agentOptions(options: GovernorOptions, profile: string): GovernorOptions {
  if (profile === '') return options;
  const adapter = findHookAdapter(profile);
  // a session of an agent this build does not know cannot be restored faithfully: refuse rather than guess
  if (!adapter)
    throw new SessionStoreError(
      `the session was made by the hooks of agent '${profile.slice(0, 64)}', which this intentgate does not know`,
    );
  return withAgentPreset(options, adapter);
}

/** The question a human confirms at the terminal: what is approved, for which session. */
function questionOf(approval: OutsideApproval, governor: Governor): string {
  const session = `session ${governor.sessionId}`;
  switch (approval.kind) {
    case 'categories':
      return `Approve ${approval.categories.join(', ')} for ${session}?`;
    case 'grant':
      return `Approve ${approval.grant.categories.join(', ')}, narrowed as given, for ${session}?`;
    case 'revoke':
      return `Revoke ${approval.grantId} in ${session}?`;
    case 'held': {
      const waiting = governor.waitingFor(approval.approvalId);
      const what = waiting?.approval
        ? `${renderConfirmationPrompt(waiting.approval.prompt).split('\n')[0] ?? waiting.tool}`
        : `'${approval.approvalId}'`;
      return `${approval.cancel ? 'Cancel' : 'Continue'} ${approval.approvalId} of ${session} (${what})?`;
    }
  }
}

/** A refusal: what is missing, on stderr, and exit code 3; nothing is approved. */
function refuse(io: CliIo, message: string): ExitCode {
  writeLine(io.stderr, `refused: ${message}`);
  return EXIT_CODES.refused;
}

async function runApprove(categories: readonly string[], flags: ApproveFlags, io: CliIo): Promise<ExitCode> {
  const source = credentialSource(flags.tokenFile, io);
  if (flags.init === true) {
    if (categories.length > 0 || flags.session !== undefined || flags.held !== undefined)
      throw new UsageError('--init only creates the approval credential: give it alone (with --token-file at most)');
    const made = initCredential(
      io,
      source,
      flags.workspace === undefined ? undefined : path.resolve(io.cwd, flags.workspace),
    );
    if (!made.ok) return refuse(io, made.refusal);
    writeLine(io.stdout, made.message);
    return EXIT_CODES.ok;
  }
  if (flags.list === true) {
    if (categories.length > 0 || flags.session !== undefined)
      throw new UsageError('--list lists what waits in every session: give it without --session or categories');
    const store = hookStore(flags, io, undefined);
    for (const line of listHeldCalls({
      ...store.sessionFiles,
      workspace: store.workspace,
      optionsFor: (profile) => agentOptions(store.governor, profile),
      approveCommand: store.approveCommand,
    }))
      writeLine(io.stdout, line);
    return EXIT_CODES.ok;
  }
  if (flags.session === undefined)
    throw new UsageError("--session <id> is required (the agent's session id), or --list, or --init");
  const sessionId = flags.session;
  const approval = approvalOf(categories, flags);
  const store = hookStore(flags, io, undefined);
  const credential = readCredential(source, store.workspace);
  if (!credential.ok) return refuse(io, credential.refusal);
  // a session an agent's hook made is restored with that agent's preset, so a held call is decided again as its hook would
  const sessions = createFileSessions({
    governor: store.governor,
    ...store.sessionFiles,
    governorFor: (profile) => agentOptions(store.governor, profile),
  });
  const missing = `no agent session '${sessionId}' is kept in ${sessions.dir}; check the id in the hook's message, and --workspace or --orchestration-dir`;
  // the question is asked outside the session's lock, which a slow answer would outlive
  const peek = await sessions.withKept(sessionId, (governor, notes) => ({
    bound: notes.credential,
    question: questionOf(approval, governor),
  }));
  if (!peek.found) throw new CliFailure(missing);
  const gate = await passGate(io, source, credential.digest, peek.value.bound, peek.value.question);
  if (!gate.ok) return refuse(io, gate.refusal);
  // approving a session no hook has started would start one: a mistyped id is refused instead; an ended one stays ended
  const used = await sessions.withKept(sessionId, (governor, notes) => {
    if (notes.credential !== peek.value.bound)
      throw new CliFailure(`the session '${sessionId}' changed while it was being confirmed; run the command again`);
    return approveOutsideAgent(governor, notes, approval);
  });
  if (!used.found) throw new CliFailure(missing);
  writeLine(io.stdout, used.value.message);
  return EXIT_CODES.ok;
}

/** `intentgate approve`: a human's approval, given in a terminal, for an agent session a hook governs. */
export function registerApprove(program: Command, context: CommandContext): void {
  program
    .command('approve')
    .summary("approve risk categories, or one held call, for an agent session's hooks")
    .description(
      [
        'Approves, from a terminal, what an agent hook held for a human (docs/hooks.md).',
        "Categories are approved for the whole agent session (seed 002 F); --held continues one held call (the agent's retry of that very call runs once)",
        'or accepts a held change to the control files; --cancel with --held refuses it.',
        'It needs the approval credential (--init creates it) and a human: a y at an interactive ' +
          'terminal, or the credential named with --token-file; without them it exits 3 and approves nothing.',
      ].join(' '),
    )
    .argument('[categories...]', `risk categories to approve for the session: ${RISK_CATEGORIES.join(', ')}`)
    .option('--session <id>', "the agent's session id, as the hook's message names it")
    .option(
      '--list',
      'list the held calls and changes every kept agent session waits on, with the command that answers each',
    )
    .option(
      '--init',
      'create the approval credential (a random token in an owner-only file); a setup step, at your own terminal',
    )
    .option(
      '--token-file <file>',
      'the approval credential, named explicitly: stands in for the terminal confirmation on a ' +
        'session started under it (default: $INTENTGATE_APPROVAL_TOKEN_FILE, else ~/.config/intentgate/approval-token)',
    )
    .option('--held <approvalId>', 'answer this held call or control-file change instead')
    .addOption(new Option('--cancel', 'with --held: refuse it'))
    .option(
      '--command <prefix>',
      'a grant: only command lines whose every simple command starts with this prefix (repeatable)',
      collect,
    )
    .option('--path <glob>', 'a grant: only calls whose every path matches this workspace glob (repeatable)', collect)
    .option('--host <name>', 'a grant: only calls whose every URL host is this one, or *.domain (repeatable)', collect)
    .option('--tool <name>', 'a grant: only this tool (repeatable)', collect)
    .option('--until <lifetime>', "a grant: 'session' (default) or 'intent' (ends when the active intent changes)")
    .option('--ttl <seconds>', 'a grant: ends after this many seconds')
    .option('--revoke <grantId>', 'end this grant now')
    .option('--workspace <dir>', 'the workspace root (default: the policy, else the current directory)')
    .option(
      '--orchestration-dir <dir>',
      'the orchestration folder the hook was given, whose sessions (kept in your state folder) to ' +
        'answer (default: the policy, else <workspace>/.orchestration)',
    )
    .option('--policy <file>', 'the policy file the hook uses, if any')
    .action(async (categories: string[], flags: ApproveFlags) => {
      context.exit(await runApprove(categories, flags, context.io));
    });
}
