import type { AgentHookAdapter } from '../agentHookAdapter';
import { claudeCodeAdapter } from './claudeCode';
import { codexAdapter } from './codexAdapter';
import { copilotAdapter } from './copilotAdapter';
import { geminiAdapter } from './geminiAdapter';
import { opencodeAdapter } from './opencodeAdapter';

/**
 * The agent CLIs `intentgate hook <agent>` answers, by the name on the command line. Each
 * agent's adapter module adds its one line here.
 */
export const AGENT_HOOK_ADAPTERS: Readonly<Record<string, AgentHookAdapter>> = Object.freeze({
  // getters: a start of the CLI's bundle loads only the adapter of the agent it answers
  get 'claude-code'() {
    return claudeCodeAdapter;
  },
  get codex() {
    return codexAdapter;
  },
  get gemini() {
    return geminiAdapter;
  },
  get copilot() {
    return copilotAdapter;
  },
  get opencode() {
    return opencodeAdapter;
  },
});
