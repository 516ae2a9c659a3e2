import { createHash } from 'node:crypto';

/** The value as JSON with every object's keys sorted, so equal arguments give equal text whatever their order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A SHA-256 of a tool call (its name and arguments), equal for the same call however its keys are ordered. */
export function callDigest(tool: string, args: unknown): string {
  return createHash('sha256').update(canonicalJson({ tool, args }), 'utf8').digest('hex');
}
