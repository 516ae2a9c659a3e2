import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LifecycleMachine } from '../../machines/lifecycle';
import type { Decision } from '../decision/decision';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { describeControlFileChanges, type ControlFileChange } from '../intents/controlFileChanges';
import { freezeDecision } from '../decision/decisionSchema';
import {
  changedFiles,
  marksOf,
  readControlFiles,
  sameControlFiles,
  unusableFile,
  type ControlFileMarks,
  type ControlFiles,
  type ControlFileSources,
  type ControlFileVersion,
} from '../intents/controlFiles';
import { INTENTS_FILE_NAME } from '../intents/intentsFile';
import type { WidenedIntents } from '../intents/widenedIntents';
import type { Locale } from '../categories/riskCategories';
import type { ValidAnswer } from '../safeMode/sessionApprovals';
import { answeredChangeDecision, heldChangeDecision, type ControlFileDecisionInput } from './controlFileDecisions';
import type { SuspectCall } from './controlFilePrompt';
import { MAX_SUSPECTS, suspectArguments, type ControlFilesSnapshot } from './controlFilesSnapshot';
import { createControlFileWatch, type ControlFileWatch } from './controlFileWatch';
import type { ChartRef } from './governorChart';

/** What the control-file holds need from the governor. */
export interface ControlFileHoldParts {
  readonly actor: ChartRef<LifecycleMachine>;
  readonly sources: ControlFileSources;
  /** the control files as read when the governor was created (or as its snapshot kept them); they are adopted as they are */
  readonly initial: ControlFiles;
  /** what a snapshot kept besides the adopted files: rejections, suspects, a held change */
  readonly restored?: Omit<ControlFilesSnapshot, 'adopted'>;
  readonly orchestrationDirLabel: string;
  readonly locale: Locale;
  /** the approval id the next hold gets; taking it counts a hold */
  takeApprovalId(): string;
  /** writes a decision to the trace (failures do not stop a hold or an answer: nothing runs) */
  trace(decision: Decision): Decision;
}

/** A change held for a human: what they were shown, and the decision that shows it. */
interface HeldChange {
  readonly id: string;
  readonly proposal: ControlFileMarks;
  readonly changes: readonly ControlFileChange[];
  readonly decision: Decision;
}

export interface ControlFileHolds {
  /** whether the .intentignore rules in effect exclude a path (a method: a getter would put the holds in dictionary mode) */
  ignores(relativePath: string): boolean;
  /** the held change's decision, when the chart holds one */
  heldDecision(): Decision | undefined;
  /** Remembers a DESTRUCTIVE call that ran, for the prompt of a change found later. */
  recordDestructiveCall(call: SuspectCall): void;
  /**
   * Reads the control files and compares them with the adopted content. Something new is put to
   * the statechart, which holds it when a DESTRUCTIVE tool ran since the last adoption; otherwise
   * it is adopted, or, when a file cannot be used, its typed error is thrown and nothing changes.
   */
  check(orchestrationPresent: boolean): void;
  /** Answers the held change with this id; undefined when no change is held under it. */
  answer(id: string, answer: ValidAnswer, orchestrationPresent: boolean): Decision | undefined;
  /**
   * Writes a person's edit of the intents file and adopts it at once: the governor itself makes
   * the change, so no agent's call could have. Refused while the files hold anything not adopted
   * (a change waits for its own answer first), when the intents come from options, or when the
   * edit does not apply; the file is then left as it was.
   */
  writeIntents(edit: (text: string) => WidenedIntents, orchestrationPresent: boolean): WidenedIntents;
  /** what a snapshot keeps of the control files */
  persist(): ControlFilesSnapshot;
}

/** A version as a snapshot keeps it: its label, digest, text and link. */
function keptFile(version: ControlFileVersion<unknown>): ControlFilesSnapshot['adopted']['ignore'] {
  const text = version.content.usable ? version.content.text : undefined;
  return {
    label: version.label,
    digest: version.digest,
    ...(text !== undefined && { text }),
    ...(version.link !== undefined && { link: version.link }),
  };
}

/**
 * The control files' side of the governor: the content adopted, the change a human is asked
 * about, and the human's answers. The statechart keeps the record of the hold (its
 * `heldChange`); this keeps only what the chart never reads, found through its id.
 */
