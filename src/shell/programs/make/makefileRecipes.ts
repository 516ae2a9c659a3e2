import { parseOfRecentTexts } from '../../../files/recentParses';
import { isCodeEnvironment } from '../../engine/codeEnvironment';
import { isCodeVariable } from '../../engine/codeVariables';
import type { EnvironmentReader } from '../../catalog/environmentCode';

/**
 * The shell lines `make TARGET` runs, read from a Makefile's text: the recipes of the target
 * and of its prerequisites, with make's variables expanded where the Makefile defines them.
 * A reading, not a make: conditionals take every branch, functions other than `$(shell ...)`
 * become values known only at run time, and pattern rules are not matched. What it returns
 * only adds findings to a `make` call that would otherwise be EXEC_ARBITRARY alone.
 */

/** Recipe text longer than this is cut: the reading stays linear in the Makefile. */
export const MAX_RECIPE_TEXT = 64 * 1024;
const MAX_PREREQUISITE_DEPTH = 8;
const MAX_EXPANSION_DEPTH = 8;

interface Rule {
  readonly prerequisites: readonly string[];
  readonly recipe: string[];
}

/** What a Makefile defines; shared by every reading of the same text (see parsedText), so only read once made. */
interface Makefile {
  readonly rules: ReadonlyMap<string, readonly Rule[]>;
  readonly variables: ReadonlyMap<string, string>;
  readonly firstTarget: string | undefined;
  /** commands run while the Makefile is read: `X != cmd`, `X := $(shell cmd)` */
  readonly readTime: readonly string[];
}

const ASSIGNMENT = /^(?:(?:export|override|private)\s+)*([A-Za-z_.][\w.-]*)\s*(::?=|:::=|\?=|\+=|!=|=)\s*(.*)$/;
const RULE = /^([^:#=\t][^:#=]*?)\s*(::?)(?!=)\s*([^=]*)$/;
const DIRECTIVE =
  /^\s*(?:ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|vpath|export|unexport|undefine)\b/;
// automatic variables: their values are known only to make, when the rule runs
const AUTOMATIC = new Set(['@', '<', '^', '+', '?', '*', '|', '%']);

/** Logical lines: a backslash before the newline joins the next line. */
function logicalLines(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\\\n[ \t]*/g, ' ')
    .split('\n');
}

/** A text read: its logical lines and what they define. */
interface ParsedText {
  readonly lines: readonly string[];
  readonly makefile: Makefile;
}

/**
 * The logical lines and rules of a Makefile's text. A decision reads a Makefile as written (for
 * its includes), then whole, in three passes, and the next decision most likely the same file:
 * the last two texts' are kept (see recentParses.ts).
 */
const parsedText = parseOfRecentTexts((text: string): ParsedText => {
  const lines = logicalLines(text);
  return { lines, makefile: parseMakefile(lines) };
}, 2);

function parseMakefile(lines: readonly string[]): Makefile {
  const rules = new Map<string, Rule[]>();
  const variables = new Map<string, string>();
  const readTime: string[] = [];
  let firstTarget: string | undefined;
  let current: Rule[] = [];
  let inDefine = false;
  for (const line of lines) {
    if (inDefine) {
      if (/^\s*endef\b/.test(line)) inDefine = false;
      continue;
    }
    if (line.startsWith('\t')) {
      for (const rule of current) rule.recipe.push(line.slice(1));
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (/^(?:(?:export|override)\s+)?define\b/.test(trimmed)) {
      inDefine = true;
      current = [];
      continue;
    }
    // `export NAME = value` is an assignment; `export NAME` alone and the other directives are skipped
    const assignment = ASSIGNMENT.exec(trimmed);
    if (DIRECTIVE.test(trimmed) && (assignment === null || !trimmed.startsWith('export'))) continue;
    if (assignment?.[1] !== undefined && assignment[2] !== undefined) {
      const [, name, operator, value = ''] = assignment;
      // `!=` assigns a shell command's output: the command runs when the Makefile is read
      const stored = operator === '!=' ? `$(shell ${value})` : value;
      // `!=` and the immediate `:=` run their shell commands as the Makefile is read
      if (operator === '!=' || (operator.startsWith(':') && value.includes('$(shell'))) readTime.push(stored);
      if (operator === '+=') variables.set(name, `${variables.get(name) ?? ''} ${stored}`.trim());
      else if (operator !== '?=' || !variables.has(name)) variables.set(name, stored);
      current = [];
      continue;
    }
    const rule = RULE.exec(trimmed);
    if (rule?.[1] === undefined) {
      current = [];
      continue;
    }
    const [body = '', inline] = splitInlineRecipe(rule[3] ?? '');
    current = [];
    for (const target of rule[1].split(/\s+/).filter((name) => name !== '')) {
      const entry: Rule = {
        prerequisites: body.split(/[\s|]+/).filter((name) => name !== ''),
        recipe: inline === undefined ? [] : [inline],
      };
      rules.set(target, [...(rules.get(target) ?? []), entry]);
      current.push(entry);
      if (firstTarget === undefined && !target.startsWith('.') && !target.includes('%')) firstTarget = target;
    }
  }
  return { rules, variables, firstTarget, readTime };
}

// `target: prerequisites ; command`
function splitInlineRecipe(text: string): [string, string | undefined] {
  const semicolon = text.indexOf(';');
  return semicolon === -1 ? [text, undefined] : [text.slice(0, semicolon), text.slice(semicolon + 1)];
}

/** The end of a `$(...)` or `${...}` reference starting at `open`, counting nested parentheses. */
function referenceEnd(text: string, open: number): number {
  const opening = text[open];
  const closing = opening === '(' ? ')' : '}';
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === opening) depth++;
    else if (text[index] === closing && --depth === 0) return index;
  }
  return -1;
}

