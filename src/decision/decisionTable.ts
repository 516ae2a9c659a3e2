import { lifecycleStateOf } from '../lifecycle/lifecycleSnapshot';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { Decision } from './decision';
import type { LifecycleSnapshot } from './machineDecision';

// past this many distinct names a view stops memoising, so made-up names cannot grow memory
const MAX_MEMOISED_NAMES = 4096;

interface StateView {
  readonly snapshot: LifecycleSnapshot;
  readonly decisions: Map<string, Decision>;
  readonly verdicts: Verdicts;
}

/** Whether names may run, by verdict key: a handful of entries for any number of names. */
type Verdicts = Map<string, boolean>;

const newVerdicts = (): Verdicts => new Map();

export interface DecisionTableSource {
  /** the actor's current snapshot */
  currentSnapshot(): LifecycleSnapshot;
  /** the snapshot the machine would have in another state with the current context */
  snapshotIn(state: LifecycleState, current: LifecycleSnapshot): LifecycleSnapshot;
  /** the statechart's decision on a tool asked about by name only */
  decideName(name: string, snapshot: LifecycleSnapshot): Decision;
  /**
   * A key shared by names whose by-name verdict is always the same in one snapshot (their class,
   * or the handshake name itself), undefined for a name that is not a tool name (never allowed);
   * a name's decisions still differ in their messages.
   */
  verdictKey(name: string): string | undefined;
}

/**
 * Name-only decisions memoised per snapshot: the table is derived from the statechart and
 * dropped whenever the snapshot changes, so the hot path is one comparison and one lookup.
 */
export class DecisionTable {
  readonly #source: DecisionTableSource;
  #snapshot: LifecycleSnapshot | undefined;
  #current: Map<string, Decision> | undefined;
  #currentVerdicts: Verdicts | undefined;
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
    const view = this.#view(state, snapshot);
    return (
      view.decisions.get(name) ?? this.#remember(view.decisions, name, this.#source.decideName(name, view.snapshot))
    );
  }

  /**
   * Whether tool names may run in a state, as `in(state, name).allowed` says, memoised by each
   * name's verdict key: what `toolsFor` asks of every tool of a catalog of any size. The snapshot
   * is looked up once; the answer is valid until it changes, so ask again after any event.
   */
  verdictsIn(state: LifecycleState): (name: string) => boolean {
    const snapshot = this.#source.currentSnapshot();
    if (snapshot !== this.#snapshot) this.#reset(snapshot);
    const inCurrent = state === lifecycleStateOf(snapshot);
    const verdicts = inCurrent ? (this.#currentVerdicts ??= newVerdicts()) : this.#view(state, snapshot).verdicts;
    // the key is one lookup in the classifier's table; a by-name memo would cost as much and grow
    return (name) => {
      const key = this.#source.verdictKey(name);
      // no key: not a tool name, never allowed
      if (key === undefined) return false;
      let allowed = verdicts.get(key);
      if (allowed === undefined) {
        allowed = (inCurrent ? this.current(name) : this.in(state, name)).allowed;
        verdicts.set(key, allowed);
      }
      return allowed;
    };
  }

  #view(state: LifecycleState, snapshot: LifecycleSnapshot): StateView {
    if (snapshot !== this.#snapshot) this.#reset(snapshot);
    const views = (this.#others ??= new Map());
    let view = views.get(state);
    if (!view) {
      view = { snapshot: this.#source.snapshotIn(state, snapshot), decisions: new Map(), verdicts: newVerdicts() };
      views.set(state, view);
    }
    return view;
  }

  #reset(snapshot: LifecycleSnapshot): void {
    this.#snapshot = snapshot;
    this.#current?.clear();
    this.#currentVerdicts = undefined;
    this.#others?.clear();
  }

  #remember(decisions: Map<string, Decision>, name: string, decision: Decision): Decision {
    if (decisions.size < MAX_MEMOISED_NAMES) decisions.set(name, decision);
    return decision;
  }
}
