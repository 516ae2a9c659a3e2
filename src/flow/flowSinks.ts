import { isCodeSteeringFile } from './codeSteeringFiles';
import { operandsOf, programOf, type FlowFacts } from './flowFacts';
import type { FlowPolicy } from './flowPolicy';

/** Where a call may carry what the session read. */
export type FlowSink =
  { readonly kind: 'egress'; readonly to: string } | { readonly kind: 'code'; readonly path: string };

// NETWORK_RISK purposes that send nothing but the request itself: an install or a download
const FETCH_ONLY: ReadonlySet<string> = new Set(['package download', 'download', 'fetch']);

/**
 * Whether a call out only fetches from hosts the policy trusts, so it cannot carry the data: an
 * install of named packages from a registry (none named is the manager's default one), or a
 * download from a trusted host. A publish, a push, an upload or a request with a body is
 * never exempt, whatever the host.
 */
function cannotCarryData(facts: FlowFacts, policy: FlowPolicy): boolean {
  if (facts.categories.includes('GIT_PUBLISH')) return false;
  const network = facts.evidence.filter((item) => item.category === 'NETWORK_RISK');
  if (network.length === 0 || !network.every((item) => FETCH_ONLY.has(item.details[2]))) return false;
  const installs = network.every((item) => item.details[2] === 'package download');
  const hosts = facts.hosts();
  // an install names no host when it uses its manager's registry
  if (hosts.length === 0) return installs;
  return hosts.every((host) => policy.trustedHosts.includes(host));
}

/** Where an egress call sends, as a person names it. */
function destinationOf(facts: FlowFacts): string {
  const hosts = facts.hosts();
  if (hosts.length > 0) return hosts.join(', ');
  const out = facts.evidence.find((item) => item.category === 'GIT_PUBLISH' || item.category === 'NETWORK_RISK');
  return out?.details[0] || out?.trigger || 'the network';
}

/** A mode that sets an execute bit: `+x`, `u+x`, `a=rwx`, `755`. */
const EXECUTABLE_MODE =
  /^(?:[ugoa]*[+=][rwxXst]*x[rwxXst]*(?:,.*)?|0?[0-7]?[1357][0-7]{2}|0?[0-7]?[0-7][1357][0-7]|0?[0-7]?[0-7]{2}[1357])$/;

/** The file a command makes executable, if one does. */
function madeExecutable(commands: readonly (readonly string[])[]): string | undefined {
  for (const words of commands) {
    if (programOf(words) !== 'chmod') continue;
    const [mode, ...files] = words.slice(1).filter((word) => !/^-[a-zA-Z]/.test(word) || EXECUTABLE_MODE.test(word));
    if (mode !== undefined && EXECUTABLE_MODE.test(mode)) return files[0] ?? mode;
  }
  for (const words of commands)
    if (programOf(words) === 'install' && words.some((word) => word === '-m' || word.startsWith('--mode')))
      return operandsOf(words).at(-1);
  return undefined;
}

/** The sinks of a call, as the flow rules see them: a call out, and a write of code that runs or steers. */
export function flowSinksOf(facts: FlowFacts, policy: FlowPolicy): readonly FlowSink[] {
  const sinks: FlowSink[] = [];
  const out = facts.categories.includes('NETWORK_RISK') || facts.categories.includes('GIT_PUBLISH');
  if (out && !cannotCarryData(facts, policy)) sinks.push({ kind: 'egress', to: destinationOf(facts) });
  const written = facts.paths.find(
    (path) => path.readOnly !== true && path.relative !== undefined && isCodeSteeringFile(path.relative),
  );
  const executable = written === undefined ? madeExecutable(facts.commands) : undefined;
  if (written?.relative !== undefined) sinks.push({ kind: 'code', path: written.relative });
  else if (executable !== undefined) sinks.push({ kind: 'code', path: `${executable} (made executable)` });
  return sinks;
}
