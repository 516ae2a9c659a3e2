import {
  createActor,
  type Actor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { GovernorInspector } from './governorOptions';

/** What a governor's parts read from a statechart and send it. */
export interface ChartRef<TLogic extends AnyStateMachine> {
  getSnapshot(): SnapshotFrom<TLogic>;
  send(event: EventFromLogic<TLogic>): void;
}

/** How a chart starts: from its input, or going on from a snapshot. */
export type ChartStart<TLogic extends AnyStateMachine> =
  | { readonly input: InputFrom<TLogic>; readonly snapshot?: undefined }
  | { readonly input?: undefined; readonly snapshot: SnapshotFrom<TLogic> };

const STOP_EVENT = { type: 'xstate.stop' } as const;

const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();

/**
 * One inert actor scope per statechart serves every governor: the charts spawn nothing, delay
 * nothing, and their one effect, `emit`, has listeners only on an actor.
 */
function sharedScope(logic: AnyStateMachine): AnyActorScope {
  let scope = scopes.get(logic);
  if (!scope) {
    // its own snapshot is never read: the scope's actor only names the chart's self in its actions
    const self = createActor(logic, { input: {} });
    scope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      logger: () => {},
      defer: () => {},
      emit: () => {},
      stopChild: () => {},
      actionExecutor: () => {},
    };
    scopes.set(logic, scope);
  }
  return scope;
}

/**
 * A governor's statechart: a snapshot moved by pure transitions, which costs a fraction of a
 * started actor's heap, until something asks for the actor (to inspect, subscribe or listen);
 * from then on the actor runs the chart, from the snapshot reached.
 */
export class GovernorChart<TLogic extends AnyStateMachine> implements ChartRef<TLogic> {
  readonly #logic: TLogic;
  // kept as the chart's plain snapshot; SnapshotFrom<TLogic> is that for every TLogic
  #snapshot: AnyMachineSnapshot;
  #actor: Actor<TLogic> | undefined;
  #listener: ((snapshot: SnapshotFrom<TLogic>) => void) | undefined;

  /** With an inspector, the actor starts at once, so the inspector sees the chart from its start. */
  constructor(logic: TLogic, start: ChartStart<TLogic>, inspect?: GovernorInspector) {
    this.#logic = logic;
    this.#snapshot = (start.snapshot ??
      logic.getInitialSnapshot(sharedScope(logic), start.input)) as AnyMachineSnapshot;
    if (inspect !== undefined)
      this.#actor = createActor(logic, { snapshot: start.snapshot, input: start.input, inspect }).start();
  }

  getSnapshot(): SnapshotFrom<TLogic> {
    return this.#actor ? this.#actor.getSnapshot() : (this.#snapshot as SnapshotFrom<TLogic>);
  }

  send(event: EventFromLogic<TLogic>): void {
    if (this.#actor) {
      this.#actor.send(event);
      return;
    }
    const before = this.#snapshot;
    // a stopped chart takes no events, as a stopped actor does
    if (before.status !== 'active') return;
    this.#snapshot = this.#next(before, event);
    if (this.#snapshot !== before) this.#listener?.(this.#snapshot as SnapshotFrom<TLogic>);
  }

  /** The actor running the chart; asking for it hands the chart over to it. */
  get actor(): Actor<TLogic> {
    if (!this.#actor) {
      const stopped = this.#snapshot.status === 'stopped';
      const logic: AnyStateMachine = this.#logic;
      const actor = createActor(logic, {
        snapshot: stopped ? { ...this.#snapshot, status: 'active', error: undefined } : this.#snapshot,
      }).start() as Actor<TLogic>;
      if (this.#listener) actor.subscribe(this.#listener);
      if (stopped) actor.stop();
      this.#actor = actor;
    }
    return this.#actor;
  }

  /** Calls `listener` with each new snapshot; a chart has one listener. */
  onChange(listener: (snapshot: SnapshotFrom<TLogic>) => void): void {
    this.#listener = listener;
    this.#actor?.subscribe(listener);
  }

  stop(): void {
    if (this.#actor) {
      this.#actor.stop();
      return;
    }
    if (this.#snapshot.status === 'active') this.#snapshot = this.#next(this.#snapshot, STOP_EVENT);
  }

  #next(snapshot: AnyMachineSnapshot, event: EventFromLogic<TLogic> | typeof STOP_EVENT): AnyMachineSnapshot {
    try {
      return this.#logic.transition(snapshot, event, sharedScope(this.#logic)) as AnyMachineSnapshot;
    } catch (error) {
      // as an actor does: a chart whose guard or action threw stops in an error state and takes no more events
      return { ...snapshot, status: 'error', error };
    }
  }
}
