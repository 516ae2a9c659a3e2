/**
 * A call's arguments given as JSON text, as OpenAI's tool calls carry them (`arguments` is a
 * string there): a text of one JSON object stands for that object; any other string is refused
 * with what to pass instead.
 */

/** The longest arguments text read as JSON, in UTF-8 bytes: the request body the service accepts by default, which carries a call's arguments there. */
export const MAX_ARGUMENTS_TEXT_BYTES = 1024 * 1024;

export type ArgumentsText =
  | { readonly ok: true; readonly args: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly problem: string };

const WHAT_TO_PASS = `pass the arguments as an object, or as the JSON text of one object (OpenAI's \`arguments\`), like '{"path":"src/a.ts"}'`;

const shapeOf = (value: unknown): string =>
  Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;

function utf8Bytes(text: string): number {
  // a UTF-16 code unit is at most three bytes of UTF-8: a short text needs no count
  return text.length * 3 <= MAX_ARGUMENTS_TEXT_BYTES ? text.length : Buffer.byteLength(text);
}

/** The object a JSON text of arguments holds, or why it holds none; the size is checked before the text is parsed. */
export function readArgumentsText(text: string): ArgumentsText {
  const bytes = utf8Bytes(text);
  if (bytes > MAX_ARGUMENTS_TEXT_BYTES) {
    return {
      ok: false,
      problem: `arguments are a string of ${Math.ceil(bytes / 1024)} KiB, over the ${MAX_ARGUMENTS_TEXT_BYTES / 1024} KiB read as JSON; ${WHAT_TO_PASS}`,
    };
  }
  let parsed: unknown;
  try {
    // JSON.parse defines every key as an own property: a '__proto__' key stays an argument and changes no prototype
    parsed = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'unreadable';
    return { ok: false, problem: `arguments are a string that is not JSON (${why}); ${WHAT_TO_PASS}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      ok: false,
      problem: `arguments are a JSON string of ${shapeOf(parsed)}, not of an object; ${WHAT_TO_PASS}`,
    };
  }
  return { ok: true, args: parsed as Readonly<Record<string, unknown>> };
}

/**
 * A call's arguments as the governor decides them: the object a JSON-object text holds, else the value as
 * given (a bad one is refused later, with its problem).
 */
export function callArgumentsOf(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  const read = readArgumentsText(args);
  return read.ok ? read.args : args;
}
