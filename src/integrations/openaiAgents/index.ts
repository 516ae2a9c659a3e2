// intentgate/openai-agents: the governor embedded in the OpenAI Agents SDK; every export is listed here by name.
export { governAgentTools } from './governAgentTools';
export type { GovernAgentToolsOptions } from './governOptions';
export type { GovernableTool } from './governableTool';
export { governedRunOptions } from './governedRunOptions';
export type { GovernedRunOptions, GovernedRunOptionsInput } from './governedRunOptions';
export { pendingDecisionFor } from './pendingDecisionFor';
export { selectActiveIntentFunctionTool } from './selectActiveIntentFunctionTool';
export { executeCommandFunctionTool } from './executeCommandFunctionTool';
export type { ExecuteCommandFunctionToolOptions } from './executeCommandFunctionTool';
