/** What the console reads of an xstate state node; `machine.root` of any machine fits. */
export interface ChartStateNode {
  readonly key: string;
  readonly path: readonly string[];
  readonly type: string;
  readonly states: Readonly<Record<string, ChartStateNode>>;
  /** read only on compound nodes */
  readonly initial: { readonly target: readonly ChartStateNode[] };
  readonly transitions: ReadonlyMap<string, readonly { readonly target?: readonly ChartStateNode[] | undefined }[]>;
}

/** A move between two states of one level, with the events that make it. */
export interface ChartEdge {
  readonly from: string;
  readonly to: string;
  readonly events: readonly string[];
}

/** A top-level state and its substates, ids as paths (`REASONING.awaitingApproval`). */
export interface ChartState {
  readonly id: string;
  readonly substates: readonly string[];
  readonly initialSubstate: string | undefined;
  /** moves between its substates */
  readonly inner: readonly ChartEdge[];
}

/** The chart as the console draws it: top-level states in definition order and the moves between them. */
export interface ChartGraph {
  readonly states: readonly ChartState[];
  readonly initial: string | undefined;
  /** moves between top-level states */
  readonly edges: readonly ChartEdge[];
  /** moves defined on the machine itself, taken from any state */
  readonly fromAnyState: readonly { readonly to: string; readonly events: readonly string[] }[];
  /**
   * the other regions of a parallel root (the lifecycle's flow region), each drawn beside the
   * first: its states, ids as `region.state`, and the moves between them
   */
  readonly regions: readonly ChartRegion[];
}

/** A region of a parallel root beside the one drawn as the chart: flat states and their moves. */
export interface ChartRegion {
  readonly id: string;
  readonly states: readonly string[];
  readonly initial: string | undefined;
  readonly edges: readonly ChartEdge[];
}

// ids are paths below the node drawn as the chart: a parallel root's first region is drawn as if it were the root
let base = 0;
const idOf = (node: ChartStateNode): string => node.path.slice(base).join('.');
const children = (node: ChartStateNode): ChartStateNode[] => Object.values(node.states);
const initialOf = (node: ChartStateNode): ChartStateNode | undefined =>
  node.type === 'compound' ? node.initial.target[0] : undefined;
const descendants = (node: ChartStateNode): ChartStateNode[] => [node, ...children(node).flatMap(descendants)];

/** Adds an event to the edge from -> to, keeping the first-seen order of edges and events. */
function addEdge(
  edges: Map<string, { from: string; to: string; events: string[] }>,
  from: string,
  to: string,
  event: string,
): void {
  const key = `${from}\u0000${to}`;
  const edge = edges.get(key) ?? { from, to, events: [] };
  if (!edge.events.includes(event)) edge.events.push(event);
  edges.set(key, edge);
}

/** Each transition of `node`'s subtree, with the node that defines it and one target. */
function targetedTransitions(
  node: ChartStateNode,
): { source: ChartStateNode; event: string; target: ChartStateNode }[] {
  return descendants(node).flatMap((source) =>
    [...source.transitions].flatMap(([event, definitions]) =>
      definitions.flatMap((definition) => (definition.target ?? []).map((target) => ({ source, event, target }))),
    ),
  );
}

// the level-1 node (substate) of `top` that holds `node`, if any
function substateOf(top: ChartStateNode, node: ChartStateNode): string | undefined {
  return node.path.length > top.path.length ? node.path.slice(base, top.path.length + 1).join('.') : undefined;
}

/**
 * Reads a machine's root into what the console draws: the top-level states with their
 * substates, and every targeted transition as an edge labelled with its event names. A
 * transition a composite state defines toward one of its own substates is a move from each
 * of its other substates.
 */
export function statechartGraph(machineRoot: ChartStateNode): ChartGraph {
  const [first, ...others] = machineRoot.type === 'parallel' ? children(machineRoot) : [];
  const root = first ?? machineRoot;
  base = root.path.length;
  try {
    return { ...graphOf(root), regions: others.map(regionOf) };
  } finally {
    base = 0;
  }
}

/** A flat region: its states and every targeted move between them. */
function regionOf(region: ChartStateNode): ChartRegion {
  const id = (node: ChartStateNode): string =>
    node.path.slice(region.path.length - 1, region.path.length + 1).join('.');
  const edges = new Map<string, { from: string; to: string; events: string[] }>();
  for (const { source, event, target } of targetedTransitions(region)) {
    if (target.path.length <= region.path.length) continue;
    const to = id(target);
    const froms = source === region ? children(region).map(id) : [id(source)];
    for (const from of froms) if (from !== to) addEdge(edges, from, to, event);
  }
  const initial = initialOf(region);
  return {
    id: region.key,
    states: children(region).map(id),
    initial: initial && id(initial),
    edges: [...edges.values()],
  };
}

function graphOf(root: ChartStateNode): Omit<ChartGraph, 'regions'> {
  const tops = children(root);
  const edges = new Map<string, { from: string; to: string; events: string[] }>();
  const states = tops.map((top): ChartState => {
    const inner = new Map<string, { from: string; to: string; events: string[] }>();
    for (const { source, event, target } of targetedTransitions(top)) {
      const targetTop = target.path[base];
      if (targetTop === undefined) continue;
      if (targetTop !== top.key) {
        addEdge(edges, top.key, targetTop, event);
        continue;
      }
      const to = substateOf(top, target);
      const from = substateOf(top, source);
      if (to === undefined) continue;
      const froms =
        from === undefined
          ? children(top)
              .map(idOf)
              .filter((id) => id !== to)
          : [from];
      for (const each of froms) if (each !== to) addEdge(inner, each, to, event);
    }
    const initial = initialOf(top);
    return {
      id: idOf(top),
      substates: children(top).map(idOf),
      initialSubstate: initial && idOf(initial),
      inner: [...inner.values()],
    };
  });
  const anyState = new Map<string, string[]>();
  for (const [event, definitions] of root.transitions) {
    for (const target of definitions.flatMap((definition) => definition.target ?? [])) {
      const to = target.path[base];
      if (to !== undefined) anyState.set(to, [...new Set([...(anyState.get(to) ?? []), event])]);
    }
  }
  const initial = initialOf(root);
  return {
    states,
    initial: initial && idOf(initial),
    edges: [...edges.values()],
    fromAnyState: [...anyState].map(([to, events]) => ({ to, events })),
  };
}

/** Every state id of the graph, top-level and substates, and its regions' states: the values the console may light. */
export function chartStateIds(graph: ChartGraph): string[] {
  return [
    ...graph.states.flatMap((state) => [state.id, ...state.substates]),
    ...graph.regions.flatMap((region) => region.states),
  ];
}
