import type { CommandSpec, OperandSpec, OptionKind, ReaderName, RuleSpec } from './commandSpec';
import { RUN_ROLES } from './commandSpec';
import type { OptionGrammar } from './readOptions';

/** Operand roles that hold while one of the named options is given. */
export interface OperandOverride {
  readonly options: ReadonlySet<string>;
  readonly operands: OperandSpec;
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
  for (const [key, kind] of Object.entries(options ?? {}))
    for (const name of optionKeyNames(key)) table.set(name, kind);
}

function operandRoles(spec: OperandSpec | undefined): string[] {
  if (spec === undefined) return [];
  if (typeof spec === 'string') return [spec];
  return [
    ...(spec.leading ?? []),
    ...(spec.rest === undefined ? [] : [spec.rest]),
    ...(spec.last === undefined ? [] : [spec.last]),
    ...(spec.shellWhenEmpty === true ? ['shell'] : []),
  ];
}

function allOperandRoles(spec: CommandSpec): string[] {
  return [
    ...operandRoles(spec.operands),
    ...Object.values(spec.with ?? {}).flatMap((override) => operandRoles(override.operands)),
  ];
}

/** Whether the spec and every spec below it only read: no rules, writes, code or readers. */
function isInert(spec: CommandSpec): boolean {
  if ((spec.rules?.length ?? 0) > 0 || spec.reader !== undefined || spec.runsProjectCode === true) return false;
  const kinds = [...Object.values(spec.options ?? {}), ...Object.values(spec.globalOptions ?? {})];
  if (kinds.some((kind) => !QUIET_ROLES.has(kind))) return false;
  // an operand nobody described is an unknown one, a possible write
  if (spec.operands === undefined && spec.subcommands === undefined) return false;
  if (allOperandRoles(spec).some((role) => !QUIET_ROLES.has(role))) return false;
  const children = [
    ...Object.values(spec.subcommands ?? {}),
    ...[spec.otherSubcommand, spec.anySubcommand].filter((child) => child !== undefined),
  ];
  return children.every(isInert);
}

/** The subcommands of a level by name and alias (a name wins over an alias, the first over a later one), compiled when looked up. */
function subcommandTable(
  specs: Readonly<Record<string, CommandSpec>>,
  path: readonly string[],
  parent: CatalogNode,
  globals: ReadonlyMap<string, OptionKind>,
): SubcommandTable {
  const named = new Map<string, string>();
  for (const name of Object.keys(specs)) named.set(name, name);
  for (const [name, child] of Object.entries(specs))
    for (const alias of child.aliases ?? []) if (!named.has(alias)) named.set(alias, name);
  const compiled = new Map<string, CatalogNode>();
  return {
    get(word) {
      const name = named.get(word);
      if (name === undefined) return undefined;
      let node = compiled.get(name);
      if (node === undefined) {
        const spec = specs[name];
        if (spec === undefined) return undefined;
        node = compileNode(spec, [...path, name], parent, globals);
        compiled.set(name, node);
      }
      return node;
    },
  };
}

/**
 * One program or subcommand of the catalog, compiled from its spec: the option table it reads
 * with (its own options and the global options of the levels above), its subcommands by name
 * and alias, and what the walk needs to know about it without reading the spec again. What is
 * below it is compiled the first time it is asked for.
 */
const NO_TEXT_OPTIONS: ReadonlySet<string> = new Set();

export class CatalogNode {
  readonly options: ReadonlyMap<string, OptionKind>;
  readonly overrides: readonly OperandOverride[];
  /** an operand role, here or in an override, takes the rest of the line (a wrapper): options end at the first operand */
  readonly runsCommand: boolean;
  /** how options not listed read (see CommandSpec.unknownOptions), here or above */
  readonly unknownOptions: 'data' | 'operand' | undefined;
  /** the option table and rules this level reads its words with */
  readonly grammar: OptionGrammar;
  /** the bespoke readers of the levels from the program down to this one, in that order */
  readonly readers: readonly ReaderName[];
  /** an option moves the program to another folder (`git -C`) */
  readonly movesFolder: boolean;
  /** nothing here or below raises a category, changes a file or runs code */
  readonly inert: boolean;
  // the spec's fields the walk reads for every command, read once here: specs come in hundreds
  // of shapes, and reading them on each command costs more than reading one node's
  /** the spec's operand roles (see CommandSpec.operands) */
  readonly operands: OperandSpec | undefined;
  readonly rules: readonly RuleSpec[] | undefined;
  readonly runsProjectCode: boolean;
  /** true, or the options under which what it writes may be links */
  readonly placesLinks: boolean | string | undefined;
  readonly urlsAreText: boolean;
  /** options whose value is prose, here or above (see CommandSpec.textOptions) */
  readonly textOptions: ReadonlySet<string>;
  readonly packageScripts: readonly string[] | undefined;
  readonly #globals: ReadonlyMap<string, OptionKind>;
  readonly #subcommandSpecs: Readonly<Record<string, CommandSpec>> | undefined;
  readonly #otherSubcommandSpec: CommandSpec | undefined;
  readonly #anySubcommandSpec: CommandSpec | undefined;
  // each below is compiled on first use: a command is read with one or two of npm's sixty subcommands
  #chain: readonly CatalogNode[] | undefined;
  #subcommands: SubcommandTable | undefined;
  #otherSubcommand: CatalogNode | undefined;
  #anySubcommand: CatalogNode | undefined;