/**
 * What expanding may still produce: variables that reference others can grow exponentially
 * (ten references per level, eight levels), so every character and every reference is counted.
 */
interface Expansion {
  readonly variables: ReadonlyMap<string, string>;
  remaining: number;
}

const TOO_LONG = '"${MAKE_TOO_LONG}"';

/** A fixed piece of output (a run-time value, `make`), counted like any other. */
function charge(scope: Expansion, piece: string): string {
  scope.remaining -= piece.length;
  return piece;
}

/** A recipe line as the shell gets it: make's references expanded or marked as run-time values. */
function expand(text: string, scope: Expansion, depth: number): string {
  if (depth > MAX_EXPANSION_DEPTH) return charge(scope, '"${MAKE_VARIABLE}"');
  let out = '';
  let index = 0;
  const append = (piece: string): boolean => {
    scope.remaining -= piece.length + 1;
    if (scope.remaining < 0) return false;
    out += piece;
    return true;
  };
  while (index < text.length) {
    const dollar = text.indexOf('$', index);
    if (!append(text.slice(index, dollar === -1 ? undefined : dollar))) return out + TOO_LONG;
    if (dollar === -1) return out;
    const next = text[dollar + 1];
    let piece: string;
    if (next === '$') {
      piece = '$';
      index = dollar + 2;
    } else if (next !== '(' && next !== '{') {
      // `$@`, `$<`, `$X`: one character names the variable
      piece =
        next !== undefined && AUTOMATIC.has(next)
          ? charge(scope, '"${MAKE_AUTOMATIC}"')
          : expandName(next ?? '', scope, depth);
      index = dollar + 2;
    } else {
      const end = referenceEnd(text, dollar + 1);
      if (end === -1) return `${out}"\${MAKE_UNCLOSED}"`;
      piece = expandReference(text.slice(dollar + 2, end), scope, depth);
      index = end + 1;
    }
    // what a reference produced was counted as it was built
    out += piece;
    if (scope.remaining < 0) return out + TOO_LONG;
  }
  return out;
}

function expandName(name: string, scope: Expansion, depth: number): string {
  if (name === 'MAKE') return charge(scope, 'make');
  const value = scope.variables.get(name);
  if (value === undefined) return charge(scope, '"${MAKE_VARIABLE}"');
  return expand(value, scope, depth + 1);
}

function expandReference(inner: string, scope: Expansion, depth: number): string {
  const shell = /^shell\s+([\s\S]*)$/.exec(inner);
  // `$(shell cmd)` runs cmd: given to the analysis as a command substitution
  if (shell?.[1] !== undefined) return `$(${expand(shell[1], scope, depth + 1)})`;
  if (/^[A-Za-z_][\w.-]*$/.test(inner)) return expandName(inner, scope, depth);
  // a make function, or a substitution reference: its value is known only when make runs
  return charge(scope, '"${MAKE_FUNCTION}"');
}

