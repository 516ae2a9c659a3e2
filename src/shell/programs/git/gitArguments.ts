import {
  distrustReason,
  operandEffects,
  optionEffects,
  possibleWrite,
  runEffects,
} from '../../catalog/argumentEffects';
import { mergeEffects, noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { ArgumentRole } from '../../catalog/commandSpec';
import type { PathRole } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { inGitFolder, placedByCatalog } from './gitFolder';
import { objectNameFromTop, pathspecFromTop, subcommandFromTop } from './gitFromTop';
import { objectNamePath } from './gitObjectNames';
import { subcommandOptions } from './gitOptions';
import { hasPathspecMagic, pathspecPlace } from './gitPathspecs';

// the subcommands whose operands before `--` are object names: `git show HEAD:secrets/x` prints that file
const OBJECT_SUBCOMMANDS: ReadonlySet<string> = new Set([
  'show',
  'cat-file',
  'diff',
  'diff-tree',
  'diff-index',
  'difftool',
  'log',
  'whatchanged',
  'shortlog',
  'rev-list',
  'rev-parse',
  'ls-tree',
  'archive',
  'grep',
]);

// the subcommands whose operands are pathspecs even before `--` (after it, every subcommand's are)
const PATHSPEC_SUBCOMMANDS: ReadonlySet<string> = new Set([
  'add',
  'rm',
  'restore',
  'checkout',
  'reset',
  'stash',
  'clean',
  'commit',
  'ls-files',
  'status',
  'grep',
]);

const PATH_ROLES: ReadonlySet<ArgumentRole> = new Set(['read', 'write', 'overwrite', 'delete']);

const isPathRole = (role: ArgumentRole | undefined): role is PathRole => role !== undefined && PATH_ROLES.has(role);

/** The same word with another value, as written. */
function named(path: string, word: ShellWord): ShellWord {
  return { ...staticWord(path), source: word.source };
}

/** The index of the `--` that ends the options, or undefined: an option's value (`-m --`) is not one. */
export function separatorAt(reading: CommandReading): number | undefined {
  for (let index = reading.next; index < reading.words.length; index++) {
    const word = reading.words[index];
    if (word?.value === '--' && !reading.options.some((option) => option.value === word)) return index;
  }
  return undefined;
}

/** Whether git reads every pathspec as written (`git --literal-pathspecs`). */
const literalPathspecs = (reading: CommandReading): boolean =>
  reading.options.some((option) => option.name === '--literal-pathspecs');

/**
 * A pathspec used in `role`: its files where its magic says (`:(top)x`, `:!x`), as written
 * otherwise. A place larger than the pattern names is a possible write, with why.
 */
export function pathspecEffect(
  effects: CommandEffects,
  reading: CommandReading,
  word: ShellWord,
  role: PathRole,
): void {
  const text = word.value;
  const place = text === undefined ? undefined : pathspecPlace(text, literalPathspecs(reading));
  const target = place === undefined ? word : named(place.path, word);
  if (place?.assumed === undefined) effects.paths.push({ word: inGitFolder(target, reading), role });
  else effects.paths.push({ word: inGitFolder(target, reading), role, assumed: place.assumed });
  if (place?.fromTop === true && text !== undefined) pathspecFromTop(effects, reading, text, role);
}

/** The role a use read again from the repository's top has: a possible write counts as an overwrite; data as none. */
function roleFromTop(role: ArgumentRole): PathRole | undefined {
  if (isPathRole(role)) return role;
  return role === 'unknown' ? 'overwrite' : undefined;
}

/** One operand and the role the spec's effects apply to it ('data' once its effect is applied here). */
interface OperandReading {
  readonly word: ShellWord;
  readonly role: ArgumentRole;
}

function readOperand(
  effects: CommandEffects,
  reading: CommandReading,
  operand: OperandReading,
  where: { readonly pathspec: boolean; readonly objects: boolean },
): OperandReading {
  const { word, role } = operand;
  const text = word.value;
  if (text === undefined) return operand;
  const place = where.pathspec || hasPathspecMagic(text) ? pathspecPlace(text, literalPathspecs(reading)) : undefined;
  if (place !== undefined) {
    if (place.assumed === undefined) {
      const fromTop = place.fromTop === true ? roleFromTop(role) : undefined;
      if (fromTop !== undefined) pathspecFromTop(effects, reading, text, fromTop);
      return { word: named(place.path, word), role };
    }
    // the spec's role, with why it covers more than the pattern names
    if (isPathRole(role)) pathspecEffect(effects, reading, word, role);
    else if (role === 'unknown') {
      possibleWrite(effects, inGitFolder(word, reading), distrustReason(reading));
      if (place.fromTop === true) pathspecFromTop(effects, reading, text, 'overwrite');
    }
    return { word, role: 'data' };
  }
  // an object name's file is read, whatever else the word may be (`git grep x HEAD:src`)
  if (!where.objects || role !== 'read') return operand;
  // `:/fix` names a commit by its message
  if (text.startsWith(':/')) return { word, role: 'data' };
  const path = objectNamePath(text);
  if (path === undefined) return operand;
  // a path that does not start with ./ or ../ is below the repository's top
  if (!/^\.\.?\//.test(path)) objectNameFromTop(effects, reading, text);
  return { word: named(path, word), role: 'read' };
}

/** The reading with each operand as git reads it: pathspecs where their magic points, object names as their files. */
function operandsAsGitReadsThem(effects: CommandEffects, reading: CommandReading): CommandReading {
  const subcommand = reading.subcommands[0]?.value ?? '';
  const separator = separatorAt(reading);
  const afterSeparator = separator === undefined ? undefined : new Set(reading.words.slice(separator + 1));
  const objects = OBJECT_SUBCOMMANDS.has(subcommand);
  const pathspecs = PATHSPEC_SUBCOMMANDS.has(subcommand);
  let changed = false;
  const operands: ShellWord[] = [];
  const roles: ArgumentRole[] = [];
  reading.operands.forEach((word, index) => {
    const role = reading.roles[index] ?? 'unknown';
    const after = afterSeparator?.has(word) === true;
    const read = readOperand(
      effects,
      reading,
      { word, role },
      { pathspec: after || pathspecs, objects: !after && objects },
    );
    changed ||= read.word !== word || read.role !== role;
    operands.push(read.word);
    roles.push(read.role);
  });
  return changed ? { ...reading, operands, roles } : reading;
}

/** The role the spec gives the subcommand's pathspecs, when they name files to use. */
function pathspecRole(reading: CommandReading): PathRole | undefined {
  const spec = reading.operandSpec;
  const role = typeof spec === 'string' ? spec : spec?.rest;
  return isPathRole(role as ArgumentRole | undefined) ? (role as PathRole) : undefined;
}

/**
 * `--pathspec-from-file=F` (or `-` for stdin): the subcommand uses the paths F lists, which the
 * line does not show; pathspecs never leave the work tree, so it may use any file of it, from
 * its top (`:/x`), where the same subcommand is read again.
 */
export function pathspecFileEffects(
  effects: CommandEffects,
  reading: CommandReading,
  role = pathspecRole(reading),
): void {
  const option = subcommandOptions(reading).find((given) => given.name === '--pathspec-from-file');
  if (option === undefined || role === undefined) return;
  const label = reading.subcommands.map((word) => word.value ?? word.source).join(' ');
  effects.paths.push({
    word: inGitFolder(staticWord('.'), reading),
    role,
    assumed: `'git ${label} --pathspec-from-file' uses the paths its file lists, which the line does not show`,
  });
  subcommandFromTop(effects, reading, ['--pathspec-from-file=-']);
}

/**
 * git's arguments as effects, the spec's roles applied to each as git reads it: a pathspec's
 * magic names the files it stands for, an object name (`HEAD:secrets/key`) the file it prints,
 * and `--pathspec-from-file` any file of the work tree.
 */
export function gitArgumentEffects(effects: CommandEffects, reading: CommandReading): void {
  // `-C DIR` itself names a folder from where git starts
  const moves = reading.options.filter((option) => option.kind === 'cwd');
  optionEffects(effects, reading, moves);
  const spec = noEffects();
  optionEffects(
    spec,
    reading,
    reading.options.filter((option) => option.kind !== 'cwd'),
  );
  operandEffects(spec, operandsAsGitReadsThem(effects, reading));
  runEffects(spec, reading);
  // a subcommand with a -C of its own: the catalog did not place its paths in git's folder
  if (!placedByCatalog(reading))
    for (let index = 0; index < spec.paths.length; index++) {
      const path = spec.paths[index];
      if (path !== undefined) spec.paths[index] = { ...path, word: inGitFolder(path.word, reading) };
    }
  mergeEffects(effects, spec);
  pathspecFileEffects(effects, reading);
}
