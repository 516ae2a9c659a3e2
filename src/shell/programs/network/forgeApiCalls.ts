import type { CommandReading } from '../../catalog/commandReading';
import type { ProgramFindingDetails } from '../../catalog/reader';
import { shown } from '../../catalog/ruleFindings';

// `gh api` and `glab api`: which calls change what the forge publishes, and how their findings name them

const CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// the options that send fields, which make gh's call a POST
const FIELD_OPTIONS: ReadonlySet<string> = new Set(['-f', '--raw-field', '-F', '--field', '--input']);
// GitHub and GitLab endpoints whose change publishes: releases, tags and refs, commits of files, merges, deployments
const PUBLISH_ENDPOINT = new RegExp(
  String.raw`(?:^|\/)(?:releases|git\/refs|git\/tags|contents|merges|pulls\/[^/]+\/merge|deployments|` +
    String.raw`repository\/(?:tags|commits|files)|merge_requests\/[^/]+\/merge)(?:[/?]|$)`,
);

/** The method of a forge API call: -X/--method, else POST when fields are sent (as gh does), else GET. */
function apiMethod(reading: CommandReading): string {
  const explicit = reading.options.find((option) => option.name === '-X' || option.name === '--method')?.value?.value;
  if (explicit !== undefined) return explicit.toUpperCase();
  return reading.options.some((option) => FIELD_OPTIONS.has(option.name)) ? 'POST' : 'GET';
}

/** Whether a forge API call changes a release, tag, ref, file or merge. */
export function apiPublish(reading: CommandReading): boolean {
  const endpoint = reading.operands[0]?.value;
  return endpoint !== undefined && CHANGING_METHODS.has(apiMethod(reading)) && PUBLISH_ENDPOINT.test(endpoint);
}

/** GIT_PUBLISH of an API call: [the call and its method, the endpoint, '']. */
export const forgeApiFindingDetails: ProgramFindingDetails = {
  publish: (reading, match, operands) =>
    match.rule.when?.check === 'apiPublish'
      ? [`${match.label} ${apiMethod(reading)}`, shown(operands[0]), '']
      : undefined,
};
