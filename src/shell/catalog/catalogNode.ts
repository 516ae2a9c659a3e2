import type { CommandSpec, OperandSpec, OptionKind, ReaderName } from './commandSpec';
import { RUN_ROLES } from './commandSpec';
import type { OptionGrammar } from './readOptions';

/** Operand roles that hold while one of the named options is given. */
export interface OperandOverride {
  readonly options: ReadonlySet<string>;
  readonly operands: OperandSpec;
}

/**
 * One program or subcommand of the catalog, compiled from its spec: the option table it reads
 * with (its own options and the global options of the levels above), its subcommands by name
 * and alias, and what the walk needs to know about it without reading the spec again.
 */
export interface CatalogNode {
  readonly spec: CommandSpec;
  /** the program and subcommand names from the root: ['git', 'stash', 'drop'] */
  readonly path: readonly string[];
  readonly options: ReadonlyMap<string, OptionKind>;
  readonly subcommands: SubcommandTable | undefined;
  readonly otherSubcommand: CatalogNode | undefined;
  readonly anySubcommand: CatalogNode | undefined;
  /** how options not listed read (see CommandSpec.unknownOptions), here or above */
  readonly unknownOptions: 'data' | 'operand' | undefined;
  /** the option table and rules this level reads its words with */
  readonly grammar: OptionGrammar;
  /** the levels from the program down to this one */
  readonly chain: readonly CatalogNode[];
  /** the bespoke readers of those levels, in that order */
  readonly readers: readonly ReaderName[];
  /** an option moves the program to another folder (`git -C`) */
  readonly movesFolder: boolean;
  readonly overrides: readonly OperandOverride[];
  readonly parent: CatalogNode | undefined;
  /** an operand role, here or in an override, takes the rest of the line (a wrapper): options end at the first operand */
  readonly runsCommand: boolean;
  /** nothing here or below raises a category, changes a file or runs code */
  readonly inert: boolean;
}

/** A level's subcommands by name and alias; each is compiled the first time it is looked up. */
export interface SubcommandTable {
  get(name: string): CatalogNode | undefined;
}

const RUN_ROLE_NAMES: ReadonlySet<string> = new Set(RUN_ROLES);
const QUIET_ROLES: ReadonlySet<string> = new Set(['read', 'data', 'flag', 'optional']);

/** Splits an option key ('-o|--output') into its names. */
export function optionKeyNames(key: string): string[] {
  return key.split('|');
}

function addOptions(table: Map<string, OptionKind>, options: Readonly<Record<string, OptionKind>> | undefined): void {
  for (const [key, kind] of Object.entries(options ?? {})) for (const name of optionKeyNames(key)) table.set(name, kind);
}

function operandRoles(spec: OperandSpec | undefined): string[] {
  if (spec === undefined) return [];
  if (typeof spec === 'string') return [spec];
  return [...(spec.leading ?? []), ...(spec.rest === undefined ? [] : [spec.rest]), ...(spec.last === undefined ? [] : [spec.last]), ...(spec.shellWhenEmpty === true ? ['shell'] : [])];
}

function allOperandRoles(spec: CommandSpec): string[] {
  return [...operandRoles(spec.operands), ...Object.values(spec.with ?? {}).flatMap((override) => operandRoles(override.operands))];
}

/** Whether the spec and every spec below it only read: no rules, writes, code or readers. */
function isInert(spec: CommandSpec): boolean {
  if ((spec.rules?.length ?? 0) > 0 || spec.reader !== undefined || spec.runsProjectCode === true || (spec.hooks?.length ?? 0) > 0) return false;
  const kinds = [...Object.values(spec.options ?? {}), ...Object.values(spec.globalOptions ?? {})];
  if (kinds.some((kind) => !QUIET_ROLES.has(kind))) return false;
  // an operand nobody described is an unknown one, a possible write
  if (spec.operands === undefined && spec.subcommands === undefined) return false;
  if (allOperandRoles(spec).some((role) => !QUIET_ROLES.has(role))) return false;
  const children = [...Object.values(spec.subcommands ?? {}), ...[spec.otherSubcommand, spec.anySubcommand].filter((child) => child !== undefined)];
  return children.every(isInert);
}

/** The subcommands of a level by name and alias (a name wins over an alias, the first over a later one), compiled when looked up. */
function subcommandTable(specs: Readonly<Record<string, CommandSpec>>, path: readonly string[], parent: CatalogNode, globals: ReadonlyMap<string, OptionKind>): SubcommandTable {
  const named = new Map<string, string>();
  for (const name of Object.keys(specs)) named.set(name, name);
  for (const [name, child] of Object.entries(specs)) for (const alias of child.aliases ?? []) if (!named.has(alias)) named.set(alias, name);
  const compiled = new Map<string, CatalogNode>();
  return {
    get(word) {
      const name = named.get(word);
      const spec = name === undefined ? undefined : specs[name];
      if (name === undefined || spec === undefined) return undefined;
      let node = compiled.get(name);
      if (node === undefined) {
        node = compileNode(spec, [...path, name], parent, globals);
        compiled.set(name, node);
      }
      return node;
    },
  };
}

/** Compiles a spec (and, lazily, everything below it) into a catalog node. */
export function compileNode(spec: CommandSpec, path: readonly string[], parent: CatalogNode | undefined, inherited: ReadonlyMap<string, OptionKind>): CatalogNode {
  const globals = new Map(inherited);
  addOptions(globals, spec.globalOptions);
  const options = new Map(globals);
  addOptions(options, spec.options);
  const unknownOptions = spec.unknownOptions ?? parent?.unknownOptions;
  const overrides = Object.entries(spec.with ?? {}).map(([key, override]) => ({ options: new Set(optionKeyNames(key)), operands: override.operands }));
  // an option an override names is one the program has: a flag, unless listed otherwise
  for (const override of overrides) for (const name of override.options) if (!options.has(name)) options.set(name, 'flag');
  let subcommands: SubcommandTable | undefined;
  let otherSubcommand: CatalogNode | undefined;
  let anySubcommand: CatalogNode | undefined;
  let chain: CatalogNode[] | undefined;
  const node: CatalogNode = {
    spec,
    path,
    options,
    overrides,
    parent,
    runsCommand: allOperandRoles(spec).some((role) => RUN_ROLE_NAMES.has(role)),
    unknownOptions,
    grammar: { options, numericOptions: spec.numericOptions === true, plusOptions: spec.plusOptions === true, unknownOptions, optionsEnd: new Set((spec.optionsEnd ?? []).flatMap(optionKeyNames)) },
    get chain() {
      return (chain ??= [...(parent?.chain ?? []), node]);
    },
    readers: [...(parent?.readers ?? []), ...(spec.reader === undefined ? [] : [spec.reader])],
    movesFolder: [...options.values()].includes('cwd'),
    inert: isInert(spec),
    // each subcommand is compiled on first use: a command is read with one or two of npm's sixty
    get subcommands() {
      if (subcommands === undefined && spec.subcommands !== undefined) subcommands = subcommandTable(spec.subcommands, path, node, globals);
      return subcommands;
    },
    get otherSubcommand() {
      if (otherSubcommand === undefined && spec.otherSubcommand !== undefined) otherSubcommand = compileNode(spec.otherSubcommand, [...path, '*'], node, globals);
      return otherSubcommand;
    },
    get anySubcommand() {
      if (anySubcommand === undefined && spec.anySubcommand !== undefined) anySubcommand = compileNode(spec.anySubcommand, [...path, '*'], node, globals);
      return anySubcommand;
    },
  };
  return node;
}
