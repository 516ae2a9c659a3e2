import { RISK_CATEGORIES, type RiskCategory } from '../../categories/riskCategories';

/** The categories a shell command can raise; a command whose effect cannot be known gets them all. */
export const SHELL_CATEGORIES: readonly RiskCategory[] = RISK_CATEGORIES;

/** One category raised by one simple command. */
export interface ShellFinding {
  readonly category: RiskCategory;
  /** the word, command or operand that triggered it, as bash would evaluate it (e.g. 'sudo', 'git push', 'https://x.io') */
  readonly trigger: string;
  /** the simple command it was found in: its evaluated words joined by spaces */
  readonly command: string;
  /** why, in a few words (e.g. 'package install', 'parse error at offset 12: fail closed') */
  readonly note: string;
  /** up to three detail values, aligned with the category's detail labels (seed 002 C); '' when unknown */
  readonly details: readonly [string, string, string];
  /** raised because the effect cannot be known statically (fail closed), not because a rule saw it */
  readonly unseen?: true;
}

/** What a path operand is used for by the command that names it. */
export type PathRole = 'read' | 'write' | 'overwrite' | 'delete';

/** A word a command uses as a file path; the caller analyses it against the workspace. */
export interface ShellPathOperand {
  /** the evaluated word, or undefined when it is built at run time ($VAR, $(...), globs) */
  readonly path: string | undefined;
  /** the word as written in the source */
  readonly source: string;
  readonly role: PathRole;
  /** the simple command it belongs to, evaluated words joined by spaces */
  readonly command: string;
  /** why the role is assumed, not known: the program, a subcommand or an option is not in the command catalog */
  readonly assumed?: string;
  /** `path` is a glob's text (`src/*.ts`): bash expands it against the disk when the command runs */
  readonly glob?: true;
  /**
   * what the command writes there may be a link or a tree holding links: a later path at or below
   * it is not known before it runs; `inside`: only what it writes inside the folder may be
   * (`mv a dir/`), so a later path below it is not known, while the folder itself is
   */
  readonly placesLinks?: true | 'inside';
  /** what it writes is analysed here (the value `git config` stores), so code read from it later is known */
  readonly contentAnalysed?: boolean;
}

/**
 * When the file a run names cannot be read at decision time: `always`, the call fails closed
 * (a start-up file, a Makefile named by -f, an include); `ifPresent`, it fails closed only when
 * the file exists (a git hook: none, nothing runs). Without it the run stays EXEC_ARBITRARY.
 */
export type MustRead = 'always' | 'ifPresent';

/** What a run reads besides its path, for the ones that need it. */
export interface ScriptRunDetails {
  readonly mustRead?: MustRead;
  /** with `make`, `just`, `task`: the file named on the line (`make -f FILE`), as seen from the starting folder */
  readonly file?: string;
  /** with `make`: the variables set on its line (`make CC=clang`), undefined values built at run time */
  readonly variables?: readonly (readonly [string, string | undefined])[];
  /**
   * with `package`: the exact scripts run, in order (`npm install` runs preinstall, install, ...); with
   * `just` and `task`: the recipes and their arguments, word by word
   */
  readonly scripts?: readonly string[];
  /**
   * the folder the line names for the code the program runs from it (`git -c core.hooksPath=DIR`),
   * as written: the family's reader resolves it
   */
  readonly codeFolder?: string;
}

/** The kinds of run the mechanism reads itself; every other kind is a family's (see RunKind). */
export const MECHANISM_RUN_KINDS = ['shell', 'direct', 'programs'] as const;

/**
 * How a run takes its code: one of MECHANISM_RUN_KINDS, or the kind a family's reader reports,
 * read by the reader registered under that name (src/shell/programs/runFileReaders.ts). A
 * string, so the mechanism names no family's kind.
 */
export type RunKind = string;

/** A script file the command line runs as shell code: its content is the caller's to read. */
export interface ShellScriptRun extends ScriptRunDetails {
  /** the file as seen from the command line's starting folder; undefined when built at run time or the folder is unknown */
  readonly path: string | undefined;
  /** the word as written */
  readonly source: string;
  /**
   * How the run takes its code (RunKind). The mechanism's: `shell`, given to a shell (`bash x.sh`,
   * `source x.sh`); `direct`, run by its path, shell code only if its first line says so;
   * `programs`, a folder PATH names, from which command names may be run. A family's, each read
   * by the reader registered under it: `package`: the `scripts` entry named `script` of a package.json;
   * `make`: the recipes of the targets in `script` (space-separated, '' for the first) of the
   * Makefile in the folder `path`; `just`, `task`: the recipes or tasks in `script` of the
   * justfile or Taskfile found from the folder `path`; `hook`: a git hook; `sqlite`: a file of
   * sqlite3 commands whose dot commands may run a shell; `sql`: a file of SQL a database client
   * runs (`script`: the client's line it is restated under); `git`: git runs in the folder `path`,
   * reading its configuration and hooks from `.git`; `python`: a folder Python imports modules from first
   * (`scripts`: the modules the line names), or with `script` 'bytecode' the folder it writes
   * bytecode under; `envFile`: a file of variables a program loads into its environment; `glob`:
   * the folder `path` is listed for the names the globs `source` match, and `script` (the command
   * as written) read again with them as its words
   */
  readonly how: RunKind;
  /** with `package`: the script's name (`build` of `npm run build`); with `make`, `just`, `task`: the targets */
  readonly script?: string;
  /** the folder it runs in, relative to the start ('' unchanged), or null when unknown */
  readonly directory: string | null;
}

/** What `analyzeShell` finds in one command line (see src/shell/analyzeShell.ts). */
export interface ShellAnalysis {
  readonly findings: readonly ShellFinding[];
  /** every simple command the script runs, each as its evaluated words (wrappers and what they wrap both listed) */
  readonly commands: readonly (readonly string[])[];
  readonly pathOperands: readonly ShellPathOperand[];
  /** script files it runs as shell code, in order (at most MAX_SCRIPT_RUNS) */
  readonly scriptRuns: readonly ShellScriptRun[];
  /** set when the effect cannot be known statically: the reason; findings then hold every shell category */
  readonly unknowable: string | undefined;
}
