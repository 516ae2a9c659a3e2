import { createHash } from 'node:crypto';
import { canonicalJson } from '../text/canonicalJson';

/** A SHA-256 of a tool call (its name and arguments), equal for the same call however its keys are ordered. */
export function callDigest(tool: string, args: unknown): string {
  return createHash('sha256').update(canonicalJson({ tool, args }), 'utf8').digest('hex');
}
