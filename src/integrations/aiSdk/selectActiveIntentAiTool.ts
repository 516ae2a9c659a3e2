import type { Tool } from 'ai';
import { z } from 'zod';
import type { Governor } from '../../governor/createGovernor';
import { selectActiveIntentTool } from '../../tools/handshakeTools';

/** The input of `select_active_intent`. */
export interface SelectActiveIntentInput {
  readonly intent_id: string;
}

const inputSchema = z.object({
  intent_id: z.string().describe(selectActiveIntentTool.function.parameters.properties.intent_id.description),
});

/**
 * `select_active_intent` as an AI SDK tool, for hosts that lack one. Its `execute` runs only
 * once the governor has allowed the selection (the gate decides first), so it reports the
 * state the model is now in: the active intent, its scope, and how to finish.
 */
export function selectActiveIntentAiTool(governor: Governor): Tool<SelectActiveIntentInput, string> {
  return {
    description: selectActiveIntentTool.function.description,
    inputSchema,
    execute: () => governor.handshakePrompt(),
  };
}
