import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The environment variable named approval tokens are read from: `name:token,name:token`. */
export const APPROVAL_TOKENS_ENV = 'INTENTGATE_APPROVAL_TOKENS';

/** The name the trace gives the service's single approval token (`approvalToken`). */
export const DEFAULT_TOKEN_NAME = 'default';

/** The name the trace gives a console signed in with the one-time link `intentgate serve` prints. */
export const SIGN_IN_LINK_NAME = 'sign-in-link';

const RESERVED_NAMES: readonly string[] = [DEFAULT_TOKEN_NAME, SIGN_IN_LINK_NAME];

/** The most named tokens a service takes. */
export const MAX_APPROVAL_TOKENS = 64;

// a token goes into an Authorization header: printable ASCII, no spaces, long enough to resist guessing
export const approvalTokenSchema = z
  .string()
  .min(16, 'an approval token must have at least 16 characters')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'an approval token must be printable ASCII without spaces');

// a name goes into the trace and the audit's columns: short, no spaces, no separators of the env form
const tokenNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/,
    'a token name is 1 to 64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit, like alice or ci-bot',
  )
  .refine((name) => !RESERVED_NAMES.includes(name), {
    message: `'${DEFAULT_TOKEN_NAME}' and '${SIGN_IN_LINK_NAME}' are the names of the single token and the sign-in link`,
  });

/** Named approval tokens: each approval is traced with the name of the token it came with. */
export const namedApprovalTokensSchema = z
  .array(z.strictObject({ name: tokenNameSchema, token: approvalTokenSchema }))
  .min(1)
  .max(MAX_APPROVAL_TOKENS)
  .superRefine((tokens, context) => {
    const names = tokens.map((each) => each.name);
    for (const [index, name] of names.entries()) {
      if (names.indexOf(name) !== index)
        context.addIssue({ code: 'custom', path: [index, 'name'], message: `the name '${name}' is given twice` });
    }
    // the token is never echoed: only where it repeats
    for (const [index, each] of tokens.entries()) {
      if (tokens.findIndex((other) => other.token === each.token) !== index)
        context.addIssue({
          code: 'custom',
          path: [index, 'token'],
          message: 'this token is given to another name too',
        });
    }
  });

/** One approval token and the name of whoever holds it. */
export interface NamedApprovalToken {
  readonly name: string;
  readonly token: string;
}

/** The service's approval tokens. */
export interface ApprovalTokens {
  /** The name of the token given, or undefined; every token is compared in constant time, so the time tells neither which matched nor how far. */
  nameOf(given: string): string | undefined;
  readonly names: readonly string[];
}

/** Compares in constant time; buffers of unequal length are compared with themselves so timing leaks nothing. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  const equalLength = a.length === b.length;
  return timingSafeEqual(equalLength ? a : b, b) && equalLength;
}

/** The tokens a service checks. */
export function approvalTokens(tokens: readonly NamedApprovalToken[]): ApprovalTokens {
  const kept = tokens.map((each) => ({ ...each }));
  return {
    nameOf(given) {
      let found: string | undefined;
      for (const each of kept) if (sameToken(given, each.token) && found === undefined) found = each.name;
      return found;
    },
    names: Object.freeze(kept.map((each) => each.name)),
  };
}

/**
 * Reads `INTENTGATE_APPROVAL_TOKENS`: `name:token` pairs separated by commas (a name has no
 * ':', a token no ','); blanks around them are ignored. The issues never quote a token.
 */
export function parseApprovalTokensEnv(text: string): {
  readonly tokens: NamedApprovalToken[];
  readonly issues: string[];
} {
  const tokens: NamedApprovalToken[] = [];
  const issues: string[] = [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    if (colon <= 0) issues.push(`${APPROVAL_TOKENS_ENV}: entry ${index + 1} is not name:token`);
    else tokens.push({ name: entry.slice(0, colon), token: entry.slice(colon + 1) });
  }
  if (entries.length === 0) issues.push(`${APPROVAL_TOKENS_ENV}: no name:token entry; leave it unset for none`);
  return { tokens, issues };
}
