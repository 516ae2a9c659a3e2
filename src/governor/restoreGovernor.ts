import type { SnapshotFrom } from 'xstate';
import { approvalsMachine } from '../../machines/approvals';
import type { HeldCall, LifecycleContext, LifecycleMachine } from '../../machines/lifecycle';
import { freezeDecision } from '../decision/decisionSchema';
import { grantOf } from '../grants/grant';
import { InvalidSnapshotError } from '../errors/InvalidSnapshotError';
import { controlFilesOfTexts, unusableFile, type ControlFiles, type ControlFileSources } from '../intents/controlFiles';
import { freezeIntents, type Intent } from '../intents/intent';
import { findIntent } from '../intents/intentRegistry';
import { NO_FLOW_MARKS, type FlowMarks } from '../flow/flowMarks';
import { lifecycleValue } from '../lifecycle/lifecycleSnapshot';
import { sortCategories } from '../categories/riskCategories';
import type { Vouched } from '../trace/traceFile';
import type { TraceChange } from '../trace/traceRecord';
import type { HeldToolCall } from './heldCalls';
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
  /** how many calls the session decided, which numbers the calls a flow mark names */
  readonly callsDecided: number;
  /** the held calls' details, as the governor keeps them while the chart holds them; a hold kept untimed has no `heldAt` */
  readonly heldCalls: readonly (Omit<HeldToolCall, 'heldAt'> & { readonly heldAt?: number })[];
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
      `controlFiles.adopted.intents: the snapshot was taken with the intents ` +
        `${adopted.intents ? 'read from the intents file' : 'given in options'}, and this governor's ` +
        `options ${sources.readsIntentsFile ? 'read them from the file' : 'give them'}`,
    ]);
  }
  const kept = (file: KeptFile) => ({ text: file.text, link: file.link });
  const files = controlFilesOfTexts(sources, {
    intents: adopted.intents && kept(adopted.intents),
    ignore: kept(adopted.ignore),
  });
  const issues = [
    ...(files.intents && adopted.intents ? [['intents', adopted.intents, files.intents] as const] : []),
    ['ignore', adopted.ignore, files.ignore] as const,
  ].flatMap(([name, stored, found]) => {
    if (stored.label !== found.label)
      return [
        `controlFiles.adopted.${name}: kept for '${stored.label}', and this governor's file is '${found.label}' (another workspace or orchestration directory)`,
      ];
    return stored.digest === found.digest
      ? []
      : [`controlFiles.adopted.${name}: the kept text does not match its digest`];
  });
  const unusable = unusableFile(files);
  if (unusable) issues.push(`controlFiles.adopted: a kept text cannot be used: ${unusable.message}`);
  if (issues.length > 0) throw new InvalidSnapshotError(issues);
  return files;
}

/** The held calls' details as the governor keeps them, rebuilt from what the snapshot kept. */
function heldCallsOf(snapshot: GovernorSnapshot): RestoredGovernor['heldCalls'] {
  return snapshot.lifecycle.heldCalls.flatMap(({ id, details }) => {
    if (details === undefined) return [];
    const { args, askedBy, heldAt } = details;
    return [
      {
        id,
        decision: freezeDecision(details.decision),
        args,
        ...(heldAt !== undefined && { heldAt }),
        ...(askedBy !== undefined && { askedBy }),
      },
    ];
  });
}

function flowMarksOfSnapshot(snapshot: GovernorSnapshot): FlowMarks {
  const { flow } = snapshot.lifecycle;
  if (flow === undefined) return NO_FLOW_MARKS;
  return {
    ...(flow.secret && { secret: { ...flow.secret } }),
    ...(flow.untrusted && { untrusted: { ...flow.untrusted } }),
  };
}

function heldCallRecordsOf(snapshot: GovernorSnapshot): HeldCall[] {
  return snapshot.lifecycle.heldCalls.map(({ id, tool, categories, destructive }) => ({
    id,
    tool,
    categories: sortCategories(categories),
    destructive,
  }));
}

/**
 * Reads a snapshot into the parts a governor starts from. Throws InvalidSnapshotError when it
 * does not validate, or was taken for other control files; nothing is started from it then.
 */
export function restoreGovernor(
  value: unknown,
  sources: ControlFileSources,
  machine: LifecycleMachine,
): RestoredGovernor {
  const snapshot = parseGovernorSnapshot(value);
  const { lifecycle } = snapshot;
  // validated by the intent schema; freezeIntents copies every list it holds
  const intents = freezeIntents(lifecycle.intents as readonly Intent[]);
  const heldCalls = heldCallRecordsOf(snapshot);
  const context: LifecycleContext = {
    intents,
    activeIntent: findIntent(intents, lifecycle.activeIntentId),
    orchestrationPresent: lifecycle.orchestrationPresent,
    destructiveRan: lifecycle.destructiveRan,
    destructiveSinceAdoption: lifecycle.destructiveSinceAdoption,
    heldCalls,
    heldChange: lifecycle.heldChange && { id: lifecycle.heldChange.id, files: lifecycle.heldChange.files },
    // a restored session keeps what it read; a snapshot from before the flow rules read nothing
    flowMarks: flowMarksOfSnapshot(snapshot),
  };
  // held calls are the chart's awaitingApproval substate; nothing else is
  const substate = heldCalls.length > 0 ? 'awaitingApproval' : 'ready';
  const approved = sortCategories(snapshot.approvedCategories);
  return {
    lifecycle: machine.resolveState({ value: lifecycleValue(lifecycle.state, substate, context.flowMarks), context }),
    approvals: approvalsMachine.resolveState({
      value: approved.length > 0 ? 'someApproved' : 'noneApproved',
      context: {
        sessionId: snapshot.sessionId,
        approved,
        grants: (snapshot.grants ?? []).map((kept) => grantOf(kept, kept)),
        grantsTaken: snapshot.grantsTaken ?? 0,
      },
    }),
    sessionId: snapshot.sessionId,
    files: adoptedFiles(snapshot, sources),
    controlFiles: {
      rejected: snapshot.controlFiles.rejected,
      suspects: snapshot.controlFiles.suspects,
      ...(snapshot.controlFiles.held && { held: snapshot.controlFiles.held }),
    },
    approvalsTaken: snapshot.approvalsTaken,
    callsDecided: snapshot.lifecycle.flow?.calls ?? 0,
    heldCalls: heldCallsOf(snapshot),
    traceChanges: snapshot.traceChanges.map((change) => ({ ...change })),
    traceFile: snapshot.traceFile && {
      file: snapshot.traceFile.file,
      vouched: {
        dev: snapshot.traceFile.dev,
        ino: snapshot.traceFile.ino,
        size: snapshot.traceFile.size,
        digest: snapshot.traceFile.digest,
      },
    },
  };
}
