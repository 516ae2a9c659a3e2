import { randomUUID } from 'node:crypto';
import { approvalsMachine, type ApprovalsMachine } from '../../machines/approvals';
import type { LifecycleMachine } from '../../machines/lifecycle';
import { readControlFiles, unusableFile, type ControlFiles, type ControlFileSources } from '../intents/controlFiles';
import { isOrchestrationPresent } from '../intents/orchestration';
import type { GovernorConfig } from './governorOptions';
import { GovernorChart } from './governorChart';
import { restoreGovernor, type RestoredGovernor } from './restoreGovernor';

// randomUUID builds its text from a dozen joined pieces; copied once, the id is one flat string of 36 bytes
const newSessionId = (): string => Buffer.from(randomUUID(), 'latin1').toString('latin1');

/** A governor's two statecharts, started, and the control files it adopted. */
export interface GovernorActors {
  readonly actor: GovernorChart<LifecycleMachine>;
  readonly approvalActor: GovernorChart<ApprovalsMachine>;
  readonly initialFiles: ControlFiles;
  /** what a snapshot restored besides the actors, when the governor is restored */
  readonly restored: RestoredGovernor | undefined;
}

/**
 * Starts a governor's actors: fresh, adopting the control files as they are now (one that cannot
 * be used is thrown), or from `config.restore`, going on from the snapshot with nothing read anew.
 */
export function startGovernorActors(
  config: GovernorConfig,
  sources: ControlFileSources,
  machine: LifecycleMachine,
): GovernorActors {
  const restored = config.restore === undefined ? undefined : restoreGovernor(config.restore, sources, machine);
  const orchestrationPresent = restored
    ? restored.lifecycle.context.orchestrationPresent
    : isOrchestrationPresent(config.orchestrationDir);
  const initialFiles = restored?.files ?? readControlFiles(sources, orchestrationPresent);
  const unusable = unusableFile(initialFiles);
  if (unusable) throw unusable;
  const intents = config.intents ?? (initialFiles.intents?.content.usable ? initialFiles.intents.content.value : []);
  const actor = new GovernorChart(
    machine,
    restored ? { snapshot: restored.lifecycle } : { input: { intents, orchestrationPresent } },
    config.inspect,
  );
  const approvalActor = new GovernorChart(
    approvalsMachine,
    restored ? { snapshot: restored.approvals } : { input: { sessionId: config.sessionId ?? newSessionId() } },
    config.inspect,
  );
  return { actor, approvalActor, initialFiles, restored };
}
