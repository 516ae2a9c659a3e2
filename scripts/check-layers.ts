// Fails when an import between the folders of src/ and machines/ breaks a rule of "What may depend
// on what" (docs/architecture.md quotes LAYER_RULES; a test checks they agree), or when two folders
// import each other. Known violations are listed in KNOWN_VIOLATIONS, which may only shrink: an entry
// that no longer happens fails the check too, so it is removed with the import. Run with
// `npm run check:layers`.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readModuleGraph } from './moduleImports';

/**
 * One rule: modules in any of `modulesIn` may not import modules in any of `mayNotImport`. A
 * pattern is a folder ending in `/` that covers everything below it; `*` stands for one folder name.
 * Imports within the folder a module matched (its own family, say) never break the rule.
 */
export interface LayerRule {
  readonly name: string;
  readonly modulesIn: readonly string[];
  readonly mayNotImport: readonly string[];
  readonly why: string;
}

/** The name of the rule no rule list can leave out: no two folders import each other. */
export const MUTUAL_FOLDERS_RULE = 'no-folders-import-each-other';

export const LAYER_RULES: readonly LayerRule[] = [
  {
    name: 'engine-names-no-program',
    modulesIn: ['src/shell/engine/'],
    mayNotImport: ['src/shell/programs/'],
    why: 'bash semantics hold for every program; what one program does is in its family folder',
  },
  {
    name: 'catalog-names-no-program',
    modulesIn: ['src/shell/catalog/'],
    mayNotImport: ['src/shell/programs/', 'src/shell/engine/'],
    why:
      "the spec language reads every family alike, and the catalog's code " +
      "(src/shell/programs/readerRegistry.ts) reaches a family's; the engine reads specs, not the other way",
  },
  {
    name: 'words-are-primitives',
    modulesIn: ['src/shell/words/'],
    mayNotImport: [
      'src/shell/engine/',
      'src/shell/catalog/',
      'src/shell/programs/',
      'src/shell/runFiles/',
      'src/shell/sql/',
    ],
    why: 'shell words, globs, URLs and option grammar are read by every other part of the shell, so they read none of it',
  },
  {
    name: 'registry-names-no-program',
    modulesIn: ['src/shell/registry/'],
    mayNotImport: ['src/shell/programs/', 'src/shell/engine/'],
    why: 'the shape a family registers in is the same for every family, so it names none of them',
  },
  {
    name: 'run-files-name-no-program',
    modulesIn: ['src/shell/runFiles/'],
    mayNotImport: ['src/shell/programs/'],
    why: "reading the files a command runs is the same for every family; each family's reader is registered by name",
  },
  {
    name: 'sql-names-no-program',
    modulesIn: ['src/shell/sql/'],
    mayNotImport: ['src/shell/programs/'],
    why: 'the reading of SQL statements is shared by every family given SQL, so it names none of them',
  },
  {
    name: 'family-imports-no-other-family',
    modulesIn: ['src/shell/programs/*/'],
    mayNotImport: ['src/shell/programs/*/'],
    why: "a family reaches another only through the catalog's registry, so each can change alone",
  },
  {
    name: 'below-risk',
    modulesIn: ['src/shell/', 'src/tools/', 'src/approval/'],
    mayNotImport: ['src/risk/'],
    why: 'risk reads their results; they read the categories from their leaf module',
  },
  {
    name: 'categories-are-a-leaf',
    modulesIn: ['src/categories/'],
    mayNotImport: ['src/', 'machines/'],
    why: 'the nine categories and the evidence of one are read by every layer, so they read none',
  },
];

/**
 * One known violation: for a rule between modules, the importing and the imported module; for
 * MUTUAL_FOLDERS_RULE, the two folders in sorted order.
 */
export interface KnownViolation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

const pair = (from: string, to: string): KnownViolation => ({ rule: MUTUAL_FOLDERS_RULE, from, to });

/** Known, to be removed by the layout work (issue 35): this list may only shrink. */
export const KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  // pairs outside the shell (none is left around it)
  pair('machines', 'src/decision'),
  pair('src/cli', 'src/cli/commands'),
  pair('src/console', 'src/server'),
  pair('src/containment', 'src/governor'),
  pair('src/containment', 'src/hooks'),
  pair('src/decision', 'src/lifecycle'),
  pair('src/grants', 'src/intents'),
  pair('src/hooks', 'src/hooks/agents'),
  pair('src/hooks', 'src/sessions'),
  pair('src/intents', 'src/tools'),
  pair('src/server', 'src/sessions'),
];

export interface LayerViolation extends KnownViolation {
  /** what a reader is told: both modules (or folders) and the rule */
  readonly message: string;
}

export interface LayerReport {
  readonly moduleCount: number;
  /** violations not in the known list: each fails the check */
  readonly violations: LayerViolation[];
  /** known violations that no longer happen: each fails the check until removed from the list */
  readonly stale: KnownViolation[];
  /** every pair of folders that import each other, known or not, sorted */
  readonly mutualPairs: [string, string][];
  readonly problems: string[];
}

