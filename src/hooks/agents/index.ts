import type { AgentHookAdapter } from '../agentHookAdapter';
import { claudeCodeAdapter } from './claudeCode';
import { codexAdapter } from './codexAdapter';
import { geminiAdapter } from './geminiAdapter';

/**
 * The agent CLIs `intentgate hook <agent>` answers, by the name on the command line. Each
 * agent's adapter module adds its one line here.
 */
export const AGENT_HOOK_ADAPTERS: Readonly<Record<string, AgentHookAdapter>> = {
  'claude-code': claudeCodeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
};
