// Fails when the modules under src/ and machines/ import each other in a cycle, or when a
// module other than the public barrel uses `export *`. Run with `npm run check:circular`.
import { fileURLToPath } from 'node:url';
import { readModuleGraph } from './moduleImports';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const BARREL = 'src/index.ts';

/** Tarjan's algorithm; returns the strongly connected components. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return components;
}

/** The shortest cycle through `start` inside one component, as a chain that ends where it began. */
function cycleThrough(
  start: string,
  members: ReadonlySet<string>,
  graph: ReadonlyMap<string, readonly string[]>,
): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at))
          chain.unshift(at);
        chain.unshift(start);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

function main(): number {
  const { modules, imports: graph, facts, unresolved } = readModuleGraph(REPO_ROOT);
  const problems: string[] = [...unresolved];
  for (const name of modules) {
    if (name === BARREL) continue;
    for (const line of facts.get(name)?.exportStarLines ?? [])
      problems.push(`${name}:${line}: 'export *' outside ${BARREL}; export names explicitly`);
  }

  const cycles = stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0] ?? '') ?? []).includes(component[0] ?? ''))
    .map((component) => {
      const members = new Set(component);
      const start = [...component].sort()[0] ?? '';
      return { chain: cycleThrough(start, members, graph), component: [...component].sort() };
    });

  for (const { chain, component } of cycles) {
    const extra =
      component.length > chain.length - 1
        ? `\n    (one cycle of ${component.length} mutually dependent modules: ${component.join(', ')})`
        : '';
    problems.push(`circular import: ${chain.join(' -> ')}${extra}`);
  }

  if (problems.length > 0) {
    console.error(`check:circular failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  const edgeCount = [...graph.values()].reduce((sum, edges) => sum + edges.length, 0);
  console.log(
    `no circular imports among ${modules.length} modules (${edgeCount} import edges); no 'export *' outside ${BARREL}`,
  );
  return 0;
}

process.exitCode = main();
