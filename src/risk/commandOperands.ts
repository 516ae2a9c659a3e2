import { homedir } from 'node:os';
import path from 'node:path';
import { expandGlob, type GlobOptions } from '../paths/expandGlob';
import type { ShellPathOperand } from '../shell/catalog/shellAnalysis';

/**
 * One path a command line uses, as it is judged: an operand's own text, or one of the paths
 * its glob matches; or, when what it names cannot be known before the line runs, why.
 */
export interface JudgedOperand {
  readonly operand: ShellPathOperand;
  /** the path to judge (relative to where the line starts, or absolute); undefined when unknown */
  readonly path: string | undefined;
  /** why the path cannot be resolved before the command line runs */
  readonly unresolved?: string;
}

/** Where the line runs and what `~` means, to compare its paths with each other. */
export interface OperandSite {
  readonly base: string;
  /** undefined for the user's home directory, asked only of a path that starts with '~' */
  readonly homeDir: string | undefined;
}

/** The shell options the line sets that change what a glob matches; the text decides, so a mention is enough. */
function globOptionsOf(command: string): GlobOptions & { readonly globstar: boolean } {
  return {
    dot: /dotglob|GLOBIGNORE/.test(command),
    nocase: command.includes('nocaseglob'),
    globstar: command.includes('globstar'),
  };
}

/** The folder a path starts from, and the rest of it as written. */
function startOf(text: string, site: OperandSite): { readonly folder: string; readonly rest: string } {
  if (text === '~' || text.startsWith('~/')) return { folder: site.homeDir ?? homedir(), rest: text.slice(1) };
  return { folder: path.isAbsolute(text) ? path.parse(site.base).root : site.base, rest: text };
}

/** The path as an absolute one, `..` taken lexically. */
function anchored(text: string, site: OperandSite): string {
  const { folder, rest } = startOf(text, site);
  return path.resolve(folder, `.${path.sep}${rest}`);
}

/**
 * The places a link may appear at when the line runs: what a program that places links (ln,
 * cp, mv, tar, git, a program the catalog does not know) writes, as absolute paths.
 */
function linkPlaces(operands: readonly ShellPathOperand[], site: OperandSite): ReadonlyMap<string, ShellPathOperand> {
  // made for the first operand that places links: most lines have none
  let places: Map<string, ShellPathOperand> | undefined;
  for (const operand of operands) {
    if (operand.placesLinks === undefined || operand.path === undefined) continue;
    const key = anchored(operand.path, site);
    // a place links may appear at outweighs one they may appear only inside
    if (places?.get(key)?.placesLinks !== true) (places ??= new Map()).set(key, operand);
  }
  return places ?? NO_PLACES;
}

const NO_PLACES: ReadonlyMap<string, ShellPathOperand> = new Map();

/**
 * The place a path goes through, or names, that the line itself may make a link: each prefix
 * is compared as the kernel walks it, so `src/l/../x` goes through `src/l`. A folder that only
 * gets links inside it (`mv a dir/`) is a place only for a path that goes on into it.
 */
function placeOnTheWay(
  text: string,
  site: OperandSite,
  places: ReadonlyMap<string, ShellPathOperand>,
  own: ShellPathOperand,
): ShellPathOperand | undefined {
  if (places.size === 0) return undefined;
  const { folder, rest } = startOf(text, site);
  let walked = folder;
  for (const component of rest.split('/')) {
    if (component === '' || component === '.') continue;
    const inside = places.get(walked);
    if (component !== '..' && inside?.placesLinks === 'inside' && inside !== own) return inside;
    walked = component === '..' ? path.dirname(walked) : path.join(walked, component);
    const place = places.get(walked);
    if (place !== undefined && place.placesLinks !== 'inside' && place !== own) return place;
  }
  return undefined;
}

function through(place: ShellPathOperand): string {
  const may =
    place.placesLinks === 'inside'
      ? `it goes into '${place.source}', inside which '${place.command.slice(0, 60)}' in the same command line may place a link`
      : `it goes through '${place.source}', which '${place.command.slice(0, 60)}' in the same command line may make a link`;
  return `${may}, so where it leads is not known before the line runs; run that command in a call of its own first`;
}

/** One path of an operand, unresolved when it goes through a place the line may make a link. */
function judgedPath(
  operand: ShellPathOperand,
  text: string,
  site: OperandSite,
  places: ReadonlyMap<string, ShellPathOperand>,
): JudgedOperand {
  const place = placeOnTheWay(text, site, places, operand);
  return place === undefined ? { operand, path: text } : { operand, path: undefined, unresolved: through(place) };
}

/**
 * The paths a command line's operands stand for, checked against what the line itself does
 * before them: a path at or below a place the line may make a link is unresolved (whatever
 * the order: a loop may run it after), and a glob is expanded against the disk the way bash
 * will (bounded), each match judged with the glob's text kept too. Order-free on purpose: a
 * command's own effects are applied by failing closed, not by simulating them.
 */
export function judgeOperands(
  operands: readonly ShellPathOperand[],
  command: string,
  site: OperandSite,
  counts: (operand: ShellPathOperand) => boolean,
): JudgedOperand[] {
  // every operand may place a link, counted as a path or not: `tool x && echo > x/a`
  const places = linkPlaces(operands, site);
  // read from the line's text only when it has a glob operand: most have none
  let options: ReturnType<typeof globOptionsOf> | undefined;
  const judged: JudgedOperand[] = [];
  for (const operand of operands) {
    if (!counts(operand)) continue;
    const text = operand.path;
    if (text === undefined) {
      judged.push({ operand, path: undefined });
      continue;
    }
    judged.push(judgedPath(operand, text, site, places));
    if (operand.glob !== true) continue;
    options ??= globOptionsOf(command);
    if (options.globstar && text.includes('**')) {
      judged.push({
        operand,
        path: undefined,
        unresolved: `the line turns on globstar, so '${operand.source}' may match at any depth; name the paths`,
      });
      continue;
    }
    const expansion = expandGlob(text.startsWith('~') ? anchored(text, site) : text, site.base, options);
    if (!expansion.ok) {
      judged.push({
        operand,
        path: undefined,
        unresolved: `the glob '${operand.source}' cannot be expanded: ${expansion.problem}; narrow it or name the paths`,
      });
      continue;
    }
    for (const match of expansion.matches) if (match !== text) judged.push(judgedPath(operand, match, site, places));
  }
  return judged;
}
