import type { SnapshotFrom } from 'xstate';
import { approvalsMachine } from '../../machines/approvals';
import type { LifecycleContext, LifecycleMachine, PendingApproval } from '../../machines/lifecycle';
import { freezeDecision } from '../decision/decisionSchema';
import { InvalidSnapshotError } from '../errors/InvalidSnapshotError';
import { controlFilesOfTexts, unusableFile, type ControlFiles, type ControlFileSources } from '../intents/controlFiles';
import { freezeIntents, type Intent } from '../intents/intent';
import { findIntent } from '../intents/intentRegistry';
import { sortCategories } from '../risk/categories';
import { nameOnlyRequest } from '../tools/toolRequest';
import type { Vouched } from '../trace/traceFile';
import type { TraceChange } from '../trace/traceRecord';
import type { DecidedCall } from './callDecider';
import type { ControlFilesSnapshot } from './controlFilesSnapshot';
import { parseGovernorSnapshot, type GovernorSnapshot } from './governorSnapshot';

/** Everything a governor starts from when it is restored from a snapshot. */
export interface RestoredGovernor {
  readonly lifecycle: SnapshotFrom<LifecycleMachine>;
  readonly approvals: SnapshotFrom<typeof approvalsMachine>;
  readonly sessionId: string;
  /** the adopted control files, interpreted again from their kept texts */
  readonly files: ControlFiles;
  readonly controlFiles: Omit<ControlFilesSnapshot, 'adopted'>;
  readonly approvalsTaken: number;
  /** the held call's details, as the governor keeps them while the chart holds it */
  readonly heldCall: (DecidedCall & { readonly heldAt?: number }) | undefined;
  readonly traceChanges: TraceChange[];
  /** the trace file the snapshot's governor wrote, and what it held after its last append */
  readonly traceFile: { readonly file: string; readonly vouched: Vouched } | undefined;
}

type KeptFile = ControlFilesSnapshot['adopted']['ignore'];

/** The adopted files as their kept texts say, checked against the digests and labels they were kept with. */
function adoptedFiles(snapshot: GovernorSnapshot, sources: ControlFileSources): ControlFiles {
  const { adopted } = snapshot.controlFiles;
  if (sources.readsIntentsFile !== (adopted.intents !== undefined)) {
    throw new InvalidSnapshotError([
      `controlFiles.adopted.intents: the snapshot was taken with the intents ${adopted.intents ? 'read from the intents file' : 'given in options'}, and this governor's options ${sources.readsIntentsFile ? 'read them from the file' : 'give them'}`,
    ]);
  }
  const kept = (file: KeptFile) => ({ text: file.text, link: file.link });
  const files = controlFilesOfTexts(sources, { intents: adopted.intents && kept(adopted.intents), ignore: kept(adopted.ignore) });
  const issues = [
    ...(files.intents && adopted.intents ? [['intents', adopted.intents, files.intents] as const] : []),
    ['ignore', adopted.ignore, files.ignore] as const,
  ].flatMap(([name, stored, found]) => {
    if (stored.label !== found.label) return [`controlFiles.adopted.${name}: kept for '${stored.label}', and this governor's file is '${found.label}' (another workspace or orchestration directory)`];
    return stored.digest === found.digest ? [] : [`controlFiles.adopted.${name}: the kept text does not match its digest`];
  });
  const unusable = unusableFile(files);
  if (unusable) issues.push(`controlFiles.adopted: a kept text cannot be used: ${unusable.message}`);
  if (issues.length > 0) throw new InvalidSnapshotError(issues);
  return files;
}

/** The held call's details as the governor keeps them, rebuilt from what the snapshot kept. */
function heldCallOf(snapshot: GovernorSnapshot): (DecidedCall & { readonly heldAt?: number }) | undefined {
  const pending = snapshot.lifecycle.pending;
  if (pending?.kind !== 'call' || pending.details === undefined) return undefined;
  const { args, askedBy } = pending.details;
  const decision = freezeDecision(pending.details.decision);
  // what answering the held call reads of its request: the tool, its class, the rule that asked
  const call = {
    ...nameOnlyRequest(decision.tool, decision.toolClass),
    hasArgs: true,
    risk: { categories: decision.categories, unapproved: pending.categories, approvalId: pending.id, ...(askedBy !== undefined && { askedBy }) },
  };
  const heldAt = pending.details.heldAt;
  return { decision, event: { type: 'tool.requested', call }, args, risk: { categories: decision.categories, evidence: decision.evidence }, ...(heldAt !== undefined && { heldAt }) };
}

function pendingOf(snapshot: GovernorSnapshot): PendingApproval | undefined {
  const pending = snapshot.lifecycle.pending;
  if (pending === undefined) return undefined;
  return pending.kind === 'call'
    ? { kind: 'call', id: pending.id, tool: pending.tool, categories: sortCategories(pending.categories), destructive: pending.destructive }
    : { kind: 'controlFiles', id: pending.id, files: pending.files };
}

/**
 * Reads a snapshot into the parts a governor starts from. Throws InvalidSnapshotError when it
 * does not validate, or was taken for other control files; nothing is started from it then.
 */
export function restoreGovernor(value: unknown, sources: ControlFileSources, machine: LifecycleMachine): RestoredGovernor {
  const snapshot = parseGovernorSnapshot(value);
  const { lifecycle } = snapshot;
  // validated by the intent schema; freezeIntents copies every list it holds
  const intents = freezeIntents(lifecycle.intents as readonly Intent[]);
  const pending = pendingOf(snapshot);
  const context: LifecycleContext = {
    intents,
    activeIntent: findIntent(intents, lifecycle.activeIntentId),
    orchestrationPresent: lifecycle.orchestrationPresent,
    destructiveRan: lifecycle.destructiveRan,
    destructiveSinceAdoption: lifecycle.destructiveSinceAdoption,
    pendingApproval: pending,
  };
  // a held call is the chart's awaitingApproval substate; nothing else is
  const substate = pending?.kind === 'call' ? 'awaitingApproval' : 'ready';
  const approved = sortCategories(snapshot.approvedCategories);
  return {
    lifecycle: machine.resolveState({ value: { [lifecycle.state]: substate }, context }),
    approvals: approvalsMachine.resolveState({ value: approved.length > 0 ? 'someApproved' : 'noneApproved', context: { sessionId: snapshot.sessionId, approved } }),
    sessionId: snapshot.sessionId,
    files: adoptedFiles(snapshot, sources),
    controlFiles: { rejected: snapshot.controlFiles.rejected, suspects: snapshot.controlFiles.suspects, ...(snapshot.controlFiles.held && { held: snapshot.controlFiles.held }) },
    approvalsTaken: snapshot.approvalsTaken,
    heldCall: heldCallOf(snapshot),
    traceChanges: snapshot.traceChanges.map((change) => ({ ...change })),
    traceFile: snapshot.traceFile && { file: snapshot.traceFile.file, vouched: { dev: snapshot.traceFile.dev, ino: snapshot.traceFile.ino, size: snapshot.traceFile.size, digest: snapshot.traceFile.digest } },
  };
}
