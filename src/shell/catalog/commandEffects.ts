import type { PathRole, ScriptRunDetails, ShellFinding, ShellScriptRun } from './shellAnalysis';
import type { ShellWord } from '../words/shellWord';

/**
 * How an inner script runs relative to the shell analysed: `inline` in it (eval, source),
 * `child` in another process (bash -c, a heredoc fed to sh), `deferred` in it but later
 * (a trap, an alias, a variable a tool runs).
 */
export type ScriptPlacement = 'inline' | 'child' | 'deferred';

/** A run's details as the command's words give them: its `file` is a word, placed like the run's own. */
export interface ScriptRunWords extends Omit<ScriptRunDetails, 'file'> {
  readonly file?: ShellWord;
}

/** A path a command uses; `assumed` says why its role is assumed rather than known (a possible write). */
export interface PathEffect {
  readonly word: ShellWord;
  readonly role: PathRole;
  readonly assumed?: string;
  /** a chmod/chown/chgrp target: changing who may do what there is SYSTEM_IMPACT outside the project */
  readonly changesPermissions?: boolean;
  /** what it writes is analysed by the reader (the value `git config` stores) */
  readonly contentAnalysed?: boolean;
  /** the links a program that places them writes here land inside this folder, never at it (`mv a dir/`) */
  readonly placesLinks?: 'inside';
}

/** Shell code a command runs (`bash -c WORD`, `rg --pre WORD`); a word built at run time fails closed. */
export interface ScriptEffect {
  readonly word: ShellWord;
  /** what it is, for the fail-closed reason (`shell script`, `rg --pre command`) */
  readonly what: string;
  readonly placement?: ScriptPlacement;
}

/** A command another command runs: analysed next, as a command in its own right. */
export interface CommandEffect {
  readonly words: readonly ShellWord[];
  /** whether it reads the stdin of the command that runs it (xargs gives it none) */
  readonly stdin: 'pass' | 'none';
  /** run by the shell itself (`builtin cd`, `command cd`), so a cd moves it */
  readonly inShell?: boolean;
  /** a program file run with its arguments (`python x.py ARGS`): read as a program the catalog does not know, and not listed */
  readonly programFile?: boolean;
  /** read for its effects but not listed among the line's commands (`pytest` of `python -m pytest`) */
  readonly unlisted?: boolean;
  /** found among the words of a program the catalog does not know: its words were searched already */
  readonly found?: boolean;
}

/** A script file the command runs, for the caller to read (see ShellScriptRun). */
export interface ScriptRunEffect {
  readonly word: ShellWord;
  readonly how: ShellScriptRun['how'];
  readonly script?: string;
  /** what else the run reads; its `file` is a word, placed in the folder the command runs in like `word` */
  readonly details?: ScriptRunWords;
}

/** Why the command's effect cannot be known: the analysis fails closed. */
export interface ProblemEffect {
  readonly reason: string;
  /** the word shown as trigger; the command's name when absent */
  readonly trigger?: string;
}

/**
 * What one command does, as values: the categories it raises, the paths it uses, the code and
 * commands it runs. Rules and readers return these; the walk applies them.
 */
export interface CommandEffects {
  readonly findings: ShellFinding[];
  readonly paths: PathEffect[];
  readonly scripts: ScriptEffect[];
  readonly commands: CommandEffect[];
  readonly scriptRuns: ScriptRunEffect[];
  /** what runs that is not analysed (a script file, a Makefile), named in EXEC_ARBITRARY's note */
  readonly unanalysed: string[];
  /** expected effects, named in EXEC_ARBITRARY's details */
  readonly notes: string[];
  readonly problems: ProblemEffect[];
  /** the users a command is run as (`sudo -u bob`, `gosu app`), for SUDO's details */
  readonly users: string[];
  /** inline code in the command's own language (`python -c CODE`), read by the families' reader of inline code */
  readonly inlineCode: string[];
}

/** A fresh, empty set of effects for a rule or reader to fill and return. */
export function noEffects(): CommandEffects {
  return {
    findings: [],
    paths: [],
    scripts: [],
    commands: [],
    scriptRuns: [],
    unanalysed: [],
    notes: [],
    problems: [],
    users: [],
    inlineCode: [],
  };
}

/** Appends the effects of `more` to `into`, in order. */
export function mergeEffects(into: CommandEffects, more: CommandEffects): void {
  // loops, not push(...spread): a huge argument list would overflow the stack
  for (const item of more.findings) into.findings.push(item);
  for (const item of more.paths) into.paths.push(item);
  for (const item of more.scripts) into.scripts.push(item);
  for (const item of more.commands) into.commands.push(item);
  for (const item of more.scriptRuns) into.scriptRuns.push(item);
  for (const item of more.unanalysed) into.unanalysed.push(item);
  for (const item of more.notes) into.notes.push(item);
  for (const item of more.problems) into.problems.push(item);
  for (const item of more.users) into.users.push(item);
  for (const item of more.inlineCode) into.inlineCode.push(item);
}
