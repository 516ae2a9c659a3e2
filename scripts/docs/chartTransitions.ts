import { actionLabel, decideCode, guardLabel } from './chartLabels';

/** What the generators read of an xstate state node; `machine.root` of any machine fits. */
export interface ChartNode {
  readonly key: string;
  readonly id: string;
  readonly path: readonly string[];
  readonly type: string;
  readonly description?: string | undefined;
  readonly states: Readonly<Record<string, ChartNode>>;
  /** read only on compound nodes */
  readonly initial: { readonly target: readonly ChartNode[] };
  readonly transitions: ReadonlyMap<string, readonly ChartTransitionDefinition[]>;
}

/** What the generators read of one xstate transition definition. */
export interface ChartTransitionDefinition {
  readonly target?: readonly ChartNode[] | undefined;
  readonly guard?: unknown;
  readonly actions: readonly unknown[];
}

/** One transition of a chart, labelled for the docs. */
export interface ChartTransition {
  /** the node whose `on` defines it */
  readonly source: ChartNode;
  readonly event: string;
  /** its place in the event's list on that node, from 1: the first whose guard holds is taken */
  readonly priority: number;
  readonly guard: string | undefined;
  /** empty for a transition that only runs actions */
  readonly targets: readonly ChartNode[];
  readonly actions: readonly string[];
  /** the reason codes of its `decide` actions */
  readonly codes: readonly string[];
}

/** The children of a node, in definition order. */
export function childrenOf(node: ChartNode): ChartNode[] {
  return Object.values(node.states);
}

/** The initial child of a compound node, if it has one. */
export function initialChildOf(node: ChartNode): ChartNode | undefined {
  return node.type === 'compound' ? node.initial.target[0] : undefined;
}

/** Every node under the root, the root first, depth first in definition order. */
export function chartNodes(root: ChartNode): ChartNode[] {
  return [root, ...childrenOf(root).flatMap((child) => chartNodes(child))];
}

/** Every transition of a chart: node by node, event by event, in priority order. */
export function chartTransitions(root: ChartNode): ChartTransition[] {
  return chartNodes(root).flatMap((source) =>
    [...source.transitions].flatMap(([event, definitions]) =>
      definitions.map((definition, index) => ({
        source,
        event,
        priority: index + 1,
        guard: guardLabel(definition.guard),
        targets: definition.target ?? [],
        actions: definition.actions.map(actionLabel),
        codes: definition.actions.flatMap((action) => decideCode(action) ?? []),
      })),
    ),
  );
}

/** A node's path as written in the docs (`REQUEST.awaitingApproval`); the root is "any state". */
export function nodeName(node: ChartNode): string {
  return node.path.length === 0 ? '(any state)' : node.path.join('.');
}

/** `event [guard] / actions`, the UML form of a transition label. */
export function transitionLabel(transition: ChartTransition): string {
  const guard = transition.guard === undefined ? '' : ` [${transition.guard}]`;
  const actions = transition.actions.length === 0 ? '' : ` / ${transition.actions.join(', ')}`;
  return `${transition.event}${guard}${actions}`;
}
