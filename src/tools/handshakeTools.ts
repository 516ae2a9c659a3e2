/** The tool that moves REASONING to ACTION when given a valid intent id. */
export const SELECT_ACTIVE_INTENT = 'select_active_intent';

/** The tool that finishes a task and returns the lifecycle to REQUEST. */
export const ATTEMPT_COMPLETION = 'attempt_completion';

/** Tools whose lifecycle effects the governor applies; their class cannot be overridden. */
export const HANDSHAKE_TOOLS: readonly string[] = [SELECT_ACTIVE_INTENT, ATTEMPT_COMPLETION];

const DESCRIPTION =
  'Select the active intent for this task before using any tool that changes files or runs commands.';

const PARAMETERS = {
  type: 'object',
  properties: {
    intent_id: { type: 'string', description: 'Identifier of the intent to activate.' },
  },
  required: ['intent_id'],
  additionalProperties: false,
} as const;

/** A ready `select_active_intent` definition in the OpenAI function-tool shape, for hosts that lack one. */
export const selectActiveIntentTool = {
  type: 'function',
  function: { name: SELECT_ACTIVE_INTENT, description: DESCRIPTION, parameters: PARAMETERS },
} as const;

/** The same tool in the MCP `tools/list` shape. */
export const selectActiveIntentMcpTool = {
  name: SELECT_ACTIVE_INTENT,
  description: DESCRIPTION,
  inputSchema: PARAMETERS,
} as const;