// recipe line prefixes: @ (silent), - (ignore errors), + (run even with -n)
function stripPrefixes(line: string): string {
  return line.replace(/^[\s@+-]+/, '');
}

/** Variables set on make's command line (`make CC=clang`), which win over the Makefile's; undefined values are built at run time. */
export type MakeVariables = readonly (readonly [string, string | undefined])[];

const RUN_TIME_VALUE = '${MAKE_VARIABLE}';

function withVariables(makefile: Makefile, variables: MakeVariables): Makefile {
  if (variables.length === 0) return makefile;
  const merged = new Map(makefile.variables);
  for (const [name, value] of variables) merged.set(name, value ?? RUN_TIME_VALUE);
  return { ...makefile, variables: merged };
}

/**
 * `export NAME=value` lines for the variables make hands to its recipes that choose the code
 * programs run (PATH, LD_PRELOAD, a pager...): make exports a variable that came from the
 * environment, so setting one in the Makefile sets it for every recipe.
 */
function environmentLines(makefile: Makefile, scope: Expansion, families: EnvironmentReader): string[] {
  const lines: string[] = [];
  for (const [name, value] of makefile.variables) {
    if (!isCodeEnvironment(name, families) && !isCodeVariable(name, families)) continue;
    lines.push(`export ${name}=${expand(value, scope, 0)}`);
  }
  return lines;
}

/** How make is run: the variables of its command line, and which variables choose code (the run site's). */
export interface MakeRun {
  readonly variables?: MakeVariables | undefined;
  readonly environment: EnvironmentReader;
}

/**
 * The shell lines `make TARGETS` runs (no targets: the first one), prerequisites first, each in
 * a subshell of its own as make gives each line a shell, after the commands the Makefile runs
 * as it is read and the code-choosing variables it exports; undefined when there are none.
 */
export function makeRecipeText(makefileText: string, targets: readonly string[], run: MakeRun): string | undefined {
  const makefile = withVariables(parsedText(makefileText).makefile, run.variables ?? []);
  const wanted = targets.length > 0 ? targets : makefile.firstTarget === undefined ? [] : [makefile.firstTarget];
  const lines: string[] = [];
  const done = new Set<string>();
  // half the text limit for what references produce, so a line cut short still fits
  const scope: Expansion = { variables: makefile.variables, remaining: MAX_RECIPE_TEXT / 2 };
  let size = 0;
  const visit = (target: string, depth: number): void => {
    if (done.has(target) || depth > MAX_PREREQUISITE_DEPTH || size > MAX_RECIPE_TEXT) return;
    done.add(target);
    for (const rule of makefile.rules.get(target) ?? []) {
      for (const prerequisite of rule.prerequisites) visit(prerequisite, depth + 1);
      for (const line of rule.recipe) {
        const command = stripPrefixes(expand(line, scope, 0)).trim();
        if (command === '' || command.startsWith('#')) continue;
        size += command.length;
        if (size > MAX_RECIPE_TEXT) return;
        lines.push(`( ${command}\n)`);
      }
    }
  };
  for (const line of environmentLines(makefile, scope, run.environment)) {
    size += line.length;
    if (size <= MAX_RECIPE_TEXT) lines.push(line);
  }
  for (const value of makefile.readTime) {
    const command = expand(value, scope, 0);
    size += command.length;
    if (size <= MAX_RECIPE_TEXT) lines.push(`: ${command}`);
  }
  for (const target of wanted) visit(target, 0);
  return lines.length === 0 ? undefined : lines.join('\n');
}

/** One include directive: the files it names (undefined when built at run time), and whether a missing one is skipped. */
export interface MakeInclude {
  readonly names: readonly string[] | undefined;
  readonly optional: boolean;
}

/** A Makefile's text cut at its include directives, in order: make reads an included file in its place. */
export type MakefilePart =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'include'; readonly include: MakeInclude };

const INCLUDE = /^(-include|sinclude|include)\s+(.*)$/;

