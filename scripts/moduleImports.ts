// The project's modules and the imports between them, read with the compiler's parser: what
// check:circular (cycles between modules) and check:layers (rules between folders) both judge.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The folders whose modules the checks read, relative to the repository root. */
export const SOURCE_DIRS = ['src', 'machines'] as const;

export const relativeTo = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');

export function listTsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

export interface ModuleFacts {
  /** every module specifier, static or dynamic, value or type-only */
  readonly specifiers: string[];
  /** line numbers of `export * from` / `export * as x from` */
  readonly exportStarLines: number[];
}

const stringSpecifier = (node: ts.Node | undefined): string | undefined =>
  node && ts.isStringLiteralLike(node) ? node.text : undefined;

/** Collects imports with the compiler's parser, so comments and strings never count. */
export function readModule(file: string): ModuleFacts {
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
export function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const withoutJs = base.replace(/\.(c|m)?js$/, '');
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts'), `${withoutJs}.ts`];
  return candidates.find((candidate) => candidate.endsWith('.ts') && isFile(candidate)) ?? candidates.find(isFile);
}

export interface ModuleGraph {
  /** every module, relative to the root, sorted */
  readonly modules: string[];
  /** each module's imports of other modules of the graph, relative to the root */
  readonly imports: Map<string, string[]>;
  /** each module's read facts, by its relative name */
  readonly facts: Map<string, ModuleFacts>;
  /** relative imports that name no file */
  readonly unresolved: string[];
}

/** Reads every module under `dirs` of `root` and the relative imports between them. */
export function readModuleGraph(root: string, dirs: readonly string[] = SOURCE_DIRS): ModuleGraph {
  const files = dirs.flatMap((dir) => listTsFiles(path.join(root, dir))).sort();
  const known = new Set(files);
  const imports = new Map<string, string[]>();
  const facts = new Map<string, ModuleFacts>();
  const unresolved: string[] = [];
  for (const file of files) {
    const name = relativeTo(root, file);
    const read = readModule(file);
    facts.set(name, read);
    const edges = new Set<string>();
    for (const specifier of read.specifiers) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target) unresolved.push(`${name}: cannot resolve import '${specifier}'`);
      else if (target.endsWith('.ts') && known.has(target)) edges.add(relativeTo(root, target));
    }
    imports.set(name, [...edges]);
  }
  return { modules: files.map((file) => relativeTo(root, file)), imports, facts, unresolved };
}
