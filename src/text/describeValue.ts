const MAX_SHOWN = 256;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A short, safe rendering of any value for an error message. Never calls a value's own
 * toString (which may throw or lie) and never echoes more than a few hundred characters.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
      // control characters (terminal escapes, newlines) are shown, not obeyed, where the text is printed
      return shown.replace(CONTROL_CHARACTERS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    }
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return String(value);
    case 'symbol':
      return '<symbol>';
    case 'function':
      return '<function>';
    default:
      return value === null ? 'null' : Array.isArray(value) ? '<array>' : '<object>';
  }
}
