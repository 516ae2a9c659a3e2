/** The tool that moves REASONING to ACTION when given a valid intent id. */
export const SELECT_ACTIVE_INTENT = 'select_active_intent';

/** The tool that finishes a task and returns the lifecycle to REQUEST. */
export const ATTEMPT_COMPLETION = 'attempt_completion';

/** Tools whose lifecycle effects the governor applies; their class cannot be overridden. */
export const HANDSHAKE_TOOLS: readonly string[] = [SELECT_ACTIVE_INTENT, ATTEMPT_COMPLETION];

const DESCRIPTION = 'Select the active intent for this task before using any tool that changes files or runs commands.';

/** select_active_intent's arguments: the id of one intent. */
export const SELECT_ACTIVE_INTENT_PARAMETERS = {
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
  function: { name: SELECT_ACTIVE_INTENT, description: DESCRIPTION, parameters: SELECT_ACTIVE_INTENT_PARAMETERS },
} as const;

/** The same tool in the MCP `tools/list` shape. */
export const selectActiveIntentMcpTool = {
  name: SELECT_ACTIVE_INTENT,
  description: DESCRIPTION,
  inputSchema: SELECT_ACTIVE_INTENT_PARAMETERS,
} as const;

const COMPLETION_DESCRIPTION =
  'Call when the task is done (or was only a question): it ends the task, and a new one needs select_active_intent again before changes.';

/** attempt_completion's arguments: an optional summary; the governor reads none of them. */
export const ATTEMPT_COMPLETION_PARAMETERS = {
  type: 'object',
  properties: {
    result: { type: 'string', description: 'What was done, in a few words.' },
  },
  additionalProperties: false,
} as const;

/** A ready `attempt_completion` definition in the OpenAI function-tool shape: the call that ends a task and returns to REQUEST. */
export const attemptCompletionTool = {
  type: 'function',
  function: {
    name: ATTEMPT_COMPLETION,
    description: COMPLETION_DESCRIPTION,
    parameters: ATTEMPT_COMPLETION_PARAMETERS,
  },
} as const;

/** The same tool in the MCP `tools/list` shape. */
export const attemptCompletionMcpTool = {
  name: ATTEMPT_COMPLETION,
  description: COMPLETION_DESCRIPTION,
  inputSchema: ATTEMPT_COMPLETION_PARAMETERS,
} as const;
