/**
 * The shape of a language's read-only vocabulary: the words inline code may use and still only
 * compute, print and read the files it names literally. Each list is of what is known to be
 * harmless, never of what is harmful: a word outside them (`os.remove`, `open(x, 'w')`,
 * `getattr`, `constructor`, `system`) leaves the code unknown, and the call fails closed.
 */

export const CODE_LANGUAGES = ['python', 'node', 'ruby', 'perl'] as const;

/** A language whose inline code is read token by token against its vocabulary. */
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** What a read call's arguments after the path may be. */
export type ReadCallRest =
  /** nothing */
  | 'none'
  /** one string: the encoding (`fs.readFileSync('x', 'utf8')`); an options object may ask for a write (`{ flag: 'w' }`) */
  | 'encoding'
  /** python's open: a reading mode, and the keyword arguments that only say how text is decoded */
  | 'pythonOpen';

/** A call that reads the file or folder its first argument names as a literal, and does nothing else. */
export interface ReadCall {
  /** the function as the code names it, its parts joined by dots: `open`, `os.listdir`, `fs.readFileSync` */
  readonly callee: string;
  readonly rest: ReadCallRest;
  /** called with no argument, it reads this (`os.listdir()` lists '.') */
  readonly otherwise?: string;
  /** the read is the method called on the call's result: `Path('x').read_text()` */
  readonly then?: ReadonlySet<string>;
  /** what the literal must be: `require('./package.json')` parses JSON, `require('./x')` runs code */
  readonly literal?: RegExp;
}

/** What importing a module (`import`, `require`, `use`) gives the code. */
export interface ModuleUse {
  /** the name its chain and its read calls know it by (`fs` for `node:fs`) */
  readonly name: string;
  /** whether the module may be used as a whole (its members checked as members), or only through its chain and read calls */
  readonly whole: boolean;
  /** the names `from M import ...` may take from a module used through its chain (`Path` of pathlib) */
  readonly exports?: ReadonlySet<string>;
}

/** A language's read-only vocabulary. */
export interface CodeVocabulary {
  /** names harmless wherever they stand: keywords, builtins and modules that only compute */
  readonly names: ReadonlySet<string>;
  /** names harmless as a member of anything the code can reach (`.strip`, `.version`); never a module or a call that writes */
  readonly members: ReadonlySet<string>;
  /** the operators that make the next name a member (`.`, `?.`, `::`); perl's `.` joins strings */
  readonly memberAccess: ReadonlySet<string>;
  /**
   * Names usable only followed by one of their listed members (`os.getcwd`, `process.version`),
   * a listed member that is itself a key continuing the chain (`os.path.join`): the objects
   * they name can also do harm, so neither they nor their other members are ever plain values.
   */
  readonly chains: ReadonlyMap<string, ReadonlySet<string>>;
  readonly reads: readonly ReadCall[];
  /** the modules an import may name */
  readonly modules: ReadonlyMap<string, ModuleUse>;
  /** whether a name the code may bind keeps its own meaning wherever it is used: not a builtin, a global or a method every object has */
  readonly ownName: (name: string) => boolean;
  /** where an own name may stand: see OwnNameUse */
  readonly ownNames: OwnNameUse;
  /** the interpreter's options that load code the line does not show (`perl -MFoo`, `ruby -r./x`, an include folder) */
  readonly codeOptions: ReadonlySet<string>;
  /** the options that wrap the code in a loop over its operands opened as perl's two-argument open does (`'cmd|'` runs cmd) */
  readonly lineLoopOptions: ReadonlySet<string>;
}

/**
 * Where a language lets an own name stand. `anywhere`: an unbound name stops the code (python's
 * NameError), so any own name is harmless. `bound`: the code must bind it somewhere, since a
 * runtime may have globals this one lacks. `boundNotCalled`: bound, and never followed by
 * arguments or a block, which ruby reads as a call of the method of that name.
 */
export type OwnNameUse = 'anywhere' | 'bound' | 'boundNotCalled';

/** A set of the words of a text, split on whitespace. */
export function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((word) => word !== ''));
}

/** Chains from `head: member member...` lines. */
export function chains(text: string): ReadonlyMap<string, ReadonlySet<string>> {
  const map = new Map<string, ReadonlySet<string>>();
  for (const line of text.split('\n')) {
    const [head, members] = line.split(':');
    if (head !== undefined && members !== undefined) map.set(head.trim(), words(members));
  }
  return map;
}

/** Modules used as a whole, under their own names. */
export function wholeModules(names: ReadonlySet<string>): Map<string, ModuleUse> {
  return new Map([...names].map((name) => [name, { name, whole: true }]));
}