  constructor(
    readonly spec: CommandSpec,
    /** the program and subcommand names from the root: ['git', 'stash', 'drop'] */
    readonly path: readonly string[],
    readonly parent: CatalogNode | undefined,
    inherited: ReadonlyMap<string, OptionKind>,
  ) {
    const globals = new Map(inherited);
    addOptions(globals, spec.globalOptions);
    const options = new Map(globals);
    addOptions(options, spec.options);
    const unknownOptions = spec.unknownOptions ?? parent?.unknownOptions;
    const overrides = Object.entries(spec.with ?? {}).map(([key, override]) => ({
      options: new Set(optionKeyNames(key)),
      operands: override.operands,
    }));
    // an option an override names is one the program has: a flag, unless listed otherwise
    for (const override of overrides)
      for (const name of override.options) if (!options.has(name)) options.set(name, 'flag');
    this.#globals = globals;
    this.#subcommandSpecs = spec.subcommands;
    this.#otherSubcommandSpec = spec.otherSubcommand;
    this.#anySubcommandSpec = spec.anySubcommand;
    this.options = options;
    this.overrides = overrides;
    this.runsCommand = allOperandRoles(spec).some((role) => RUN_ROLE_NAMES.has(role));
    this.unknownOptions = unknownOptions;
    this.grammar = {
      options,
      numericOptions: spec.numericOptions === true,
      plusOptions: spec.plusOptions === true,
      unknownOptions,
      optionsEnd: new Set((spec.optionsEnd ?? []).flatMap(optionKeyNames)),
    };
    this.readers = [...(parent?.readers ?? []), ...(spec.reader === undefined ? [] : [spec.reader])];
    this.movesFolder = [...options.values()].includes('cwd');
    this.inert = isInert(spec);
    this.operands = spec.operands;
    this.rules = spec.rules;
    this.runsProjectCode = spec.runsProjectCode === true;
    this.placesLinks = spec.placesLinks;
    this.urlsAreText = spec.urlsAreText === true;
    this.textOptions =
      spec.textOptions === undefined ? (parent?.textOptions ?? NO_TEXT_OPTIONS) : new Set(spec.textOptions);
    this.packageScripts = spec.packageScripts;
  }

  /** the levels from the program down to this one */
  get chain(): readonly CatalogNode[] {
    return (this.#chain ??= [...(this.parent?.chain ?? []), this]);
  }

  get subcommands(): SubcommandTable | undefined {
    const specs = this.#subcommandSpecs;
    if (this.#subcommands === undefined && specs !== undefined)
      this.#subcommands = subcommandTable(specs, this.path, this, this.#globals);
    return this.#subcommands;
  }

  get otherSubcommand(): CatalogNode | undefined {
    const spec = this.#otherSubcommandSpec;
    if (this.#otherSubcommand === undefined && spec !== undefined)
      this.#otherSubcommand = compileNode(spec, [...this.path, '*'], this, this.#globals);
    return this.#otherSubcommand;
  }

  get anySubcommand(): CatalogNode | undefined {
    const spec = this.#anySubcommandSpec;
    if (this.#anySubcommand === undefined && spec !== undefined)
      this.#anySubcommand = compileNode(spec, [...this.path, '*'], this, this.#globals);
    return this.#anySubcommand;
  }
}

/** Compiles a spec (and, lazily, everything below it) into a catalog node. */
export function compileNode(
  spec: CommandSpec,
  path: readonly string[],
  parent: CatalogNode | undefined,
  inherited: ReadonlyMap<string, OptionKind>,
): CatalogNode {
  return new CatalogNode(spec, path, parent, inherited);
}
