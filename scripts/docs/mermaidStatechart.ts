import {
  chartNodes,
  chartTransitions,
  childrenOf,
  initialChildOf,
  transitionLabel,
  type ChartNode,
  type ChartTransition,
} from './chartTransitions';

/**
 * How the diagram draws the chart; the generated docs repeat it as the legend.
 * One rule per kind of transition, so the drawing can be checked against the tables.
 */
export const MERMAID_LEGEND = [
  'Composite states hold their substates; `[*]` points at each initial state.',
  'A transition defined on a composite state applies in each of its substates. When its target lies ' +
    'inside that state, it is drawn from each substate that does not hold the target (the loop back ' +
    'into the same substate is not drawn). Transitions defined on the machine itself (`(any state)` ' +
    'in the tables) are drawn the same way, from each top-level state.',
  'Transitions with no target run their actions and stay where they are: they are not drawn as arrows ' +
    'but listed in a note beside their state (each event with the reason codes it decides, or its ' +
    'actions), in priority order. The machine-level ones are repeated beside every top-level state that does not handle the event itself.',
  'Labels read `event [guard] / actions`; `&`, `|` and `!` are `and`, `or` and `not`; `decide(code)` is the action that names the reason code of a tool call.',
] as const;

const mermaidId = (node: ChartNode): string => node.path.join('_');

function holds(ancestor: ChartNode, node: ChartNode): boolean {
  return node.id === ancestor.id || node.id.startsWith(`${ancestor.id}.`);
}

interface Edge {
  readonly from: ChartNode;
  readonly to: ChartNode;
  readonly label: string;
}

function edgesOf(transition: ChartTransition): Edge[] {
  const label = transitionLabel(transition);
  return transition.targets.flatMap((to) => {
    const inside = to.id !== transition.source.id && holds(transition.source, to);
    const froms = inside ? childrenOf(transition.source).filter((child) => !holds(child, to)) : [transition.source];
    return froms.map((from) => ({ from, to, label }));
  });
}

/** The note of stay-put transitions beside a node: one line per event, in priority order. */
function noteLines(transitions: readonly ChartTransition[]): string[] {
  const byEvent = new Map<string, string[]>();
  for (const transition of transitions) {
    const effect =
      transition.codes.length > 0 ? transition.codes.join(' + ') : transition.actions.join(' + ') || 'nothing';
    byEvent.set(transition.event, [...(byEvent.get(transition.event) ?? []), effect]);
  }
  return [...byEvent].map(([event, effects]) => `${event}: ${effects.join(', ')}`);
}

// an edge between two substates of one composite state is written inside it, others at the top
function enclosing(edge: Edge): string | undefined {
  const parent = edge.from.path.slice(0, -1).join('.');
  return parent !== '' && parent === edge.to.path.slice(0, -1).join('.') ? parent : undefined;
}

const edgeLine = (edge: Edge): string => `${mermaidId(edge.from)} --> ${mermaidId(edge.to)} : ${edge.label}`;

function block(node: ChartNode, edges: readonly Edge[], indent: string): string[] {
  const initial = initialChildOf(node);
  const lines = initial === undefined ? [] : [`${indent}[*] --> ${mermaidId(initial)}`];
  for (const child of childrenOf(node)) {
    if (childrenOf(child).length === 0) lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
    else lines.push(`${indent}state ${mermaidId(child)} {`, ...block(child, edges, `${indent}  `), `${indent}}`);
  }
  const inner = edges.filter((edge) => node.path.length > 0 && enclosing(edge) === node.path.join('.'));
  return [...lines, ...inner.map((edge) => `${indent}${edgeLine(edge)}`)];
}

/**
 * A Mermaid `stateDiagram-v2` of a statechart, read from `machine.root`: every state and
 * substate, the initial states, every transition with its event, guard and actions
 * (see MERMAID_LEGEND for how targetless and inner transitions are shown).
 */
export function mermaidStatechart(root: ChartNode): string {
  const transitions = chartTransitions(root);
  const edges = transitions.flatMap(edgesOf);
  const lines = ['stateDiagram-v2', ...block(root, edges, '  ')];
  lines.push(...edges.filter((edge) => enclosing(edge) === undefined).map((edge) => `  ${edgeLine(edge)}`));
  const staying = transitions.filter((transition) => transition.targets.length === 0);
  for (const node of chartNodes(root).slice(1)) {
    // a state's own handler of an event shadows the machine-wide one
    const ownEvents = new Set(
      transitions.filter((transition) => transition.source.id === node.id).map((transition) => transition.event),
    );
    const machineWide =
      node.path.length === 1
        ? staying.filter((transition) => transition.source.id === root.id && !ownEvents.has(transition.event))
        : [];
    const note = noteLines([...staying.filter((transition) => transition.source.id === node.id), ...machineWide]);
    if (note.length > 0)
      lines.push(`  note right of ${mermaidId(node)}`, ...note.map((line) => `    ${line}`), '  end note');
  }
  return `${lines.join('\n')}\n`;
}
