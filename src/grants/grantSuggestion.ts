import path from 'node:path';
import type { RiskCategory } from '../categories/riskCategories';
import { commandBasename } from '../shell/words/shellWord';
import type { GrantInput, GrantLifetime } from './grant';
import type { GrantedCall } from './grantMatch';
import type { RunChangingOptionFinder } from './runChangingOptions';

/** The most prefixes, paths or hosts a suggestion names; a call naming more gets a tool-wide one. */
const MAX_SUGGESTED = 5;

/** What a suggested grant is: the input `grant` (or `POST /approve-session`) takes, with its lifetime said. */
export type GrantSuggestion = GrantInput & { readonly until: GrantLifetime };

// a grant's command prefix is at most this long (grant.ts)
const MAX_PREFIX_LENGTH = 512;

/**
 * The prefix of a command with an option that changes what it runs (`npm --prefix web test`):
 * its words through that option, the value after it and the subcommand after that, since a
 * prefix covers such an option only when it names it (grantMatch.ts).
 */
function runChangingPrefix(command: readonly string[], last: number): string | undefined {
  let end = last + 1;
  const isValue = (word: string | undefined): boolean => word !== undefined && !word.startsWith('-');
  if (!(command[last] ?? '').includes('=') && isValue(command[end])) end++;
  if (isValue(command[end])) end++;
  const words = [commandBasename(command[0] ?? ''), ...command.slice(1, end)];
  // matched as command rules are, split at whitespace: a word holding whitespace could never match as written
  if (words.some((word) => word === '' || /\s/.test(word))) return undefined;
  const prefix = words.join(' ');
  return prefix.length <= MAX_PREFIX_LENGTH ? prefix : undefined;
}

/** A simple command's prefix for a grant: the program and, when it has one, its first word that is not an option (nor holds whitespace). */
function commandPrefix(command: readonly string[], lastRunChangingOption: RunChangingOptionFinder): string | undefined {
  const [program, next] = command;
  if (program === undefined) return undefined;
  const changing = lastRunChangingOption(commandBasename(program), command, 1);
  if (changing !== -1) return runChangingPrefix(command, changing);
  // matched as command rules are: the program by its basename, the prefix split at whitespace,
  // so a word holding whitespace could never match as written
  const subcommand =
    next !== undefined && !next.startsWith('-') && next.length <= 64 && !/\s/.test(next) ? ` ${next}` : '';
  return `${commandBasename(program)}${subcommand}`;
}

/** The folder glob of a workspace path: `src/auth/login.ts` is `src/auth/**`; a file at the root stays itself. */
function folderGlob(relative: string): string {
  const folder = path.posix.dirname(relative);
  return folder === '.' ? relative : `${folder}/**`;
}

const distinct = (items: readonly string[]): string[] | undefined => {
  const unique = items.length === 1 ? [...items] : [...new Set(items)];
  return unique.length > 0 && unique.length <= MAX_SUGGESTED ? unique : undefined;
};

/**
 * The narrowest grant that would cover this call and calls like it: a shell command seen whole
 * by its commands' prefixes, a call naming only workspace paths by their folders, one naming
 * hosts by them, anything else by its tool; for the active intent when there is one. Undefined
 * when no narrow grant could cover it (a command line not seen whole).
 */
export function suggestGrant(
  categories: readonly RiskCategory[],
  call: GrantedCall,
  activeIntentId: string | undefined,
): GrantSuggestion | undefined {
  if (categories.length === 0) return undefined;
  const until: GrantLifetime = activeIntentId === undefined ? 'session' : 'intent';
  // each suggestion is built whole, its fields in the same order: no base object to copy
  if (call.shell !== undefined) {
    if (call.shell.unknowable !== undefined) return undefined;
    const prefixes = call.shell.commands.map((command) => commandPrefix(command, call.runChangingOption));
    const commands = prefixes.every((prefix): prefix is string => prefix !== undefined)
      ? distinct(prefixes)
      : undefined;
    return commands && { categories: [...categories], until, commands };
  }
  const hosts = call.hosts.length === 0 ? undefined : distinct(call.hosts);
  if (hosts && !hosts.includes('')) return { categories: [...categories], until, hosts };
  const paths = call.paths.every((relative): relative is string => relative !== undefined)
    ? distinct(call.paths.map(folderGlob))
    : undefined;
  if (paths) return { categories: [...categories], until, paths };
  return { categories: [...categories], until, tools: [call.tool] };
}

/** The suggestion in a few words, for the prompt: `EXEC_ARBITRARY for 'npm test' while the intent is active`. */
export function describeSuggestion(
  suggestion: GrantSuggestion,
  words: { readonly forIntent: string; readonly forSession: string },
): string {
  const narrowing = [
    suggestion.commands?.map((command) => `'${command}'`).join(', '),
    suggestion.paths?.join(', '),
    suggestion.hosts?.join(', '),
    suggestion.tools?.join(', '),
  ].find((part) => part !== undefined);
  return (
    `${suggestion.categories.join(', ')}${narrowing === undefined ? '' : ` — ${narrowing}`} ` +
    `${suggestion.until === 'intent' ? words.forIntent : words.forSession}`
  );
}
