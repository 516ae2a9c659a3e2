import { isWithin } from '../../containment/profilePaths';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContainmentProfile } from '../../containment/containmentProfile';
import { clearAfterContained, containedCommand } from '../../containment/runContained';
import { UpstreamUnavailableError } from '../../errors/UpstreamUnavailableError';
import type { UpstreamCommand } from './mcpProxyOptions';
import { startUpstreamServer, type UpstreamServer } from './upstreamServer';

/** How the proxy contains its upstream: the bwrap, and the governor's profile as it stands when asked. */
export interface UpstreamSandbox {
  readonly bwrap: string;
  profile(): ContainmentProfile;
}

/** The upstream, contained, with what it runs under now. */
export interface ContainedUpstreamServer extends UpstreamServer {
  /** how many times the upstream was started again because the profile changed */
  readonly restarts: number;
  /**
   * Starts the upstream again under the profile as it stands, when that differs from the one
   * it runs under; resolves with why it cannot run contained now, or undefined when it runs.
   */
  follow(): Promise<string | undefined>;
}

type Launch =
  | { readonly ok: true; readonly command: UpstreamCommand; readonly key: string; readonly profile: ContainmentProfile }
  | { readonly ok: false; readonly reason: string };

/** The upstream command wrapped in bwrap under the profile as it stands; the argv is the key: a different sandbox, a different argv. */
/**
 * The profile with the folder the host starts the upstream in shown again read-only when the
 * private temporary folder would hide it (a checkout kept under /tmp): the host chose that
 * folder, and the upstream's own files are there.
 */
function withStartFolder(profile: ContainmentProfile, cwd: string): ContainmentProfile {
  const inTmp = isWithin(cwd, profile.tmp.path);
  if (!inTmp || [...profile.shown, ...profile.writable].some((place) => isWithin(cwd, place.path))) return profile;
  return {
    ...profile,
    shown: [
      ...profile.shown,
      {
        path: cwd,
        reason: `shown again read-only: the upstream starts in ${cwd}, which the private temporary folder hides`,
      },
    ],
  };
}

function launch(command: UpstreamCommand, defaultCwd: string, sandbox: UpstreamSandbox): Launch {
  const cwd = command.cwd ?? defaultCwd;
  const profile = withStartFolder(sandbox.profile(), cwd);
  const contained = containedCommand(profile, [command.command, ...(command.args ?? [])], {
    bwrap: sandbox.bwrap,
    cwd,
  });
  if (!contained.ok) return contained;
  const [file = sandbox.bwrap, ...args] = contained.argv;
  return { ok: true, command: { ...command, command: file, args, cwd }, key: JSON.stringify(contained.argv), profile };
}

const refused = (reason: string): CallToolResult => ({
  isError: true,
  content: [
    {
      type: 'text',
      text: `intentgate did not forward the call: the upstream server cannot be started contained (${reason}).`,
    },
  ],
});

/**
 * Starts the upstream MCP server in the sandbox the governor's state shapes: the active
 * intent's scope writable, the rest read-only, intentgate's files and the ignored paths
 * unreadable, the network as the session approved it. The upstream is long-lived and the
 * intent is not, so before each forwarded call the profile is computed again; when it differs
 * (another intent, a new approval of NETWORK_RISK, a return to REASONING) the upstream is
 * stopped once the calls it is running have ended and started again under the new profile,
 * and only then is the call forwarded. Its state in memory does not survive that restart.
 */
export async function startContainedUpstream(
  command: UpstreamCommand,
  clientInfo: { readonly name: string; readonly version: string },
  defaultCwd: string,
  sandbox: UpstreamSandbox,
): Promise<ContainedUpstreamServer> {
  const start = async (
    planned: Launch,
  ): Promise<{ server: UpstreamServer; key: string; profile: ContainmentProfile }> => {
    if (!planned.ok) throw new UpstreamUnavailableError(`${command.command} (contained)`, planned.reason);
    const server = await startUpstreamServer(planned.command, clientInfo, defaultCwd);
    return { server, key: planned.key, profile: planned.profile };
  };

  let current = await start(launch(command, defaultCwd, sandbox));
  let restarts = 0;
  let running = 0;
  let idle: (() => void)[] = [];
  let switching: Promise<string | undefined> = Promise.resolve(undefined);

  const wire = (started: typeof current): void => {
    // only the upstream now in use speaks for the proxy: a replaced one closes quietly
    started.server.onClose = () => {
      clearAfterContained(started.profile);
      if (started === current) wrapper.onClose?.();
    };
    started.server.onToolsChanged = () => {
      if (started === current) wrapper.onToolsChanged?.();
    };
  };

  const drained = (): Promise<void> =>
    running === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));

  const restart = async (): Promise<string | undefined> => {
    const planned = launch(command, defaultCwd, sandbox);
    if (!planned.ok) return planned.reason;
    if (planned.key === current.key) return undefined;
    await drained();
    const before = JSON.stringify(current.server.tools);
    const old = current;
    // the old sandbox ends before the new one starts: two servers never share the workspace's files
    old.server.onClose = () => clearAfterContained(old.profile);
    await old.server.close().catch(() => undefined);
    try {
      current = await start(planned);
    } catch (error) {
      // no upstream is left: the proxy ends as when its upstream exits
      wrapper.onClose?.();
      throw error;
    }
    restarts += 1;
    wire(current);
    if (JSON.stringify(current.server.tools) !== before) wrapper.onToolsChanged?.();
    return undefined;
  };

  const follow = (): Promise<string | undefined> => {
    switching = switching.then(restart, restart);
    return switching;
  };

  const wrapper: ContainedUpstreamServer = {
    get client() {
      return current.server.client;
    },
    get pid() {
      return current.server.pid;
    },
    get tools() {
      return current.server.tools;
    },
    get shadowed() {
      return current.server.shadowed;
    },
    get restarts() {
      return restarts;
    },
    has: (name) => current.server.has(name),
    refresh: async () => {
      await switching.catch(() => undefined);
      return current.server.refresh();
    },
    follow,
    callTool: async (name, args, options) => {
      const problem = await follow();
      if (problem !== undefined) return refused(problem);
      running += 1;
      try {
        return await current.server.callTool(name, args, options);
      } finally {
        running -= 1;
        if (running === 0) {
          const waiting = idle;
          idle = [];
          for (const wake of waiting) wake();
        }
      }
    },
    onToolsChanged: undefined,
    onClose: undefined,
    close: async () => {
      await switching.catch(() => undefined);
      await current.server.close();
    },
  };
  wire(current);
  return wrapper;
}
