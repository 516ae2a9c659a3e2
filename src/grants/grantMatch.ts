import { isInScope } from '../intents/scope';
import type { RiskCategory } from '../categories/riskCategories';
import { matchesPrefix, splitPrefix } from '../policy/shell/commandDecisions';
import { commandBasename } from '../shell/words/shellWord';
import type { Grant } from './grant';
import type { RunChangingOptionFinder } from './runChangingOptions';

/** What a grant's narrowing is matched against: the call as the decider saw it. */
export interface GrantedCall {
  readonly tool: string;
  /** a shell command's simple commands (wrappers and what they run alike), and why it could not be seen whole */
  readonly shell?: { readonly commands: readonly (readonly string[])[]; readonly unknowable: string | undefined };
  /** every path the call names, workspace-relative; undefined for one outside the workspace or whose destination is unknown */
  readonly paths: readonly (string | undefined)[];
  /** the URL hosts the call names, lowercased */
  readonly hosts: readonly string[];
  /** the options that change what a command runs, as the session's catalog (a host's programs included) says */
  readonly runChangingOption: RunChangingOptionFinder;
}

const hostMatches = (pattern: string, host: string): boolean =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/**
 * Whether a grant's command prefix covers a simple command: the command starts with it, and no
 * later word is an option that changes what the program runs (`npm test --script-shell ./x.sh`,
 * `make -C other test`), which only a prefix naming it covers.
 */
export function prefixCovers(
  prefix: readonly string[],
  command: readonly string[],
  lastRunChangingOption: RunChangingOptionFinder,
): boolean {
  return (
    matchesPrefix(command, prefix) &&
    lastRunChangingOption(commandBasename(command[0] ?? ''), command, prefix.length) === -1
  );
}

/**
 * Whether every narrowing the grant has matches the call; each fails closed: a command line
 * the analysis could not see whole, a path outside the workspace, a call naming no host.
 */
export function grantMatches(grant: Grant, call: GrantedCall): boolean {
  const narrowed =
    grant.tools !== undefined || grant.commands !== undefined || grant.paths !== undefined || grant.hosts !== undefined;
  // what a command line does where the analysis could not see is no narrowing's to judge
  if (narrowed && call.shell !== undefined && (call.shell.unknowable !== undefined || call.shell.commands.length === 0))
    return false;
  if (grant.tools && !grant.tools.includes(call.tool)) return false;
  if (grant.commands) {
    const { shell } = call;
    // every simple command must start with a granted prefix: `npm test && ls` is not `npm test`
    if (shell === undefined) return false;
    const prefixes = grant.commands.map(splitPrefix);
    const covers = (command: readonly string[]): boolean =>
      prefixes.some((prefix) => prefixCovers(prefix, command, call.runChangingOption));
    if (!shell.commands.every(covers)) return false;
  }
  if (grant.paths) {
    const paths = grant.paths;
    if (
      call.paths.length === 0 ||
      !call.paths.every((relative) => relative !== undefined && isInScope(paths, relative))
    )
      return false;
  }
  if (grant.hosts) {
    const hosts = grant.hosts;
    if (call.hosts.length === 0 || !call.hosts.every((host) => hosts.some((pattern) => hostMatches(pattern, host))))
      return false;
  }
  return true;
}

/** The categories grants cover, and the grant that covers each (the first live one that names it and matches). */
export interface GrantCoverage {
  readonly uncovered: readonly RiskCategory[];
  /** each grant that covers some of the call's categories, and which */
  readonly byGrant: ReadonlyMap<Grant, readonly RiskCategory[]>;
}

/** Which of `categories` the live grants cover for the call. */
export function coverByGrants(
  categories: readonly RiskCategory[],
  grants: readonly Grant[],
  call: GrantedCall,
): GrantCoverage {
  const byGrant = new Map<Grant, RiskCategory[]>();
  const uncovered: RiskCategory[] = [];
  const matching = new Map<Grant, boolean>();
  const matches = (grant: Grant): boolean => {
    let known = matching.get(grant);
    if (known === undefined) {
      known = grantMatches(grant, call);
      matching.set(grant, known);
    }
    return known;
  };
  for (const category of categories) {
    const grant = grants.find((candidate) => candidate.categories.includes(category) && matches(candidate));
    if (grant === undefined) uncovered.push(category);
    else byGrant.set(grant, [...(byGrant.get(grant) ?? []), category]);
  }
  return { uncovered, byGrant };
}

const URL_IN_TEXT = /\b(?:https?|wss?|ftp):\/\/[^\s'"<>`]+/gi;

/** The URL hosts named in a call's string arguments and command words, lowercased, each once. */
export function hostsOfCall(
  args: Readonly<Record<string, unknown>>,
  commands: readonly (readonly string[])[] = [],
): string[] {
  let hosts: Set<string> | undefined;
  for (const value of Object.values(args))
    if (typeof value === 'string' && namesUrl(value)) hosts = addHosts(value, hosts);
  for (const command of commands) for (const word of command) if (namesUrl(word)) hosts = addHosts(word, hosts);
  return hosts === undefined ? [] : [...hosts];
}

// every URL the pattern finds holds '://': a text without it names none, and is not scanned
const namesUrl = (text: string): boolean => text.includes('://');

function addHosts(text: string, known: Set<string> | undefined): Set<string> {
  const hosts = known ?? new Set<string>();
  // bounded: only the first 64 URLs of a text count, and a text past 64 KiB is cut
  for (const found of text.slice(0, 65536).match(URL_IN_TEXT)?.slice(0, 64) ?? []) {
    try {
      hosts.add(new URL(found).hostname.toLowerCase());
    } catch {
      // a URL that does not parse names no host a grant could match; the call stays asked
      hosts.add('');
    }
  }
  return hosts;
}
