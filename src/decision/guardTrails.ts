import type { SnapshotFrom } from 'xstate';
import type { LifecycleEvent, LifecycleMachine } from '../../machines/lifecycle';

type Snapshot = SnapshotFrom<LifecycleMachine>;
type ToolRequested = Extract<LifecycleEvent, { type: 'tool.requested' }>;
type GuardArgs = { readonly context: Snapshot['context']; readonly event: LifecycleEvent };
type Guard = (args: GuardArgs, params: undefined) => unknown;
type GuardImplementations = NonNullable<Parameters<LifecycleMachine['provide']>[0]['guards']>;

/** A point of a recorded path: the guard the chart read next, and where each answer leads. */
interface Branch<T> {
  readonly guard: string;
  whenTrue: Trail<T> | undefined;
  whenFalse: Trail<T> | undefined;
}

/** The end of a recorded path: what the chart answered. */
interface Leaf<T> {
  readonly answer: T;
}

type Trail<T> = Branch<T> | Leaf<T>;

/** Answers for one event type, by following the guard paths the chart was seen to take. */
export interface GuardTrails<T> {
  answer(snapshot: Snapshot, event: ToolRequested): T;
}

/** How many points all paths may hold: the chart has a few dozen; past this, the chart is asked. */
const MAX_POINTS = 4096;

const stateKeys = new WeakMap<object, string>();

/** A state value as a key; compound values are objects kept by the snapshot, so each is written once. */
function stateKey(value: Snapshot['value']): string {
  if (typeof value === 'string') return value;
  let key = stateKeys.get(value);
  if (key === undefined) {
    key = JSON.stringify(value);
    stateKeys.set(value, key);
  }
  return key;
}

/**
 * Records, per state, the guards the chart reads to answer an event and what each said, as a
 * tree of paths; a later event follows its path by calling the same guards directly. The chart
 * picks a transition from its state and its guards' answers alone (guards are pure functions
 * of context and event), so a path once recorded gives the chart's answer again. A path not
 * recorded yet is answered by `ask`, on a copy of the machine whose guards record what they
 * said. Every guard the chart reads is a named one: a test checks the answers against the
 * chart's own over random contexts and requests.
 */
export function createGuardTrails<T>(
  machine: LifecycleMachine,
  ask: (recording: LifecycleMachine, snapshot: Snapshot, event: ToolRequested) => T,
): GuardTrails<T> {
  const guards: Readonly<Record<string, unknown>> = machine.implementations.guards;
  const read: [guard: string, result: boolean][] = [];
  let recording: LifecycleMachine | undefined;
  const recordingMachine = (): LifecycleMachine => {
    const recorded = Object.fromEntries(
      Object.entries(guards).map(([name, guard]) => [
        name,
        (args: GuardArgs, params: undefined): boolean => {
          const result = Boolean((guard as Guard)(args, params));
          read.push([name, result]);
          return result;
        },
      ]),
    );
    return (recording ??= machine.provide({ guards: recorded as unknown as GuardImplementations }));
  };
  const roots = new Map<string, Trail<T>>();
  let points = 0;

  /** Adds the path just read; a path that disagrees with one recorded is left out (the chart keeps answering it). */
  const record = (key: string, answer: T): void => {
    if (points + read.length + 1 > MAX_POINTS) return;
    let parent: Branch<T> | undefined;
    let side = false;
    let node = roots.get(key);
    const attach = (child: Trail<T>): void => {
      if (parent === undefined) roots.set(key, child);
      else if (side) parent.whenTrue = child;
      else parent.whenFalse = child;
      points += 1;
    };
    for (const [guard, result] of read) {
      if (node === undefined) {
        node = { guard, whenTrue: undefined, whenFalse: undefined };
        attach(node);
      } else if (!('guard' in node) || node.guard !== guard) {
        return;
      }
      parent = node;
      side = result;
      node = result ? node.whenTrue : node.whenFalse;
    }
    if (node === undefined) attach({ answer });
  };

  return {
    answer(snapshot, event) {
      const key = stateKey(snapshot.value);
      const args: GuardArgs = { context: snapshot.context, event };
      let node = roots.get(key);
      while (node !== undefined && 'guard' in node)
        node = (guards[node.guard] as Guard)(args, undefined) ? node.whenTrue : node.whenFalse;
      if (node !== undefined) return node.answer;
      read.length = 0;
      const machineThatRecords = recordingMachine();
      const answer = ask(
        machineThatRecords,
        machineThatRecords.resolveState({ value: snapshot.value, context: snapshot.context }),
        event,
      );
      record(key, answer);
      return answer;
    },
  };
}