/** The file names an include directive gives, its make references expanded as far as the Makefile says. */
function includeNames(text: string, makefile: Makefile): readonly string[] | undefined {
  const scope: Expansion = { variables: makefile.variables, remaining: MAX_RECIPE_TEXT };
  const expanded = expand(text.replace(/\s+#.*$/, ''), scope, 0);
  if (expanded.includes('"${MAKE_') || /[*?[]/.test(expanded)) return undefined;
  return expanded.split(/\s+/).filter((name) => name !== '');
}

/** The Makefile's text and its include directives, in order (the directives read with the variables of the whole text). */
export function makefileParts(text: string): MakefilePart[] {
  const { lines, makefile } = parsedText(text);
  const parts: MakefilePart[] = [];
  let pending: string[] = [];
  for (const line of lines) {
    const include = line.startsWith('\t') ? null : INCLUDE.exec(line.trim());
    if (include === null) {
      pending.push(line);
      continue;
    }
    parts.push({ kind: 'text', text: pending.join('\n') });
    pending = [];
    parts.push({
      kind: 'include',
      include: { names: includeNames(include[2] ?? '', makefile), optional: include[1] !== 'include' },
    });
  }
  parts.push({ kind: 'text', text: pending.join('\n') });
  return parts;
}

// the shells a Makefile may name for its recipes: they read `-c LINE` as the analysis does
const PLAIN_SHELLS = /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|dash)$/;
// .SHELLFLAGS words that only set options; the last must hold -c so that the recipe is a command line
const PLAIN_SHELL_FLAG = /^(?:[-+][A-Za-z]+|pipefail|errexit|nounset|xtrace|noclobber|posix)$/;
const PLAIN_MAKE_FLAG =
  /^(?:-+[jklsw]*\d*|--jobs(?:=\d+)?|--no-print-directory|--print-directory|--silent|--quiet|--keep-going|\d+)$/;
// functions that evaluate text as Makefile rules, write files, or run code of their own
const EVALUATING = /\$[({](?:eval|file|guile|load)\s/;
const LOAD = /^-?load\s/;

function shellProblem(name: string, value: string): string | undefined {
  const words = value
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (name === 'SHELL')
    return words.length === 1 && PLAIN_SHELLS.test(words[0] ?? '')
      ? undefined
      : `SHELL is set to '${value.trim()}': make runs every recipe with it`;
  if (name === '.SHELLFLAGS') {
    const last = words[words.length - 1] ?? '';
    return words.every((word) => PLAIN_SHELL_FLAG.test(word)) && /^-[A-Za-z]*c[A-Za-z]*$/.test(last)
      ? undefined
      : `.SHELLFLAGS is set to '${value.trim()}': the shell may read each recipe as something other than a command line`;
  }
  return words.every((word) => PLAIN_MAKE_FLAG.test(word))
    ? undefined
    : `${name} is set to '${value.trim()}': it may give make other makefiles, variables or code to evaluate`;
}

const SHELL_SETTINGS: ReadonlySet<string> = new Set(['SHELL', '.SHELLFLAGS', 'MAKEFLAGS', 'MFLAGS', 'GNUMAKEFLAGS']);

/**
 * Why make's reading of this Makefile (with the variables of its command line) cannot be
 * followed: another shell or shell flags for its recipes, flags that add makefiles or code,
 * a shared object loaded, or text evaluated as rules at run time. Undefined when it can.
 */
export function makefileProblem(text: string, variables: MakeVariables = []): string | undefined {
  const known = parsedText(text);
  const makefile = withVariables(known.makefile, variables);
  for (const line of known.lines) {
    if (line.startsWith('\t')) continue;
    if (LOAD.test(line.trim())) return 'the Makefile loads a shared object into make';
  }
  if (EVALUATING.test(text))
    return 'the Makefile evaluates text as rules, writes files or runs code at run time ($(eval), $(file), $(guile))';
  for (const name of SHELL_SETTINGS) {
    const value = makefile.variables.get(name);
    if (value === undefined) continue;
    const scope: Expansion = { variables: makefile.variables, remaining: MAX_RECIPE_TEXT };
    const expanded = expand(value, scope, 0);
    const problem = expanded.includes('"${MAKE_')
      ? `${name} is set to a value known only at run time`
      : shellProblem(name, expanded);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