const folderOf = (module: string): string => path.posix.dirname(module);

/** A pattern as a regular expression matching the folder prefix of the modules it covers. */
function patternPrefix(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${escaped}`);
}

const violationKey = ({ rule, from, to }: KnownViolation): string => `${rule}\u0000${from}\u0000${to}`;

function ruleViolations(
  imports: ReadonlyMap<string, readonly string[]>,
  rules: readonly LayerRule[],
): LayerViolation[] {
  const found: LayerViolation[] = [];
  for (const rule of rules) {
    const sources = rule.modulesIn.map(patternPrefix);
    const targets = rule.mayNotImport.map(patternPrefix);
    for (const [from, imported] of imports) {
      const own = sources.map((source) => source.exec(from)?.[0]).find((prefix) => prefix !== undefined);
      if (own === undefined) continue;
      for (const to of imported) {
        if (to.startsWith(own) || !targets.some((target) => target.test(to))) continue;
        const message =
          `${from} imports ${to}: breaks rule "${rule.name}" ` +
          `(${rule.modulesIn.join(', ')} may not import ${rule.mayNotImport.join(', ')}: ${rule.why})`;
        found.push({ rule: rule.name, from, to, message });
      }
    }
  }
  return found;
}

/** Each pair of folders importing each other, with one import each way as the example. */
function mutualFolders(imports: ReadonlyMap<string, readonly string[]>): LayerViolation[] {
  const examples = new Map<string, string>();
  for (const [from, imported] of imports) {
    for (const to of imported) {
      const key = `${folderOf(from)}\u0000${folderOf(to)}`;
      if (folderOf(from) !== folderOf(to) && !examples.has(key)) examples.set(key, `${from} -> ${to}`);
    }
  }
  const found: LayerViolation[] = [];
  for (const [key, example] of examples) {
    const [a = '', b = ''] = key.split('\u0000');
    const back = examples.get(`${b}\u0000${a}`);
    if (back === undefined || a > b) continue;
    const message =
      `folders ${a} and ${b} import each other (${example}; ${back}): breaks rule "${MUTUAL_FOLDERS_RULE}" ` +
      '(imports between two folders go one way)';
    found.push({ rule: MUTUAL_FOLDERS_RULE, from: a, to: b, message });
  }
  return found;
}

/** Reads the modules under `root` and judges their imports by `rules`, with `known` allowed. */
export function checkLayers(
  root: string,
  rules: readonly LayerRule[] = LAYER_RULES,
  known: readonly KnownViolation[] = KNOWN_VIOLATIONS,
): LayerReport {
  const { modules, imports, unresolved } = readModuleGraph(root);
  const all = [...ruleViolations(imports, rules), ...mutualFolders(imports)];
  const knownKeys = new Set(known.map(violationKey));
  const happening = new Set(all.map(violationKey));
  const mutualPairs = all
    .filter((violation) => violation.rule === MUTUAL_FOLDERS_RULE)
    .map((violation): [string, string] => [violation.from, violation.to])
    .sort(([a, b], [c, d]) => a.localeCompare(c) || b.localeCompare(d));
  return {
    moduleCount: modules.length,
    violations: all.filter((violation) => !knownKeys.has(violationKey(violation))),
    stale: known.filter((entry) => !happening.has(violationKey(entry))),
    mutualPairs,
    problems: unresolved,
  };
}

/** The folders the shell analysis is made of, for the figure issue 35 follows. */
const isAroundTheShell = (folder: string): boolean => /^src\/(shell|risk)(\/|$)/.test(folder);

function main(): number {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const report = checkLayers(root);
  const failures = [
    ...report.problems,
    ...report.violations.map((violation) => violation.message),
    ...report.stale.map(
      (entry) =>
        `known violation no longer happens: ${entry.from} -> ${entry.to} (rule "${entry.rule}"); ` +
        'remove it from KNOWN_VIOLATIONS in scripts/check-layers.ts',
    ),
  ];
  const around = report.mutualPairs.filter(([a, b]) => isAroundTheShell(a) && isAroundTheShell(b));
  console.log(
    `folder pairs that import each other around the shell (both under src/shell or src/risk): ${around.length}` +
      around.map(([a, b]) => `\n  ${a} <-> ${b}`).join(''),
  );
  console.log(`folder pairs that import each other in all: ${report.mutualPairs.length}`);
  console.log(`known violations allowed (KNOWN_VIOLATIONS, may only shrink): ${KNOWN_VIOLATIONS.length}`);
  if (failures.length > 0) {
    console.error(`check:layers failed (${failures.length} problem${failures.length === 1 ? '' : 's'}):`);
    for (const failure of failures) console.error(`  ${failure}`);
    return 1;
  }
  console.log(`imports of ${report.moduleCount} modules keep to ${LAYER_RULES.length + 1} layer rules`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
