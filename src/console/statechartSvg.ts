import type { ChartEdge, ChartGraph, ChartRegion, ChartState } from './statechartGraph';

/** Escapes text for SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// the drawing's measures, in SVG user units
const BOX_WIDTH = 210;
const GAP = 150;
const SUB_HEIGHT = 30;
const SUB_GAP = 30;
const SUB_TOP = 40;
const LINE = 13;
const MARGIN_X = 44;

interface Point {
  readonly x: number;
  readonly y: number;
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const boxHeight = (state: ChartState): number =>
  SUB_TOP + state.substates.length * (SUB_HEIGHT + SUB_GAP) - SUB_GAP + 20;
const arcHeight = (distance: number): number => 26 + 24 * distance;

/** A filled triangle pointing from `from` toward `tip`. */
function arrowHead(tip: Point, from: Point): string {
  const length = Math.hypot(tip.x - from.x, tip.y - from.y) || 1;
  const [dx, dy] = [(tip.x - from.x) / length, (tip.y - from.y) / length];
  const base = { x: tip.x - dx * 8, y: tip.y - dy * 8 };
  const corners = [tip, { x: base.x - dy * 4, y: base.y + dx * 4 }, { x: base.x + dy * 4, y: base.y - dx * 4 }];
  return `<polygon class="ig-arrowhead" points="${corners.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}"/>`;
}

/** Event names as stacked lines; `direction` -1 stacks upward from `at`. */
function labelLines(events: readonly string[], at: Point, direction: 1 | -1): string {
  return events
    .map(
      (event, index) =>
        `<text class="ig-event" x="${at.x}" y="${at.y + direction * index * LINE}" text-anchor="middle">${escapeXml(event)}</text>`,
    )
    .join('');
}

function topEdge(edge: ChartEdge, boxes: ReadonlyMap<string, Box>, order: readonly string[]): string {
  const from = boxes.get(edge.from);
  const to = boxes.get(edge.to);
  if (!from || !to) return '';
  const distance = order.indexOf(edge.to) - order.indexOf(edge.from);
  const forward = distance > 0;
  const title = `<title>${escapeXml(`${edge.from} → ${edge.to}: ${edge.events.join(', ')}`)}</title>`;
  if (Math.abs(distance) === 1) {
    // neighbours: forward along the upper part of the gap, back along the lower part
    const y = forward ? from.y + 50 : from.y + from.height - 40;
    const start = { x: forward ? from.x + from.width : from.x, y };
    const end = { x: forward ? to.x : to.x + to.width, y };
    const label = labelLines(edge.events, { x: (start.x + end.x) / 2, y: forward ? y - 6 : y + 14 }, forward ? -1 : 1);
    return `<g class="ig-edge">${title}<line x1="${start.x}" y1="${y}" x2="${end.x}" y2="${y}"/>${arrowHead(end, start)}${label}</g>`;
  }
  // farther apart: an arc over the boxes forward, under them back
  const lift = arcHeight(Math.abs(distance)) * (forward ? -1 : 1);
  const start = { x: from.x + from.width / 2 + (forward ? 30 : -30), y: forward ? from.y : from.y + from.height };
  const end = { x: to.x + to.width / 2 + (forward ? -30 : 30), y: forward ? to.y : to.y + to.height };
  const apex = { x: (start.x + end.x) / 2, y: start.y + lift * 0.75 };
  const path = `M${start.x},${start.y} C${start.x},${start.y + lift} ${end.x},${end.y + lift} ${end.x},${end.y}`;
  const label = labelLines(edge.events, { x: apex.x, y: forward ? apex.y - 6 : apex.y + 14 }, forward ? -1 : 1);
  return `<g class="ig-edge">${title}<path d="${path}"/>${arrowHead(end, { x: end.x, y: end.y + lift })}${label}</g>`;
}

