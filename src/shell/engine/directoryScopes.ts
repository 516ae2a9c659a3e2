import type { AndOr, Case, If, Pipeline, SyntaxNode } from 'unbash';
import type { DirectoryFlow } from './directoryFlow';
import { mergeDirectories, type WorkingDirectory } from './workingDirectory';

/** A step the walk takes between nodes: where the folder flow of a construct joins or resets. */
export interface FlowMark {
  readonly type: 'FlowMark';
  readonly step: () => void;
}

/** What the walk visits: syntax nodes, and the marks between them. */
export type WorkItem = SyntaxNode | FlowMark;

/** Builtins through which the folder changes; a function of that name takes their place. */
export const FOLDER_BUILTINS: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'builtin', 'command', 'enable']);

function mark(step: () => void): FlowMark {
  return { type: 'FlowMark', step };
}

/** The folder after a command on success and on failure; clears the pending failure. */
function outcome(flow: DirectoryFlow): { success: WorkingDirectory; failure: WorkingDirectory } {
  const success = flow.current;
  const failure = flow.failure ?? success;
  flow.failure = undefined;
  return { success, failure };
}

/** A subshell, substitution, background job or pipeline stage: nothing it changes reaches its parent. */
export function subshellEnd(flow: DirectoryFlow): FlowMark {
  const before = flow.snapshot();
  return mark(() => flow.restore(before));
}

/** A loop: when its body changes folder, a later pass reads its relative paths from elsewhere. */
export function loopEnd(flow: DirectoryFlow): FlowMark {
  const before = flow.changes;
  const outer = flow.openRegion(false);
  return mark(() => {
    flow.settle();
    const changed = flow.changes !== before;
    flow.closeRegion(outer, changed);
    if (changed) flow.forget();
  });
}

/** A function body runs when called, from the caller's folder; a cd in it may come first anywhere later. */
function functionEnd(flow: DirectoryFlow): FlowMark {
  const before = flow.snapshot();
  const outer = flow.openRegion(true);
  return mark(() => {
    const changed = flow.changes !== before.changes;
    flow.closeRegion(outer, false);
    flow.restore(before);
    if (changed) flow.forget();
  });
}

/** `a && b || c`: `&&` goes on where the last command succeeded, `||` where it failed. */
function andOrWork(node: AndOr, flow: DirectoryFlow): WorkItem[] {
  const work: WorkItem[] = [];
  let success: WorkingDirectory = null;
  let failure: WorkingDirectory = null;
  node.commands.forEach((command, index) => {
    work.push(command);
    work.push(
      mark(() => {
        const last = outcome(flow);
        const joined = node.operators[index - 1];
        if (joined === undefined) ({ success, failure } = last);
        else if (joined === '&&') [success, failure] = [last.success, mergeDirectories(failure, last.failure)];
        else [success, failure] = [mergeDirectories(success, last.success), last.failure];
        const next = node.operators[index];
        flow.current = next === undefined ? mergeDirectories(success, failure) : next === '&&' ? success : failure;
      }),
    );
  });
  return work;
}

/** `if`: a branch starts where its clause succeeded, the next clause where it failed; all branches join. */
function ifWork(node: If, flow: DirectoryFlow): WorkItem[] {
  const work: WorkItem[] = [];
  let otherwise: WorkingDirectory = null;
  let joined: WorkingDirectory | undefined;
  const branch = (clause: SyntaxNode, then: SyntaxNode): void => {
    work.push(clause);
    work.push(mark(() => ({ success: flow.current, failure: otherwise } = outcome(flow))));
    work.push(then);
    work.push(
      mark(() => {
        flow.settle();
        joined = joined === undefined ? flow.current : mergeDirectories(joined, flow.current);
        flow.current = otherwise;
      }),
    );
  };
  branch(node.clause, node.then);
  for (const elif of node.elif) branch(elif.clause, elif.then);
  if (node.else !== undefined) work.push(node.else);
  work.push(
    mark(() => {
      flow.settle();
      flow.current = joined === undefined ? flow.current : mergeDirectories(joined, flow.current);
    }),
  );
  return work;
}

/** `case`: each item starts from the case's folder, or from an earlier item it may fall into. */
function caseWork(node: Case, flow: DirectoryFlow): WorkItem[] {
  const work: WorkItem[] = [node.word];
  let start: WorkingDirectory = null;
  let joined: WorkingDirectory = null;
  let carried: WorkingDirectory | undefined;
  work.push(mark(() => ([start, joined] = [flow.current, flow.current])));
  for (const item of node.items) {
    work.push(mark(() => (flow.current = carried === undefined ? start : mergeDirectories(start, carried))));
    work.push(item);
    work.push(
      mark(() => {
        flow.settle();
        joined = mergeDirectories(joined, flow.current);
        // ;& runs the next body, ;;& tests the next patterns: either may follow this one
        if (item.terminator === ';&' || item.terminator === ';;&')
          carried = carried === undefined ? flow.current : mergeDirectories(carried, flow.current);
      }),
    );
  }
  work.push(mark(() => (flow.current = joined)));
  return work;
}

/** Marks around pipeline stages: [before stage i (none for the first)], then one after the last. */
export function pipelineMarks(node: Pipeline, flow: DirectoryFlow): (FlowMark | undefined)[] {
  const stages = node.commands.length;
  if (stages < 2) {
    // `! cmd` swaps success and failure: only the join of both is known
    const negated = node.prefixes.some((prefix) => prefix.type === 'Negation');
    return [undefined, negated ? mark(() => flow.settle()) : undefined];
  }
  const before = flow.snapshot();
  let lastStart = 0;
  const marks: (FlowMark | undefined)[] = [undefined];
  for (let index = 1; index < stages; index++) {
    const last = index === stages - 1;
    marks.push(
      mark(() => {
        flow.restore(before);
        if (last) lastStart = flow.changes;
      }),
    );
  }
  marks.push(
    mark(() => {
      // with `shopt -s lastpipe` the last stage runs in this shell
      const lastChanged = flow.changes !== lastStart;
      flow.restore(before);
      if (lastChanged) flow.forget();
    }),
  );
  return marks;
}

/**
 * The work list, in source order, of a node whose parts run in their own folder flow; undefined
 * for a node whose children simply run one after another.
 */
export function scopedWork(node: SyntaxNode, flow: DirectoryFlow): WorkItem[] | undefined {
  switch (node.type) {
    case 'Statement':
      return node.background === true ? [node.command, subshellEnd(flow)] : undefined;
    case 'AndOr':
      return andOrWork(node, flow);
    case 'If':
      return ifWork(node, flow);
    case 'Case':
      return caseWork(node, flow);
    case 'Subshell':
    case 'Coproc':
      return [node.body, subshellEnd(flow)];
    case 'While':
      return [node.clause, node.body, loopEnd(flow)];
    case 'For':
    case 'Select':
      return [node.name, ...(node.wordlist ?? []), node.body, loopEnd(flow)];
    case 'Function':
      // a function named like a folder builtin replaces it: later cds cannot be trusted
      if (FOLDER_BUILTINS.has(node.name.value)) flow.overridden = true;
      return [node.body, functionEnd(flow)];
    default:
      return undefined;
  }
}
