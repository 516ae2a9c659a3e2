import path from 'node:path';
import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { loadPolicy } from '../policy/loadPolicy';
import type { Policy } from '../policy/parsePolicy';
import type { CallSettings } from './callOptions';
import type { CliIo } from './cliIo';
import { UsageError } from './usageError';

/** The policy a `--policy` flag names, resolved against the working directory; undefined without one. */
export function policyFromFlag(file: string | undefined, io: CliIo): Policy | undefined {
  return file === undefined ? undefined : loadPolicy(path.resolve(io.cwd, file));
}

/** The workspace: the flag, else the policy's, else the policy sandbox's project/, else the working directory. */
export function workspaceFor(policy: Policy | undefined, flag: string | undefined, io: CliIo): string {
  if (flag !== undefined) return path.resolve(io.cwd, flag);
  const options = policy?.governor;
  if (options?.workspaceRoot !== undefined) return options.workspaceRoot;
  return options?.sandboxRoot === undefined ? io.cwd : path.join(options.sandboxRoot, 'project');
}

function governorOptions(settings: CallSettings, io: CliIo): GovernorOptions {
  const policy = policyFromFlag(settings.policy, io);
  return {
    ...policy?.governor,
    workspaceRoot: workspaceFor(policy, settings.workspace, io),
    ...(settings.orchestrationDir !== undefined && {
      orchestrationDir: path.resolve(io.cwd, settings.orchestrationDir),
    }),
    // a what-if tool: nothing is written to the workspace's trace
    trace: () => undefined,
    ...(settings.safeMode !== undefined && { safeMode: settings.safeMode === 'on' }),
    ...(settings.session !== undefined && { sessionId: settings.session }),
    ...(settings.locale !== undefined && { locale: settings.locale }),
  };
}

const knownIntents = (governor: Governor): string =>
  governor.intents.length === 0
    ? "the workspace lists none (.orchestration/active_intents.yaml or the policy's intents)"
    : `the intents are ${governor.intents.map((intent) => intent.id).join(', ')}`;

/** Moves a fresh governor into the settings' state, selecting --intent on the way when one is given. */
function drive(governor: Governor, settings: CallSettings): void {
  if (settings.state === 'REQUEST') return;
  governor.userPrompt('intentgate cli');
  if (settings.intent === undefined) return;
  const selected = governor.handleToolCall('select_active_intent', { intent_id: settings.intent });
  if (selected.code === 'unknown_intent')
    throw new UsageError(`--intent ${settings.intent}: no such intent; ${knownIntents(governor)}`);
  if (!selected.allowed)
    throw new UsageError(
      `--intent ${settings.intent}: select_active_intent was refused: ${selected.reason ?? selected.code}`,
    );
  // REASONING with an intent: the intent was selected, then a new prompt came (it is kept)
  if (settings.state === 'REASONING') governor.userPrompt('intentgate cli');
}

/**
 * A governor for `decide` and `explain`: the policy's options, the flags over them, no trace
 * written, driven into the requested state. Throws PolicyError, IntentsFileError or UsageError.
 */
export function cliGovernor(settings: CallSettings, io: CliIo): Governor {
  const governor = createGovernor(governorOptions(settings, io));
  try {
    drive(governor, settings);
    return governor;
  } catch (error) {
    governor.stop();
    throw error;
  }
}