function subBox(box: Box, index: number): Box {
  return {
    x: box.x + 20,
    y: box.y + SUB_TOP + index * (SUB_HEIGHT + SUB_GAP),
    width: box.width - 40,
    height: SUB_HEIGHT,
  };
}

function innerEdge(edge: ChartEdge, state: ChartState, box: Box): string {
  const fromIndex = state.substates.indexOf(edge.from);
  const toIndex = state.substates.indexOf(edge.to);
  if (fromIndex < 0 || toIndex < 0) return '';
  const down = toIndex > fromIndex;
  const [from, to] = [subBox(box, fromIndex), subBox(box, toIndex)];
  const x = box.x + box.width / 2 + (down ? -25 : 25);
  const start = { x, y: down ? from.y + from.height : from.y };
  const end = { x, y: down ? to.y : to.y + to.height };
  const title = `<title>${escapeXml(`${edge.from} → ${edge.to}: ${edge.events.join(', ')}`)}</title>`;
  return `<g class="ig-edge ig-inner">${title}<line x1="${x}" y1="${start.y}" x2="${x}" y2="${end.y}"/>${arrowHead(end, start)}</g>`;
}

/** The class that marks a state lit: it is one of the lit ids, or holds one. */
const litClassOf =
  (lit: readonly string[]) =>
  (id: string): string =>
    lit.some((each) => each === id || each.startsWith(`${id}.`)) ? ' lit' : '';

const REGION_HEIGHT = 70;

/**
 * A region beside the chart (the flow region) as one box under it: its states in a row, lit
 * like substates, and its moves written as lines under the box (four states joined every which
 * way read better as text than as crossing arrows).
 */
function regionGroup(region: ChartRegion, box: Box, lit: readonly string[]): { svg: string; lines: string[] } {
  const litClass = litClassOf(lit);
  const count = Math.max(1, region.states.length);
  const slot = (box.width - 40) / count;
  const states = region.states.map((id, index) => {
    const x = box.x + 20 + index * slot;
    const name = id.slice(region.id.length + 1);
    return (
      `<g class="ig-substate${litClass(id)}" data-state="${escapeXml(id)}"><rect x="${x + 5}" ` +
      `y="${box.y + 30}" width="${slot - 10}" height="${SUB_HEIGHT}" rx="6"/>` +
      `<text x="${x + slot / 2}" y="${box.y + 49}" text-anchor="middle">${escapeXml(name)}</text></g>`
    );
  });
  const svg =
    `<g class="ig-state${litClass(region.id)}" data-state="${escapeXml(region.id)}"><rect ` +
    `x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="10"/>` +
    `<text class="ig-state-name" x="${box.x + 14}" y="${box.y + 20}">${escapeXml(region.id)}</text>${states.join('')}</g>`;
  const name = (id: string): string => id.slice(region.id.length + 1);
  const lines = region.edges.map(
    (edge) => `${region.id}: ${name(edge.from)} → ${name(edge.to)} on ${edge.events.join(', ')}`,
  );
  return { svg, lines };
}

function stateGroup(state: ChartState, box: Box, lit: readonly string[]): string {
  const litClass = litClassOf(lit);
  const substates = state.substates.map((id, index) => {
    const sub = subBox(box, index);
    const name = id.slice(state.id.length + 1);
    return (
      `<g class="ig-substate${litClass(id)}" data-state="${escapeXml(id)}"><rect x="${sub.x}" ` +
      `y="${sub.y}" width="${sub.width}" height="${sub.height}" rx="6"/>` +
      `<text x="${sub.x + sub.width / 2}" y="${sub.y + 19}" text-anchor="middle">${escapeXml(name)}</text></g>`
    );
  });
  return (
    `<g class="ig-state${litClass(state.id)}" data-state="${escapeXml(state.id)}"><rect x="${box.x}" ` +
    `y="${box.y}" width="${box.width}" height="${box.height}" rx="10"/>` +
    `<text class="ig-state-name" x="${box.x + box.width / 2}" y="${box.y + 24}" text-anchor="middle">${escapeXml(state.id)}</text>` +
    `${substates.join('')}${state.inner.map((edge) => innerEdge(edge, state, box)).join('')}</g>`
  );
}

