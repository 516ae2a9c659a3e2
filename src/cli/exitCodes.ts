/** The CLI's exit codes: success, a failure (bad input data, a bad policy), a usage error (a bad flag). */
export const EXIT_CODES = Object.freeze({ ok: 0, failure: 1, usage: 2 });

/** 0, 1 or 2. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
