import type { Intent } from '../intents/intent';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../tools/handshakeTools';
import type { LifecycleState } from './lifecycleState';

/** Seed 003 FR-005's sentence, verbatim. */
export const HANDSHAKE_SENTENCE =
  'Analysis and read-only actions are permitted, but an active intent is still required for mutations (writes/commands).';

export interface HandshakePromptContext {
  /** intents the model may select, listed with their scopes */
  readonly intents?: readonly Intent[];
  /** the active (or kept) intent */
  readonly activeIntent?: Intent | undefined;
}

const describeIntent = (intent: Intent): string =>
  `- ${intent.id}${intent.name ? `: ${intent.name}` : ''} (scope: ${intent.owned_scope.join(', ') || 'none'})`;

function intentList(intents: readonly Intent[]): string {
  return intents.length > 0
    ? `Available intents:\n${intents.map(describeIntent).join('\n')}`
    : 'No intents are defined yet: ask the user to add one before making changes.';
}

/**
 * The system-prompt text for a lifecycle state (seed 003 FR-005): what the model may do now
 * and how to reach the state where it may change files.
 */
export function handshakePrompt(state: LifecycleState, context: HandshakePromptContext = {}): string {
  const { intents = [], activeIntent } = context;
  const select = `call ${SELECT_ACTIVE_INTENT} with the id of the intent you are working on`;
  switch (state) {
    case 'REQUEST':
      // seed 003 SC-001: the selection itself starts a request, so the model needs the ids here too
      return `${HANDSHAKE_SENTENCE} No request is in progress yet; to make changes, ${select}, which starts one.\n${intentList(intents)}`;
    case 'REASONING': {
      const kept = activeIntent
        ? `\nIntent ${activeIntent.id} was active before this request; ${SELECT_ACTIVE_INTENT} it again to resume changes.`
        : '';
      return `${HANDSHAKE_SENTENCE} Before writing a file or running a command, ${select}.${kept}\n${intentList(intents)}`;
    }
    case 'ACTION': {
      const active = activeIntent ? describeIntent(activeIntent).slice(2) : '(none)';
      return (
        `Active intent: ${active}. Changes are permitted only inside its scope. Call ` +
        `${ATTEMPT_COMPLETION} when the task is done, or ${SELECT_ACTIVE_INTENT} to switch intents.`
      );
    }
  }
}
