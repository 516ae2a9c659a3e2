// Fails when the modules under src/ and machines/ import each other in a cycle, or when a
// module other than the public barrel uses `export *`. Run with `npm run check:circular`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_DIRS = ['src', 'machines'];
const BARREL = 'src/index.ts';

const relativeToRepo = (file: string): string => path.relative(REPO_ROOT, file).split(path.sep).join('/');

function listTsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface ModuleFacts {
  /** every module specifier, static or dynamic, value or type-only */
  readonly specifiers: string[];
  /** line numbers of `export * from` / `export * as x from` */
  readonly exportStarLines: number[];
}

const stringSpecifier = (node: ts.Node | undefined): string | undefined =>
  node && ts.isStringLiteralLike(node) ? node.text : undefined;

/** Collects imports with the compiler's parser, so comments and strings never count. */
function readModule(file: string): ModuleFacts {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const facts: ModuleFacts = { specifiers: [], exportStarLines: [] };
  const add = (specifier: string | undefined): void => {
    if (specifier !== undefined) facts.specifiers.push(specifier);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(stringSpecifier(node.moduleSpecifier));
    else if (ts.isExportDeclaration(node)) {
      add(stringSpecifier(node.moduleSpecifier));
      if (node.moduleSpecifier && (!node.exportClause || ts.isNamespaceExport(node.exportClause))) {
        facts.exportStarLines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
      }
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(stringSpecifier(node.moduleReference.expression));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(stringSpecifier(node.argument.literal));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(stringSpecifier(node.arguments[0]));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

/** Resolves a relative specifier the way moduleResolution Bundler does for extensionless .ts imports. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const withoutJs = base.replace(/\.(c|m)?js$/, '');
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts'), `${withoutJs}.ts`];
  return candidates.find((candidate) => candidate.endsWith('.ts') && isFile(candidate)) ?? candidates.find(isFile);
}

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
  const files = SOURCE_DIRS.flatMap((dir) => listTsFiles(path.join(REPO_ROOT, dir))).sort();
  const graph = new Map<string, string[]>();
  const problems: string[] = [];

  for (const file of files) {
    const name = relativeToRepo(file);
    const facts = readModule(file);
    const edges = new Set<string>();
    for (const specifier of facts.specifiers) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target) problems.push(`${name}: cannot resolve import '${specifier}'`);
      else if (target.endsWith('.ts') && files.includes(target)) edges.add(relativeToRepo(target));
    }
    graph.set(name, [...edges]);
    if (name !== BARREL) {
      for (const line of facts.exportStarLines)
        problems.push(`${name}:${line}: 'export *' outside ${BARREL}; export names explicitly`);
    }
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
    `no circular imports among ${files.length} modules (${edgeCount} import edges); no 'export *' outside ${BARREL}`,
  );
  return 0;
}

process.exitCode = main();
