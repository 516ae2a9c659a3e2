import type { Command } from 'commander';
import { detectContainment } from '../../containment/bwrapAvailability';
import { containmentPlan, type ContainmentPlan } from '../../containment/containmentPlan';
import { containmentPolicyOf } from '../../containment/containmentPolicy';
import type { GovernorPlace } from '../../containment/governorProfile';
import { parseGovernorOptions, type GovernorOptions } from '../../governor/governorOptions';
import type { AgentHookAdapter, HookOutput } from '../../hooks/agentHookAdapter';
import { containCall, shellToolsOf, withShellContainment, type HookContainment } from '../../hooks/hookContainment';
import { policyOwnFiles } from '../cliContainment';
import { policyFromFlag } from '../cliGovernor';
import type { Policy } from '../../policy/parsePolicy';
import { withAgentPreset } from '../../hooks/agentGovernorOptions';
import { approvalTokenFile, readApprovalCredential } from '../../hooks/approvalCredential';
import { cliApprovalHint } from '../../hooks/approvalHint';
import { handshakeWarning } from '../../hooks/handshakeCheck';
import { findHookAdapter, hookAdapterNames } from '../../hooks/hookAdapters';
import { hookOutputFor, MAX_HOOK_EVENT_BYTES } from '../../hooks/hookOutputFor';
import { createFileSessions } from '../../sessions/fileSessions';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { hookContainmentLine, isTerminal } from '../containmentStartLine';
import { EXIT_CODES, type ExitCode } from '../exitCodes';
import { hookStore, type HookStore, type HookStoreFlags } from '../hookSettings';
import { hookApprovalToken, postHookEvent } from '../postHookEvent';
import { hookGovernorSettings, type HookGovernorSettings } from '../../hooks/hookGovernorSettings';
import { readStdinBounded } from '../readStdinBounded';

interface HookFlags extends HookStoreFlags {
  readonly server?: string;
}

/** The environment variable each agent names its project folder in, when it sets one. */
export const PROJECT_DIR_ENV: Readonly<Record<string, string>> = {
  'claude-code': 'CLAUDE_PROJECT_DIR',
  gemini: 'GEMINI_PROJECT_DIR',
};

// an agent writes its event at once; one that keeps stdin open is not waited for
const STDIN_TIMEOUT_MS = 5_000;
const SERVER_TIMEOUT_MS = 30_000;

/** The CLI's exit codes are 0, 1 and 2; an agent's block is 2, so any other code blocks too. */
const exitCodeOf = (code: number): ExitCode => (code === 0 || code === 1 || code === 2 ? code : EXIT_CODES.usage);

/** The digest of the approval credential a new session is bound to: the one the agent's environment names, when there is a sound one. */
function credentialOf(store: HookStore, io: CliIo): string | undefined {
  const credential = readApprovalCredential(approvalTokenFile(io.env, io.cwd), store.workspace);
  return credential.kind === 'ok' ? credential.digest : undefined;
}

/**
 * The plan for the agent's shell commands, when its hook can hand back a contained command:
 * the policy's containment mode against this machine (bubblewrap is tried once per process).
 * Undefined for an agent whose hook cannot, whose commands are decided by analysis alone.
 */
async function shellPlan(
  adapter: AgentHookAdapter,
  policy: () => Policy | undefined,
  io: CliIo,
): Promise<ContainmentPlan | undefined> {
  if (adapter.rewritesShellCommands !== true) return undefined;
  const { mode } = containmentPolicyOf(policy()?.containment);
  if (mode === 'off') return containmentPlan(mode, { available: false, reason: 'not tried' });
  return containmentPlan(mode, await detectContainment({ path: io.env.PATH ?? process.env.PATH }));
}

/** Where the sessions' governors work, and intentgate's files their profiles protect: the session store, the policy, a trace. */
function hookPlace(
  { governor, sessionStore }: { readonly governor: GovernorOptions; readonly sessionStore: string },
  policy: Policy | undefined,
  io: CliIo,
): GovernorPlace {
  const config = parseGovernorOptions(governor, io.cwd);
  return {
    workspaceRoot: config.workspaceRoot,
    orchestrationDir: config.orchestrationDir,
    policy: containmentPolicyOf(policy?.containment),
    sessionStore,
    ownFiles: policyOwnFiles(policy),
    env: io.env,
  };
}

