// The public API of intentgate/ai-sdk: the Vercel AI SDK integration, every export listed by name.
// Only this subpath touches 'ai' (as types), so the main package works without it.
export { governTools } from './governTools';
export type { GovernedTools, WithSelectActiveIntent } from './governTools';
export type { GovernToolsOptions } from './governToolsInput';
export { selectActiveIntentAiTool } from './selectActiveIntentAiTool';
export type { SelectActiveIntentInput } from './selectActiveIntentAiTool';
export { isToolDenial, toolDenial } from './toolDenial';
export type { ToolDenial } from './toolDenial';
export { executeCommandAiTool } from './executeCommandAiTool';
export type { ExecuteCommandInput, ExecuteCommandToolOptions } from './executeCommandAiTool';
