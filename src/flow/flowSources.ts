import { isInScope } from '../intents/scope';
import type { Catalog } from '../shell/catalog/catalog';
import type { FlowKind } from './flowMarks';
import { operandsOf, programOf, type FlowFacts } from './flowFacts';
import { isUntrustedTool, type FlowPolicy } from './flowPolicy';
import { secretDumpOf } from './secretDumps';

/** One read a call that ran makes: what kind, and what it read as a person names it. */
export interface FlowRead {
  readonly kind: FlowKind;
  readonly what: string;
}

// kinds of FS_CONFIG_SECRETS that name configuration, not a secret: reading them marks nothing
const NOT_SECRET_KINDS: ReadonlySet<string> = new Set(['config', 'agent_settings']);

const FETCHERS: ReadonlySet<string> = new Set(['curl', 'wget']);

/** The URL a fetcher names, or its command line. */
const fetchedOf = (words: readonly string[]): string => words.find((word) => word.includes('://')) ?? words.join(' ');

/**
 * What a call that ran has read that the flow rules remember: a file the secret rules name (by
 * the built-in rules' evidence, or a policy glob), a command that prints secrets (read against
 * `catalog`, the session's), a `web` call, a `curl` or `wget` fetch, or a tool the policy marks
 * untrusted. The first of each kind.
 */
export function flowReadsOf(
  facts: FlowFacts,
  policy: FlowPolicy,
  catalog: Pick<Catalog, 'lookup'>,
): readonly FlowRead[] {
  let secret: string | undefined;
  for (const item of facts.evidence) {
    if (item.category !== 'FS_CONFIG_SECRETS' || item.details[2] !== 'read' || NOT_SECRET_KINDS.has(item.details[1]))
      continue;
    secret = item.details[0] || item.trigger;
    break;
  }
  if (secret === undefined && policy.secrets.length > 0)
    secret = facts.paths.find(
      (path) => path.relative !== undefined && isInScope(policy.secrets, path.relative),
    )?.relative;
  if (secret === undefined) for (const words of facts.commands) secret ??= secretDumpOf(words, catalog);

  let untrusted: string | undefined;
  if (facts.kind?.kind === 'web') {
    const url = facts.args[facts.kind.url];
    untrusted = typeof url === 'string' ? url : facts.tool;
  }
  if (untrusted === undefined && isUntrustedTool(policy, facts.tool)) untrusted = facts.tool;
  if (untrusted === undefined) {
    const fetch = facts.commands.find((words) => FETCHERS.has(programOf(words)));
    if (fetch !== undefined) untrusted = fetchedOf(fetch);
  }
  return [
    ...(secret === undefined ? [] : [{ kind: 'secret' as const, what: secret }]),
    ...(untrusted === undefined ? [] : [{ kind: 'untrusted' as const, what: untrusted }]),
  ];
}
