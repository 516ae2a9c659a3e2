import { lifecycleStateOf } from '../lifecycle/lifecycleSnapshot';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { Decision } from './decision';
import type { LifecycleSnapshot } from './machineDecision';

// past this many distinct names a view stops memoising, so made-up names cannot grow memory
const MAX_MEMOISED_NAMES = 4096;

interface StateView {
  readonly snapshot: LifecycleSnapshot;
  readonly decisions: Map<string, Decision>;
}

export interface DecisionTableSource {
  /** the actor's current snapshot */
  currentSnapshot(): LifecycleSnapshot;
  /** the snapshot the machine would have in another state with the current context */
  snapshotIn(state: LifecycleState, current: LifecycleSnapshot): LifecycleSnapshot;
  /** the statechart's decision on a tool asked about by name only */
  decideName(name: string, snapshot: LifecycleSnapshot): Decision;
}

/**
 * Name-only decisions memoised per snapshot: the table is derived from the statechart and
 * dropped whenever the snapshot changes, so the hot path is one comparison and one lookup.
 */
export class DecisionTable {
  readonly #source: DecisionTableSource;
  #snapshot: LifecycleSnapshot | undefined;
  #current: Map<string, Decision> | undefined;
  #others: Map<LifecycleState, StateView> | undefined;

  constructor(source: DecisionTableSource) {
    this.#source = source;
  }

  /** The decision for a tool name in the current state. */
  current(name: string): Decision {
    const snapshot = this.#source.currentSnapshot();
    if (snapshot !== this.#snapshot) this.#reset(snapshot);
    const decisions = (this.#current ??= new Map());
    return decisions.get(name) ?? this.#remember(decisions, name, this.#source.decideName(name, snapshot));
  }

  /** The decision for a tool name in any lifecycle state, with the current context. */
  in(state: LifecycleState, name: string): Decision {
    const snapshot = this.#source.currentSnapshot();
    if (state === lifecycleStateOf(snapshot)) return this.current(name);
    if (snapshot !== this.#snapshot) this.#reset(snapshot);
    const views = (this.#others ??= new Map());
    let view = views.get(state);
    if (!view) {
      view = { snapshot: this.#source.snapshotIn(state, snapshot), decisions: new Map() };
      views.set(state, view);
    }
    return view.decisions.get(name) ?? this.#remember(view.decisions, name, this.#source.decideName(name, view.snapshot));
  }

  #reset(snapshot: LifecycleSnapshot): void {
    this.#snapshot = snapshot;
    this.#current?.clear();
    this.#others?.clear();
  }

  #remember(decisions: Map<string, Decision>, name: string, decision: Decision): Decision {
    if (decisions.size < MAX_MEMOISED_NAMES) decisions.set(name, decision);
    return decision;
  }
}
