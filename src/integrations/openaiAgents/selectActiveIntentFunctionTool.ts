import { tool } from '@openai/agents';
import type { Governor } from '../../governor/createGovernor';
import { SELECT_ACTIVE_INTENT, selectActiveIntentTool } from '../../tools/handshakeTools';
import type { GovernableTool } from './governableTool';

// the SDK's strict JSON-schema shape, spelled out because the SDK does not export its name
interface SelectionParameters {
  type: 'object';
  properties: { intent_id: { type: 'string'; description: string } };
  required: 'intent_id'[];
  additionalProperties: false;
}

/**
 * `select_active_intent` as an Agents SDK function tool, for hosts that lack one. The gateway
 * applies the selection before it runs; it then tells the model what it may do now.
 */
export function selectActiveIntentFunctionTool<Context = unknown>(governor: Governor): GovernableTool<Context> {
  return tool<SelectionParameters, Context>({
    name: SELECT_ACTIVE_INTENT,
    description: selectActiveIntentTool.function.description,
    parameters: {
      type: 'object',
      properties: {
        intent_id: {
          type: 'string',
          description: selectActiveIntentTool.function.parameters.properties.intent_id.description,
        },
      },
      required: ['intent_id'],
      additionalProperties: false,
    },
    strict: true,
    execute: () => governor.handshakePrompt(),
  });
}
