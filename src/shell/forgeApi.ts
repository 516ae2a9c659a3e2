import { recordPath, type PathSink } from './dependencyFiles';
import { hasOption, optionValue, readArguments, valuedSet, type ParsedArguments } from './options';
import { staticWord, type ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';

const API_VALUED = valuedSet([
  '-X', '--method', '-H', '--header', '-f', '--raw-field', '-F', '--field', '--input', '-q', '--jq', '-t', '--template',
  '--cache', '-p', '--preview', '--hostname',
]);
const FIELD_OPTIONS = ['-f', '--raw-field', '-F', '--field', '--input'];
const CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// GitHub and GitLab endpoints whose change publishes: releases, tags and refs, commits of files, merges, deployments
const PUBLISH_ENDPOINT = /(?:^|\/)(?:releases|git\/refs|git\/tags|contents|merges|pulls\/[^/]+\/merge|deployments|repository\/(?:tags|commits|files)|merge_requests\/[^/]+\/merge)(?:[/?]|$)/;

/** `gh api ENDPOINT` / `glab api ENDPOINT`: the parsed arguments after `api`, or undefined for another subcommand. */
function apiCall(name: string, words: readonly ShellWord[]): ParsedArguments | undefined {
  if (name !== 'gh' && name !== 'glab') return undefined;
  const sub = readSubcommand(name, words, 1);
  if (sub.words[0]?.value !== 'api') return undefined;
  return readArguments(words, sub.next, API_VALUED);
}

/**
 * The paths of a forge API call: its endpoint is a URL path, not a file; `--input FILE` and
 * `-F key=@FILE` read files. False when the command is not `gh api` or `glab api`.
 */
export function forgeApiPaths(sink: PathSink, name: string, words: readonly ShellWord[]): boolean {
  const parsed = apiCall(name, words);
  if (parsed === undefined) return false;
  for (const option of parsed.options) {
    const value = option.value?.value;
    if (value === undefined || value === '-') continue;
    if (option.name === '--input') recordPath(sink, option.value ?? staticWord(value), 'read');
    const at = value.indexOf('=@');
    if ((option.name === '-F' || option.name === '--field') && at !== -1) recordPath(sink, staticWord(value.slice(at + 2)), 'read');
  }
  return true;
}

/** The method of a forge API call: -X/--method, else POST when fields are sent (as gh does), else GET. */
function apiMethod(parsed: ParsedArguments): string {
  const explicit = optionValue(parsed, ['-X', '--method'])?.value;
  if (explicit !== undefined) return explicit.toUpperCase();
  return hasOption(parsed, FIELD_OPTIONS) ? 'POST' : 'GET';
}

/** Whether a forge API call changes a release, tag, ref, file or merge (GIT_PUBLISH), and with which method. */
export function apiPublishMethod(name: string, words: readonly ShellWord[]): string | undefined {
  const parsed = apiCall(name, words);
  const endpoint = parsed?.operands[0]?.value;
  if (parsed === undefined || endpoint === undefined) return undefined;
  const method = apiMethod(parsed);
  return CHANGING_METHODS.has(method) && PUBLISH_ENDPOINT.test(endpoint) ? method : undefined;
}
