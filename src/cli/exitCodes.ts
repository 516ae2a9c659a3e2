/**
 * The CLI's exit codes: success, a failure (bad input data, a bad policy), a usage error (a bad
 * flag), and an approval refused for want of the credential or a human's confirmation.
 */
export const EXIT_CODES = Object.freeze({ ok: 0, failure: 1, usage: 2, refused: 3 });

/** 0, 1, 2 or 3. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