async function runHook(agent: string, flags: HookFlags, io: CliIo): Promise<ExitCode> {
  const adapter = findHookAdapter(agent);
  if (!adapter) {
    const names = hookAdapterNames();
    writeLine(
      io.stderr,
      `error: unknown agent '${agent}'; intentgate answers the hooks of ${names.length > 0 ? names.join(', ') : 'no agent yet'}`,
    );
    return EXIT_CODES.usage;
  }
  // only a person at a terminal is told: an agent may hand a hook's stderr to its model
  if (isTerminal(io.stderr)) writeLine(io.stderr, await hookContainmentLine(flags, io));
  const read = await readStdinBounded(io.stdin, MAX_HOOK_EVENT_BYTES, STDIN_TIMEOUT_MS);
  let output: HookOutput;
  // why the model may have no handshake tool, when it was read for a session with no intent yet
  let handshake: { readonly warning: string | undefined } | undefined;
  if (!read.ok) output = adapter.failure(`intentgate: ${read.problem}`);
  else if (flags.server !== undefined) {
    const server = flags.server;
    output = await postHookEvent(server, adapter.name, read.text, {
      timeoutMs: SERVER_TIMEOUT_MS,
      approvalToken: hookApprovalToken(io.env, io.cwd),
    }).catch((error: unknown) =>
      adapter.failure(`intentgate: ${error instanceof Error ? error.message : String(error)}; the call is blocked`),
    );
  } else {
    const projectDir = Object.hasOwn(PROJECT_DIR_ENV, adapter.name)
      ? io.env[PROJECT_DIR_ENV[adapter.name] ?? '']
      : undefined;
    // read only for an event to govern: a policy that cannot be loaded is that event's failure
    let store: HookStore | undefined;
    const storeOnce = (): HookStore => (store ??= hookStore(flags, io, projectDir));
    let containment: HookContainment | undefined;
    let settings: HookGovernorSettings | undefined;
    // the policy's containment section, read once: hookStore reads its governor options
    let loaded: { readonly policy: Policy | undefined } | undefined;
    const policyOnce = (): Policy | undefined => (loaded ??= { policy: policyFromFlag(flags.policy, io) }).policy;
    // the agent's MCP configuration is read only for a session with no intent yet, once
    const handshakeOnce = (): string | undefined =>
      (handshake ??= { warning: handshakeWarning(adapter.name, { workspace: storeOnce().workspace, env: io.env }) })
        .warning;
    output = await hookOutputFor(adapter, read.text, {
      sessions: async () => {
        const plan = await shellPlan(adapter, policyOnce, io);
        const governor = withAgentPreset(
          storeOnce().governor,
          plan === undefined ? adapter : withShellContainment(adapter, plan),
        );
        const sessions = createFileSessions({
          governor,
          ...storeOnce().sessionFiles,
          profile: adapter.name,
          credential: () => credentialOf(storeOnce(), io),
        });
        if (plan?.kind === 'contain')
          containment = {
            bwrap: plan.bwrap,
            place: hookPlace({ governor, sessionStore: sessions.dir }, policyOnce(), io),
            shellTools: shellToolsOf(governor),
          };
        return sessions;
      },
      answer: {
        approvalHint: (sessionId, decision) => cliApprovalHint(storeOnce().approveCommand)(sessionId, decision),
        route: `intentgate hook ${adapter.name}`,
        settings: () => (settings ??= hookGovernorSettings(storeOnce().governor, io.cwd)),
        containShell: (governor, event, decision) =>
          containment === undefined
            ? { ok: false, reason: 'the route has no sandbox for it' }
            : containCall(containment, { governor, event, decision }),
        handshakeWarning: handshakeOnce,
        // a held call reported as run answers its hold only from a hook that holds the session's credential
        heldCallRan: (notes) =>
          notes.credential !== undefined && notes.credential === credentialOf(storeOnce(), io)
            ? { approver: `${adapter.name}'s own prompt` }
            : undefined,
      },
    });
  }
  io.stdout.write(output.stdout);
  io.stderr.write(output.stderr);
  // only a person at a terminal is told: the agent's protocol output stays as it is
  if (handshake?.warning !== undefined && isTerminal(io.stderr)) writeLine(io.stderr, handshake.warning);
  return exitCodeOf(output.exitCode);
}

/** `intentgate hook <agent>`: a command hook of an agent CLI; one event on stdin, the answer in the agent's format. */
export function registerHook(program: Command, context: CommandContext): void {
  program
    .command('hook')
    .summary("answer one agent hook event (stdin) in the agent's format")
    .description(
      [
        "Reads one hook event of an agent CLI (JSON on stdin) and answers it in that agent's format (docs/hooks.md).",
        "The agent session's lifecycle, intent, held calls and approvals are kept outside the " +
          'workspace, in $XDG_STATE_HOME/intentgate/sessions/ (else ~/.local/state/...), one file per ' +
          'agent session id, each authenticated by a key beside the approval token (docs/security.md).',
        "Anything that fails answers with the agent's block, never an allow.",
      ].join(' '),
    )
    .argument('<agent>', 'the agent CLI whose hook this is')
    .option(
      '--workspace <dir>',
      'the workspace root (default: the policy, else the project folder the agent names, else the current directory)',
    )
    .option(
      '--orchestration-dir <dir>',
      'the folder of active_intents.yaml, the trace and the sessions (default: the policy, else <workspace>/.orchestration)',
    )
    .option('--policy <file>', "a policy file (.json, .yaml, .yml): the governor options, over the agent's preset")
    .option(
      '--server <url>',
      'post the event to a running `intentgate serve` instead (its workspace and sessions decide)',
    )
    .action(async (agent: string, flags: HookFlags) => {
      context.exit(await runHook(agent, flags, context.io));
    });
}
