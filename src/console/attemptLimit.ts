/** Counts failed sign-ins in a sliding window. */
export interface AttemptLimit {
  /** milliseconds until another attempt is allowed; 0 when one is allowed now */
  waitMs(): number;
  /** Records a failed attempt. */
  fail(): void;
}

/** At most `maxFailures` failed attempts per `windowMs`: guessing a token stays hopeless even for a short one. */
export function createAttemptLimit(maxFailures: number, windowMs: number, now: () => number = Date.now): AttemptLimit {
  const failures: number[] = [];
  const forget = (): void => {
    while (failures.length > 0 && (failures[0] ?? 0) <= now() - windowMs) failures.shift();
  };
  return {
    waitMs() {
      forget();
      return failures.length < maxFailures ? 0 : (failures[0] ?? 0) + windowMs - now();
    },
    fail() {
      forget();
      failures.push(now());
      // only the newest maxFailures matter for the wait
      if (failures.length > maxFailures) failures.shift();
    },
  };
}
