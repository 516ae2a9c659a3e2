import { DECISION_CODES, REASON_CODES } from '../../src/decision/reasons';
import { chartNodes, chartTransitions, initialChildOf, nodeName, type ChartNode } from './chartTransitions';
import { code, codeList, table } from './markdown';

/** Every state of a chart with its initial substate and description. */
export function statesTable(root: ChartNode): string {
  const rows = chartNodes(root)
    .slice(1)
    .map((node) => [code(nodeName(node)), initialChildOf(node)?.key ?? '—', node.description ?? '']);
  return table(['state', 'initial substate', 'description'], rows);
}

/** Every transition of a chart, state by state and event by event, in priority order. */
export function transitionsTable(root: ChartNode): string {
  const rows = chartTransitions(root).map((transition) => [
    code(nodeName(transition.source)),
    code(transition.event),
    String(transition.priority),
    transition.guard === undefined ? '—' : code(transition.guard),
    transition.targets.length === 0 ? 'stays' : codeList(transition.targets.map(nodeName)),
    codeList(transition.actions),
  ]);
  return table(['state', 'event', '#', 'guard', 'target', 'actions'], rows);
}

/**
 * Every decision code with its verdict and rule (REASON_CODES) and the states whose
 * transitions decide it; codes no transition names are decided before or after the chart.
 */
export function decisionCodesTable(root: ChartNode): string {
  const transitions = chartTransitions(root);
  const rows = DECISION_CODES.map((decision) => {
    const states = [
      ...new Set(
        transitions
          .filter((transition) => transition.codes.includes(decision))
          .map((transition) => nodeName(transition.source)),
      ),
    ];
    const where = states.length === 0 ? 'none: decided by the governor, outside the statechart' : codeList(states);
    return [code(decision), REASON_CODES[decision].verdict, REASON_CODES[decision].rule, where];
  });
  return table(['code', 'verdict', 'rule', 'decided by the transitions of'], rows);
}
