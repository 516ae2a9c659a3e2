const MAX_SHOWN = 256;

/**
 * A short, safe rendering of any value for an error message. Never calls a value's own
 * toString (which may throw or lie) and never echoes more than a few hundred characters.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
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