export function createControlFileHolds(parts: ControlFileHoldParts): ControlFileHolds {
  const { actor, sources } = parts;
  const { restored } = parts;
  const watch: ControlFileWatch = createControlFileWatch(parts.initial, restored?.rejected);
  const suspects: SuspectCall[] = [...(restored?.suspects ?? [])];
  let held: HeldChange | undefined = restored?.held && {
    ...restored.held,
    decision: freezeDecision(restored.held.decision),
  };

  const heldChange = (): HeldChange | undefined => {
    const pending = actor.getSnapshot().context.heldChange;
    return pending !== undefined && held?.id === pending.id ? held : undefined;
  };

  const decisionInput = (changes: readonly ControlFileChange[]): ControlFileDecisionInput => ({
    snapshot: actor.getSnapshot(),
    orchestrationDirLabel: parts.orchestrationDirLabel,
    changes,
    suspects,
    locale: parts.locale,
  });

  /** Adopts usable files: the statechart gets the intents, and the ignore rules apply from now on. */
  const adopt = (found: ControlFiles): void => {
    const problem = unusableFile(found);
    if (problem) throw problem;
    watch.adopt(found);
    suspects.length = 0;
    if (found.intents?.content.usable) actor.send({ type: 'intents.loaded', intents: found.intents.content.value });
  };

  /** Puts a reading with something new to the statechart; returns the hold's decision when it holds it. */
  const putToChart = (found: ControlFiles): Decision | undefined => {
    const id = parts.takeApprovalId();
    actor.send({ type: 'controlFiles.changed', id, files: changedFiles(watch.adopted, found) });
    if (actor.getSnapshot().context.heldChange?.id !== id) {
      // no DESTRUCTIVE tool ran since the last adoption: no agent's call could have made the change
      adopt(found);
      return undefined;
    }
    const changes = describeControlFileChanges(watch.adopted, found);
    held = {
      id,
      proposal: marksOf(found),
      changes,
      decision: parts.trace(heldChangeDecision(decisionInput(changes), id)),
    };
    return held.decision;
  };

  const check = (orchestrationPresent: boolean): void => {
    const found = readControlFiles(sources, orchestrationPresent);
    if (watch.isNew(marksOf(found), heldChange()?.proposal)) putToChart(found);
  };

  /** Accepting adopts the files as they are now, if they are what the human was shown (or what is enforced already). */
  const accept = (change: HeldChange, orchestrationPresent: boolean): Decision => {
    const found = readControlFiles(sources, orchestrationPresent);
    // changed again since it was shown: what is there now is put to the human instead
    if (!sameControlFiles(marksOf(found), change.proposal) && !sameControlFiles(marksOf(found), marksOf(watch.adopted)))
      return putToChart(found) ?? change.decision;
    // nothing usable to adopt yet: the hold stands, and its prompt says to fix the file first
    if (unusableFile(found)) return change.decision;
    actor.send({ type: 'controlFiles.accepted', id: change.id });
    adopt(found);
    return parts.trace(answeredChangeDecision(decisionInput(change.changes), 'control_file_accepted'));
  };

  const reject = (change: HeldChange): Decision => {
    actor.send({ type: 'controlFiles.rejected', id: change.id });
    watch.reject(change.proposal);
    return parts.trace(answeredChangeDecision(decisionInput(change.changes), 'control_file_rejected'));
  };

  return {
    ignores: (relativePath) => watch.ignore.ignores(relativePath),
    heldDecision: () => heldChange()?.decision,
    recordDestructiveCall(call) {
      // only what its prompt line reads is kept, so a restored governor asks in the same words
      suspects.push({ tool: call.tool, args: suspectArguments(call.args) });
      if (suspects.length > MAX_SUSPECTS) suspects.shift();
    },
    check,
    answer(id, answer, orchestrationPresent) {
      const change = heldChange();
      if (change?.id !== id) return undefined;
      switch (answer.kind) {
        case 'details':
          return change.decision;
        case 'continue':
          return accept(change, orchestrationPresent);
        case 'cancel':
          return reject(change);
        case 'edit':
          throw new InvalidArgumentError(
            `resolveApproval: '${id}' holds a change to ` +
              `${change.changes.map((item) => item.label).join(' and ')}, which takes 'continue' ` +
              `(accept), 'cancel' (reject) or 'details'; it has no arguments to edit`,
          );
      }
    },
    writeIntents(edit, orchestrationPresent) {
      if (!sources.readsIntentsFile)
        return { ok: false, problem: 'the intents come from the governor options, not from a file' };
      if (heldChange() !== undefined)
        return { ok: false, problem: 'a change to the control files waits for a human answer: answer it first' };
      const found = readControlFiles(sources, orchestrationPresent);
      if (!sameControlFiles(marksOf(found), marksOf(watch.adopted)))
        return {
          ok: false,
          problem: 'the control files changed since the governor adopted them: that change is put to a human first',
        };
      const content = found.intents?.content;
      if (content === undefined || !content.usable || content.text === undefined)
        return { ok: false, problem: 'the intents file cannot be read as text' };
      const edited = edit(content.text);
      if (!edited.ok) return edited;
      // written whole, then renamed over the file: a reader sees the old text or the new, never half
      const file = path.join(sources.orchestrationDir, INTENTS_FILE_NAME);
      const next = `${file}.${process.pid}.widened`;
      writeFileSync(next, edited.text, { mode: 0o644 });
      renameSync(next, file);
      adopt(readControlFiles(sources, orchestrationPresent));
      return edited;
    },
    persist() {
      const { adopted } = watch;
      const change = heldChange();
      return {
        adopted: { ...(adopted.intents && { intents: keptFile(adopted.intents) }), ignore: keptFile(adopted.ignore) },
        rejected: watch.rejectedDigests(),
        suspects: suspects.map((call) => ({ tool: call.tool, args: suspectArguments(call.args) })),
        ...(change && {
          held: { id: change.id, proposal: change.proposal, changes: change.changes, decision: change.decision },
        }),
      };
    },
  };
}
