import type { AnalysisContext } from './analysisContext';
import { originOf, type CommandCall } from './commandCall';
import { readLeadingOptions, valuedSet } from './options';
import type { ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';

/**
 * The command `docker exec`, `podman exec`, `kubectl exec` and `oc exec` run in a container:
 * analysed like ssh's remote command, since its sudo or rm still matters to the user (its paths
 * are read as if local, which can only add categories). The tool's own rules still apply.
 */

const ENGINE_EXEC_VALUED = valuedSet(['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys']);
const ENGINE_EXEC_KNOWN: ReadonlySet<string> = new Set([...ENGINE_EXEC_VALUED, '-d', '--detach', '-i', '--interactive', '-t', '--tty', '--privileged']);
const ENGINES: ReadonlySet<string> = new Set(['docker', 'podman']);
const CLUSTER_CLIENTS: ReadonlySet<string> = new Set(['kubectl', 'oc']);

/** `docker [container] exec [OPTIONS] CONTAINER COMMAND...` */
function engineExec(call: CommandCall, context: AnalysisContext): ShellWord[] | undefined {
  const sub = readSubcommand(call.name, call.words, 2);
  const [first, second] = sub.words.map((word) => word.value);
  const end = first === 'exec' ? sub.ends[0] : first === 'container' && second === 'exec' ? sub.ends[1] : undefined;
  if (end === undefined) return undefined;
  const parsed = readLeadingOptions(call.words, end, ENGINE_EXEC_VALUED);
  const unknown = parsed.options.find((option) => !ENGINE_EXEC_KNOWN.has(option.name));
  if (unknown !== undefined) {
    // an option not known here may take the next word, which would then be read as the container
    context.failClosed(`${call.name} exec option ${unknown.name} is not known: fail closed`, originOf(call, unknown.name));
    return undefined;
  }
  const command = parsed.operands.slice(1);
  return command.length > 0 ? [...command] : undefined;
}

/** `kubectl exec POD [OPTIONS] -- COMMAND...`: the command follows the first `--`. */
function clusterExec(call: CommandCall): ShellWord[] | undefined {
  const sub = readSubcommand(call.name, call.words, 1);
  if (sub.words[0]?.value !== 'exec') return undefined;
  const separator = call.words.findIndex((word, index) => index >= sub.next && word.value === '--');
  if (separator === -1) return undefined;
  const command = call.words.slice(separator + 1);
  return command.length > 0 ? command : undefined;
}

/** The command a container exec runs, to be analysed next; undefined for any other line. */
export function containerExecCommand(call: CommandCall, context: AnalysisContext): ShellWord[] | undefined {
  if (ENGINES.has(call.name)) return engineExec(call, context);
  if (CLUSTER_CLIENTS.has(call.name)) return clusterExec(call);
  return undefined;
}
