import { isCodeEnvironment } from '../../engine/codeEnvironment';
import { isCodeVariable } from '../../engine/codeVariables';
import type { EnvironmentReader } from '../../catalog/environmentCode';

/**
 * The shell lines `just RECIPE ARGS...` runs, read from a justfile's text: the recipe, its
 * dependencies before it and its `&&` dependencies after, each line with `{{...}}` replaced
 * by the argument or variable it names (other expressions become values known only at run
 * time), after the backticks and `shell()` calls its variables run as it loads. A reading, not
 * a just: what it cannot follow (another shell, a recipe in another language, an import, a
 * module, an environment file, another working folder) is a problem, and the call fails closed.
 */

/** What reading a justfile for some recipes gives: their shell text, or why it cannot be followed. */
export type JustReading =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'problem'; readonly reason: string }
  | { readonly kind: 'none' };

interface Dependency {
  readonly name: string;
  readonly args: readonly string[];
}

interface Recipe {
  readonly name: string;
  /** parameter names; the last may take the rest (`+args`, `*args`) */
  readonly parameters: readonly string[];
  readonly variadic: boolean;
  readonly before: readonly Dependency[];
  readonly after: readonly Dependency[];
  readonly body: string[];
  readonly attributes: readonly string[];
}

interface Justfile {
  readonly recipes: Map<string, Recipe>;
  readonly aliases: Map<string, string>;
  /** variables whose value is a plain string */
  readonly values: Map<string, string>;
  /** commands its variables run as it loads (backticks, `shell()`) */
  readonly loadCommands: string[];
  /** the variables it exports (`export NAME := ...`, or all with `set export`), by name */
  readonly exported: Set<string>;
  readonly first: string | undefined;
  readonly problem: string | undefined;
}

/** Recipe text longer than this is cut: the reading stays linear in the file. */
const MAX_TEXT = 64 * 1024;
const MAX_DEPENDENCY_DEPTH = 8;
const RUN_TIME = '"${JUST_VALUE}"';

// shells whose `-c` reading the analysis shares, as `set shell := [...]` names them
const PLAIN_SHELL =
  /^\[\s*(['"])(?:(?:\/usr)?\/bin\/)?(?:sh|bash|dash)\1\s*(?:,\s*(['"])-[A-Za-z]*c[A-Za-z]*\2\s*)?(?:,\s*(['"])-[A-Za-z]*\3\s*)*\]$/;
// settings that change where code comes from or runs
const FOLLOWED_SETTINGS: ReadonlySet<string> = new Set([
  'export',
  'positional-arguments',
  'quiet',
  'ignore-comments',
  'allow-duplicate-recipes',
  'allow-duplicate-variables',
  'unstable',
  'windows-shell',
  'windows-powershell',
  'tempdir',
  'no-exit-message',
  'lazy',
]);
// attributes that run the recipe elsewhere or with another interpreter
const UNFOLLOWED_ATTRIBUTE = /^(?:script|working-directory|extension)\b/;
const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(.*)$/;
const ALIAS = /^alias\s+([A-Za-z_][\w-]*)\s*:=\s*([A-Za-z_][\w-]*)\s*$/;
const SETTING = /^set\s+([a-z-]+)(?:\s*:=\s*(.*))?$/;
const HEADER = /^@?([A-Za-z_][\w-]*)((?:\s+[^:=]+?)?)\s*:(?!=)(.*)$/;

/** The value of a plain string literal, or undefined for any other expression. */
function stringValue(expression: string): string | undefined {
  const text = expression.trim();
  const single = /^'([^']*)'$/.exec(text);
  if (single?.[1] !== undefined) return single[1];
  const double = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  if (double?.[1] !== undefined)
    return double[1].replace(/\\(.)/g, (_match, char: string) => (char === 'n' ? '\n' : char === 't' ? '\t' : char));
  return undefined;
}

