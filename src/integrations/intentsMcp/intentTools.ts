import type { Intent } from '../../intents/intent';
import {
  ATTEMPT_COMPLETION,
  attemptCompletionMcpTool,
  SELECT_ACTIVE_INTENT,
  SELECT_ACTIVE_INTENT_PARAMETERS,
} from '../../tools/handshakeTools';

/** What the server knows of the intents when a list is asked for: the intents, or why there are none. */
export type IntentsRead =
  { readonly ok: true; readonly intents: readonly Intent[] } | { readonly ok: false; readonly problem: string };

const describeIntent = (intent: Intent): string =>
  `- ${intent.id}${intent.name ? `: ${intent.name}` : ''} (scope: ${intent.owned_scope.join(', ') || 'none'})`;

/** The intents part of select_active_intent's description. */
function intentsText(read: IntentsRead): string {
  if (!read.ok) return `The intents cannot be read (${read.problem}); ask the user to fix the intents file.`;
  if (read.intents.length === 0) return 'No intents are defined yet: ask the user to add one before making changes.';
  return `Available intents:\n${read.intents.map(describeIntent).join('\n')}`;
}

/** The two handshake tools in the MCP `tools/list` shape, select_active_intent listing the intents and their scopes. */
export function intentTools(read: IntentsRead) {
  return [
    {
      name: SELECT_ACTIVE_INTENT,
      description:
        `Select the active intent for this task before using any tool that changes files ` +
        `or runs commands; changes are then permitted inside its scope only. ${intentsText(read)}`,
      // the schemas are the library's ready definitions', so a host and an agent CLI see one tool
      inputSchema: SELECT_ACTIVE_INTENT_PARAMETERS,
    },
    attemptCompletionMcpTool,
  ];
}

/** The text a call of a handshake tool answers with; the governing happened in the agent's pre-tool hook. */
export function intentToolResult(
  name: string,
  args: Readonly<Record<string, unknown>>,
  read: IntentsRead,
): { readonly text: string; readonly isError: boolean } {
  if (name === ATTEMPT_COMPLETION)
    return {
      text: 'The task is complete; a new task needs select_active_intent again before changes.',
      isError: false,
    };
  if (name !== SELECT_ACTIVE_INTENT)
    return {
      text: `Unknown tool '${name.slice(0, 64)}': this server has ${SELECT_ACTIVE_INTENT} and ${ATTEMPT_COMPLETION}.`,
      isError: true,
    };
  const id = args.intent_id;
  const intent = read.ok && typeof id === 'string' ? read.intents.find((candidate) => candidate.id === id) : undefined;
  if (!intent) return { text: `Unknown intent '${String(id).slice(0, 256)}'. ${intentsText(read)}`, isError: true };
  return {
    text:
      `Intent ${intent.id} is active: changes are permitted inside its scope ` +
      `(${intent.owned_scope.join(', ') || 'none'}). Call ${ATTEMPT_COMPLETION} when the task is done.`,
    isError: false,
  };
}