/**
 * The lifecycle statechart as an SVG element: top-level states in a row, each with its
 * substates, neighbours joined by straight arrows and farther states by arcs, every arrow
 * labelled with its events. `lit` (a state id like `REASONING.awaitingApproval`) marks the
 * current state and its parent with the class `lit`. Styled by class, no inline styles.
 */
export function statechartSvg(graph: ChartGraph, litStates?: string | readonly string[]): string {
  const lit: readonly string[] = litStates === undefined ? [] : typeof litStates === 'string' ? [litStates] : litStates;
  const order = graph.states.map((state) => state.id);
  const height = Math.max(0, ...graph.states.map(boxHeight));
  const distances = graph.edges.map((edge) => order.indexOf(edge.to) - order.indexOf(edge.from));
  const above = Math.max(0, ...distances.filter((d) => d > 1).map((d) => arcHeight(d) * 0.75 + 10 + LINE * 2));
  const below = Math.max(0, ...distances.filter((d) => d < -1).map((d) => arcHeight(-d) * 0.75 + 10 + LINE * 2));
  const top = 12 + above;
  const boxes = new Map(
    graph.states.map((state, index): [string, Box] => [
      state.id,
      { x: MARGIN_X + index * (BOX_WIDTH + GAP), y: top, width: BOX_WIDTH, height },
    ]),
  );
  const width = MARGIN_X + order.length * (BOX_WIDTH + GAP) - GAP + 20;
  const regionTop = top + height + below + 12;
  const regions = graph.regions.map((region, index) =>
    regionGroup(
      region,
      { x: MARGIN_X, y: regionTop + index * (REGION_HEIGHT + 12), width: width - MARGIN_X - 20, height: REGION_HEIGHT },
      lit,
    ),
  );
  const notesTop = regionTop + regions.length * (REGION_HEIGHT + 12);
  const notes = [
    ...graph.fromAnyState.map((entry) => `${entry.events.join(', ')}: any state → ${entry.to}`),
    ...regions.flatMap((region) => region.lines),
  ];
  const total = notesTop + notes.length * (LINE + 4);
  const initial = graph.initial === undefined ? undefined : boxes.get(graph.initial);
  const entry = initial
    ? `<g class="ig-initial"><circle cx="${initial.x - 30}" cy="${initial.y + 30}" r="6"/><line ` +
      `x1="${initial.x - 24}" y1="${initial.y + 30}" x2="${initial.x}" ` +
      `y2="${initial.y + 30}"/>${arrowHead({ x: initial.x, y: initial.y + 30 }, { x: initial.x - 24, y: initial.y + 30 })}</g>`
    : '';
  const noteText = notes.map(
    (note, index) =>
      `<text class="ig-note" x="${MARGIN_X}" y="${notesTop + 2 + index * (LINE + 4)}">${escapeXml(note)}</text>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="ig-chart" viewBox="0 0 ${width} ${total}" ` +
    `width="${width}" height="${total}" role="img"${lit.length > 0 ? ` data-lit="${escapeXml(lit.join(' '))}"` : ''}>` +
    `<title>${escapeXml(lit.length > 0 ? `lifecycle statechart, current state ${lit.join(', ')}` : 'lifecycle statechart')}</title>` +
    `${graph.states.map((state) => stateGroup(state, boxes.get(state.id) ?? { x: 0, y: 0, width: 0, height: 0 }, lit)).join('')}` +
    `${regions.map((region) => region.svg).join('')}` +
    `${graph.edges.map((edge) => topEdge(edge, boxes, order)).join('')}${entry}${noteText.join('')}</svg>`
  );
}
