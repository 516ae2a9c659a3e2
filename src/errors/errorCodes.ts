/** Every code a thrown intentgate error can carry; the type is derived from this tuple. */
export const ERROR_CODES = [
  'invalid_options',
  'invalid_argument',
  'invalid_intents_file',
  'state_violation',
  'unknown_tool',
  'invalid_tool_arguments',
  'invalid_policy',
  'tokenizer_unavailable',
  'peer_dependency_missing',
  'upstream_unavailable',
  'invalid_snapshot',
  'session_store_unavailable',
  'trace_unreadable',
  'registry_clash',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
