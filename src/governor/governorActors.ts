import { randomUUID } from 'node:crypto';
import { createActor, type Actor } from 'xstate';
import { approvalsMachine, type ApprovalsMachine } from '../../machines/approvals';
import type { LifecycleMachine } from '../../machines/lifecycle';
import { readControlFiles, unusableFile, type ControlFiles, type ControlFileSources } from '../intents/controlFiles';
import { isOrchestrationPresent } from '../intents/orchestration';
import type { GovernorConfig } from './governorOptions';
import { restoreGovernor, type RestoredGovernor } from './restoreGovernor';

/** A governor's two actors, started, and the control files it adopted. */
export interface GovernorActors {
  readonly actor: Actor<LifecycleMachine>;
  readonly approvalActor: Actor<ApprovalsMachine>;
  readonly initialFiles: ControlFiles;
  /** what a snapshot restored besides the actors, when the governor is restored */
  readonly restored: RestoredGovernor | undefined;
}

/**
 * Starts a governor's actors: fresh, adopting the control files as they are now (one that cannot
 * be used is thrown), or from `config.restore`, going on from the snapshot with nothing read anew.
 */
export function startGovernorActors(config: GovernorConfig, sources: ControlFileSources, machine: LifecycleMachine): GovernorActors {
  const restored = config.restore === undefined ? undefined : restoreGovernor(config.restore, sources, machine);
  const orchestrationPresent = restored ? restored.lifecycle.context.orchestrationPresent : isOrchestrationPresent(config.orchestrationDir);
  const initialFiles = restored?.files ?? readControlFiles(sources, orchestrationPresent);
  const unusable = unusableFile(initialFiles);
  if (unusable) throw unusable;
  const intents = config.intents ?? (initialFiles.intents?.content.usable ? initialFiles.intents.content.value : []);
  const inspect = config.inspect === undefined ? {} : { inspect: config.inspect };
  // with a snapshot, the input is not read
  const actor = createActor(machine, { input: { intents, orchestrationPresent }, ...(restored && { snapshot: restored.lifecycle }), ...inspect }).start();
  const approvalInput = { sessionId: restored?.sessionId ?? config.sessionId ?? randomUUID() };
  const approvalActor = createActor(approvalsMachine, { input: approvalInput, ...(restored && { snapshot: restored.approvals }), ...inspect }).start();
  return { actor, approvalActor, initialFiles, restored };
}
