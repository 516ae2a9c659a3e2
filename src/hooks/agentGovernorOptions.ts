import type { GovernorOptions } from '../governor/governorOptions';
import type { AgentHookAdapter } from './agentHookAdapter';

/**
 * The options of an agent session's governor: the host's (a policy's), with the agent's
 * preset under them, so the host's classification and tool kinds win for any tool both name.
 * A preset's `shellContainment` (the route's) wins over the host's: the route runs the commands.
 */
export function withAgentPreset(options: GovernorOptions, adapter: AgentHookAdapter): GovernorOptions {
  const preset = adapter.governorOptions;
  return {
    ...options,
    classification: { ...preset.classification, ...options.classification },
    toolKinds: { ...preset.toolKinds, ...options.toolKinds },
    // the route's plan for the agent's shell commands: only a route that runs them contained sets it
    ...(preset.shellContainment !== undefined && { shellContainment: preset.shellContainment }),
  };
}
