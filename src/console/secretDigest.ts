import { createHash } from 'node:crypto';

/** The SHA-256 of a secret, base64url: what the console keeps instead of session ids and sign-in codes. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
