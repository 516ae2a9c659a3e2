import type { Locale, RiskCategory } from '../categories/riskCategories';
import type { Evidence } from '../categories/evidence';
import { localDetails } from './evidenceWords';
import { oneLine } from './oneLine';
import { fill, PROMPT_WORDS, type PointWords } from './promptWords';

/**
 * Most severe first: what reaches the whole machine, then data lost, leaked or left outside
 * the project, then what leaves the machine, then the environment, then the bare fact of a run.
 */
const CHANGE_SEVERITY: readonly RiskCategory[] = [
  'SUDO',
  'SYSTEM_IMPACT',
  'FS_DELETE_OVERWRITE',
  'FS_OUTSIDE_WORKSPACE',
  'FS_CONFIG_SECRETS',
  'GIT_PUBLISH',
  'NETWORK_RISK',
  'DEPS_INSTALL_UPDATE',
  'EXEC_ARBITRARY',
];

const MAX_POINTS = 3;
const FILE_CATEGORIES: readonly RiskCategory[] = ['FS_DELETE_OVERWRITE', 'FS_OUTSIDE_WORKSPACE', 'FS_CONFIG_SECRETS'];

/** One "what will change" point before it is written out. */
interface Point {
  /** points with the same key are one effect: a path's qualifiers merge, other repeats drop */
  readonly key: string;
  readonly head: string;
  readonly qualifiers: readonly string[];
  /** -1 for an effect that cannot be known, else the category's severity */
  readonly rank: number;
  /** true when the evidence does not name what it acts on, so a concrete point goes first */
  readonly vague: boolean;
}

type Details = readonly [string, string, string];

const joined = (...parts: string[]): string => parts.filter((part) => part !== '').join(' ');

// FS_DELETE_OVERWRITE's details are [path, operation, extent]; the other two end with the operation
function fileQualifier(category: RiskCategory, [, second, third]: Details, words: PointWords): string {
  if (category === 'FS_DELETE_OVERWRITE') return third;
  return category === 'FS_OUTSIDE_WORKSPACE' ? words.outside : fill(words.secret, { kind: second });
}

function filePoint(category: RiskCategory, details: Details, words: PointWords): Omit<Point, 'rank'> {
  const [subject, second, third] = details;
  const operation = category === 'FS_DELETE_OVERWRITE' ? second : third;
  const qualifier = fileQualifier(category, details, words);
  return {
    key: `path\u0000${subject}`,
    head: fill(words.file, { operation, path: subject }).trim(),
    qualifiers: [qualifier],
    vague: subject === '',
  };
}

function otherPoint(category: RiskCategory, details: Details, words: PointWords): Omit<Point, 'rank' | 'key'> {
  const [first, second, third] = details;
  switch (category) {
    case 'DEPS_INSTALL_UPDATE': {
      const head =
        second !== ''
          ? fill(words.packages, { packages: second })
          : third !== ''
            ? fill(words.dependencyFiles, { files: third })
            : words.dependencies;
      return { head, qualifiers: [first], vague: second === '' && third === '' };
    }
    case 'GIT_PUBLISH':
      return {
        head: fill(third === '' ? words.publish : words.publishTo, { what: joined(first, second), remote: third }),
        qualifiers: [],
        vague: first === '',
      };
    case 'SYSTEM_IMPACT':
      return { head: fill(words.system, { what: joined(first, second) }), qualifiers: [third], vague: first === '' };
    case 'SUDO':
      return {
        head: fill(words.sudo, { user: second === '' ? 'root' : second, command: first }),
        qualifiers: [],
        vague: first === '',
      };
    case 'NETWORK_RISK':
      return {
        head: fill(words.network, { purpose: third === '' ? words.networkAccess : third, address: first }).replace(
          /:\s*$/,
          '',
        ),
        qualifiers: [second],
        vague: first === '',
      };
    default:
      // EXEC_ARBITRARY: its expected effect, never the whole command that part 1 shows
      return { head: third, qualifiers: [], vague: third === '' };
  }
}

// a rule that also reaches the network (an install, a push) raises a second finding with the same trigger and note
function isCompanion(item: Evidence, all: readonly Evidence[]): boolean {
  return (
    item.category === 'NETWORK_RISK' &&
    all.some((other) => other.category !== 'NETWORK_RISK' && other.trigger === item.trigger && other.note === item.note)
  );
}

// EXEC_ARBITRARY's expected effect lists the notes of the other findings; keep only what they do not say
function withoutStatedEffects(item: Evidence, all: readonly Evidence[]): Evidence {
  if (item.category !== 'EXEC_ARBITRARY') return item;
  const stated = new Set(all.filter((other) => other.category !== 'EXEC_ARBITRARY').map((other) => other.note));
  const effects = item.details[2].split('; ').filter((effect) => !stated.has(effect));
  return { ...item, details: [item.details[0], item.details[1], effects.join('; ')] };
}

function pointOf(item: Evidence, locale: Locale): Point | undefined {
  const words = PROMPT_WORDS[locale].points;
  if (item.note.endsWith('fail closed')) {
    const reason = item.note.replace(/:\s*fail closed$/, '');
    return { key: 'unknown', head: fill(words.unknownEffect, { reason }), qualifiers: [], rank: -1, vague: false };
  }
  const details = localDetails(item, locale);
  const rank = CHANGE_SEVERITY.indexOf(item.category);
  if (FILE_CATEGORIES.includes(item.category)) return { ...filePoint(item.category, details, words), rank };
  const point = otherPoint(item.category, details, words);
  return point.head === ''
    ? undefined
    : { ...point, key: `${point.head}\u0000${point.qualifiers.join('\u0000')}`, rank };
}

const order = (a: Point, b: Point): number => Number(a.vague) - Number(b.vague) || a.rank - b.rank;

function written(point: Point): string {
  const qualifiers = [...new Set(point.qualifiers.filter((qualifier) => qualifier !== ''))];
  return oneLine(qualifiers.length === 0 ? point.head : `${point.head} (${qualifiers.join('; ')})`);
}

/**
 * Seed 002 E's "what will change": at most three concrete effects drawn from all the evidence
 * of the asked categories, most severe first, one point per path or effect.
 */
export function changePoints(
  evidence: readonly Evidence[],
  categories: readonly RiskCategory[],
  locale: Locale,
): string[] {
  const asked = evidence.filter((item) => categories.includes(item.category));
  const points = asked
    .filter((item) => !isCompanion(item, asked))
    .map((item) => pointOf(withoutStatedEffects(item, asked), locale))
    .filter((point): point is Point => point !== undefined);
  // a stable sort keeps the evidence's order within one rank
  points.sort(order);
  const merged = new Map<string, Point>();
  for (const point of points) {
    const seen = merged.get(point.key);
    if (seen === undefined) merged.set(point.key, point);
    else if (point.key.startsWith('path\u0000'))
      merged.set(point.key, { ...seen, qualifiers: [...seen.qualifiers, ...point.qualifiers] });
  }
  return [...merged.values()].slice(0, MAX_POINTS).map(written);
}
