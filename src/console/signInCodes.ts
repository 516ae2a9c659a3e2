import { randomBytes } from 'node:crypto';
import { secretDigest } from './secretDigest';

/** One-time sign-in codes, for the link the service prints at start. */
export interface SignInCodes {
  /** A new code: it works once, until it expires. */
  issue(): string;
  /** Whether `code` is a live code; a live one is used up by this call. */
  redeem(code: string): boolean;
  clear(): void;
}

/** How long a code lives and how many live codes are kept. */
export interface SignInCodeLimits {
  readonly ttlMs: number;
  /** past it the oldest code is dropped */
  readonly maxCodes: number;
  readonly now?: () => number;
}

/** Creates the codes; each is 192 random bits, kept only as a hash. */
export function createSignInCodes(limits: SignInCodeLimits): SignInCodes {
  const now = limits.now ?? Date.now;
  const codes = new Map<string, number>();
  return {
    issue() {
      while (codes.size >= limits.maxCodes) {
        const oldest = codes.keys().next().value;
        if (oldest === undefined) break;
        codes.delete(oldest);
      }
      const code = randomBytes(24).toString('base64url');
      codes.set(secretDigest(code), now() + limits.ttlMs);
      return code;
    },
    redeem(code) {
      const key = secretDigest(code);
      const expiresAt = codes.get(key);
      codes.delete(key);
      return expiresAt !== undefined && now() < expiresAt;
    },
    clear: () => codes.clear(),
  };
}
