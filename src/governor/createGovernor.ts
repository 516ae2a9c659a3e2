import type { Governor } from './governorApi';
import { parseGovernorOptions, type GovernorOptions } from './governorOptions';
import { LiveGovernor } from './liveGovernor';

export type { Governor, ToolsForOptions } from './governorApi';

/**
 * Creates the governor of one agent conversation.
 *
 * @example
 * const governor = createGovernor({ workspaceRoot: '/repo' });
 * governor.userPrompt('add login');
 * governor.isToolAllowed('write_to_file').reason;
 * // "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first."
 */
export function createGovernor(options?: GovernorOptions): Governor {
  return new LiveGovernor(parseGovernorOptions(options, process.cwd()));
}