/** The commands an expression runs as it is evaluated: backticks and `shell('cmd', ...)`. */
function expressionCommands(expression: string): string[] {
  const commands: string[] = [];
  for (const match of expression.matchAll(/```([\s\S]*?)```|`([^`]*)`/g)) commands.push(match[1] ?? match[2] ?? '');
  for (const match of expression.matchAll(/\bshell\s*\(\s*(['"])((?:(?!\1).)*)\1/g)) commands.push(match[2] ?? '');
  if (/\bshell\s*\(\s*[^'"\s]/.test(expression)) commands.push(`${RUN_TIME}`);
  return commands;
}

/** `name 'arg' (dep "x")` after a recipe's colon: the dependencies, with their literal arguments. */
function dependencies(text: string): Dependency[] {
  const found: Dependency[] = [];
  for (const match of text.matchAll(
    /\(\s*([A-Za-z_][\w-]*)((?:\s+(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s)]+))*)\s*\)|([A-Za-z_][\w-]*)/g,
  )) {
    const name = match[1] ?? match[3];
    if (name === undefined) continue;
    const args = [...(match[2] ?? '').matchAll(/'[^']*'|"(?:[^"\\]|\\.)*"|[^\s]+/g)].map(
      (arg) => stringValue(arg[0]) ?? RUN_TIME,
    );
    found.push({ name, args });
  }
  return found;
}

function parseHeader(line: string, attributes: readonly string[]): Recipe | undefined {
  const header = HEADER.exec(line);
  if (header?.[1] === undefined) return undefined;
  const parameters = (header[2] ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const variadic = parameters.some((parameter) => /^[+*]/.test(parameter.replace(/^\$/, '')));
  const names = parameters.map((parameter) => parameter.replace(/^\$/, '').replace(/^[+*]/, '').replace(/=.*$/, ''));
  const [before = '', after = ''] = (header[3] ?? '').split('&&');
  return {
    name: header[1],
    parameters: names,
    variadic,
    before: dependencies(before),
    after: dependencies(after),
    body: [],
    attributes,
  };
}

function parseJustfile(text: string): Justfile {
  const recipes = new Map<string, Recipe>();
  const aliases = new Map<string, string>();
  const values = new Map<string, string>();
  const loadCommands: string[] = [];
  const exported = new Set<string>();
  const assigned = new Set<string>();
  let exportAll = false;
  let first: string | undefined;
  let current: Recipe | undefined;
  let attributes: string[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (const line of lines) {
    if (current !== undefined && /^[ \t]/.test(line)) {
      current.body.push(line.trim() === '' ? '' : line.replace(/^[ \t]+/, ''));
      continue;
    }
    if (current !== undefined && line.trim() === '') continue;
    current = undefined;
    const trimmed = line.trim();
    if (trimmed === '' || (trimmed.startsWith('#') && !trimmed.startsWith('#!'))) continue;
    const attribute = /^\[(.*)\]$/.exec(trimmed);
    if (attribute?.[1] !== undefined) {
      attributes.push(...attribute[1].split(',').map((item) => item.trim()));
      continue;
    }
    if (/^(?:import|mod)\b/.test(trimmed))
      return problem(`the justfile ${trimmed.split(/\s/)[0] ?? 'import'}s another file`);
    const setting = SETTING.exec(trimmed);
    if (setting?.[1] !== undefined) {
      const name = setting[1];
      if (name === 'shell' && PLAIN_SHELL.test((setting[2] ?? '').trim())) continue;
      exportAll ||= name === 'export';
      if (!FOLLOWED_SETTINGS.has(name))
        return problem(
          `the justfile sets ${name}, which changes the shell, the environment or the folder its recipes run with`,
        );
      continue;
    }
    const alias = ALIAS.exec(trimmed);
    if (alias?.[1] !== undefined && alias[2] !== undefined) {
      aliases.set(alias[1], alias[2]);
      continue;
    }
    const assignment = ASSIGNMENT.exec(trimmed);
    if (assignment?.[1] !== undefined) {
      assigned.add(assignment[1]);
      if (trimmed.startsWith('export')) exported.add(assignment[1]);
      const value = stringValue(assignment[2] ?? '');
      if (value !== undefined) values.set(assignment[1], value);
      loadCommands.push(...expressionCommands(assignment[2] ?? ''));
      continue;
    }
    const recipe = parseHeader(trimmed, attributes);
    attributes = [];
    if (recipe === undefined) continue;
    const unfollowed = recipe.attributes.find((item) => UNFOLLOWED_ATTRIBUTE.test(item));
    if (unfollowed !== undefined)
      return problem(
        `recipe ${recipe.name} has the attribute [${unfollowed}], which runs it elsewhere or with another interpreter`,
      );
    recipes.set(recipe.name, recipe);
    first ??= recipe.name;
    if (recipe.attributes.includes('default')) first = recipe.name;
    current = recipe;
  }
  if (exportAll) for (const name of assigned) exported.add(name);
  return { recipes, aliases, values, loadCommands, exported, first, problem: undefined };
}

function problem(reason: string): Justfile {
  return {
    recipes: new Map(),
    aliases: new Map(),
    values: new Map(),
    loadCommands: [],
    exported: new Set(),
    first: undefined,
    problem: reason,
  };
}

/** A body line with its `{{expr}}` replaced: a parameter or string variable by its value, anything else by a run-time value. */
function interpolate(line: string, scope: ReadonlyMap<string, string>): string {
  return line
    .replace(/\{\{\{\{/g, '\u0000')
    .replace(/\{\{([\s\S]*?)\}\}/g, (_match, expression: string) => {
      const name = expression.trim();
      return scope.get(name) ?? stringValue(name) ?? RUN_TIME;
    })
    .replace(/\u0000/g, '{{');
}

/** Body lines with a line ending in a backslash joined to the next, as just joins them. */
function joinContinued(body: readonly string[]): string[] {
  const out: string[] = [];
  let pending = '';
  for (const line of body) {
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    out.push(pending + line);
    pending = '';
  }
  if (pending !== '') out.push(pending);
  return out;
}

/** The recipes the command line names and the arguments each takes, as just reads them. */
function invocations(justfile: Justfile, words: readonly string[]): { recipe: Recipe; args: string[] }[] | string {
  const calls: { recipe: Recipe; args: string[] }[] = [];
  if (words.length === 0) {
    const recipe = justfile.first === undefined ? undefined : justfile.recipes.get(justfile.first);
    return recipe === undefined ? [] : [{ recipe, args: [] }];
  }
  let index = 0;
  while (index < words.length) {
    const word = words[index] ?? '';
    if (word.includes('::')) return `recipe ${word} is in a module`;
    const recipe = justfile.recipes.get(justfile.aliases.get(word) ?? word);
    if (recipe === undefined) return calls;
    const take = recipe.variadic
      ? words.length - index - 1
      : Math.min(recipe.parameters.length, words.length - index - 1);
    calls.push({ recipe, args: words.slice(index + 1, index + 1 + take) });
    index += 1 + take;
  }
  return calls;
}

/** How just is run: the variables set on its line (`just NAME=VALUE`), and which variables choose code (the run site's). */
export interface JustRun {
  readonly variables?: readonly (readonly [string, string | undefined])[] | undefined;
  readonly environment: EnvironmentReader;
}

/**
 * The shell text `just` runs for `words` (recipes and their arguments; none: the default
 * recipe), with the variables set on its line; undefined values are built at run time. A
 * shebang recipe runs as one script when it is a shell script.
 */
export function justRecipeText(text: string, words: readonly string[], invoked: JustRun): JustReading {
  const justfile = parseJustfile(text);
  if (justfile.problem !== undefined) return { kind: 'problem', reason: justfile.problem };
  const values = new Map(justfile.values);
  for (const [name, value] of invoked.variables ?? []) values.set(name, value ?? RUN_TIME);
  const calls = invocations(justfile, words);
  if (typeof calls === 'string') return { kind: 'problem', reason: calls };
  const lines: string[] = justfile.loadCommands.map((command) => `: $(${command})`);
  // an exported variable that chooses the code programs run (PATH, LD_PRELOAD) holds for every recipe
  const families = invoked.environment;
  for (const name of justfile.exported) {
    if (isCodeEnvironment(name, families) || isCodeVariable(name, families))
      lines.push(
        `export ${name}=${values.get(name) === undefined ? RUN_TIME : `'${(values.get(name) ?? '').replace(/'/g, `'\\''`)}'`}`,
      );
  }
  const done = new Set<string>();
  let size = 0;
  let failure: string | undefined;
  const run = (recipe: Recipe, args: readonly string[], depth: number): void => {
    if (done.has(recipe.name) || depth > MAX_DEPENDENCY_DEPTH || size > MAX_TEXT || failure !== undefined) return;
    done.add(recipe.name);
    const scope = new Map(values);
    recipe.parameters.forEach((parameter, index) =>
      scope.set(
        parameter,
        recipe.variadic && index === recipe.parameters.length - 1
          ? args.slice(index).join(' ')
          : (args[index] ?? RUN_TIME),
      ),
    );
    for (const dependency of recipe.before) call(dependency, depth);
    const body = recipe.body.map((line) => interpolate(line, scope));
    const shebang = body[0]?.startsWith('#!') === true;
    if (
      shebang &&
      !/^#!\s*(?:\/usr\/bin\/env\s+(?:-S\s+)?)?(?:(?:\/usr)?\/bin\/)?(?:sh|bash|dash)\b/.test(body[0] ?? '')
    ) {
      failure = `recipe ${recipe.name} is a script in another language (${body[0] ?? ''})`;
      return;
    }
    // each line runs in a shell of its own, unless the recipe is one shebang script
    const commands = shebang
      ? [body.slice(1).join('\n')]
      : joinContinued(body)
          .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
          .map((line) => line.replace(/^[@-]+/, ''));
    for (const command of commands) {
      size += command.length;
      if (size <= MAX_TEXT) lines.push(`( ${command}\n)`);
    }
    for (const dependency of recipe.after) call(dependency, depth);
  };
  const call = (dependency: Dependency, depth: number): void => {
    const recipe = justfile.recipes.get(justfile.aliases.get(dependency.name) ?? dependency.name);
    if (recipe !== undefined) run(recipe, dependency.args, depth + 1);
  };
  for (const { recipe, args } of calls) run(recipe, args, 0);
  if (failure !== undefined) return { kind: 'problem', reason: failure };
  if (size > MAX_TEXT) return { kind: 'problem', reason: `the recipes are longer than ${MAX_TEXT} characters` };
  return lines.length === 0 ? { kind: 'none' } : { kind: 'text', text: lines.join('\n') };
}
