/** How long a session its agent ended is kept by default: a day, so the human can answer it the next morning. */
export const DEFAULT_ENDED_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** How long a store keeps its sessions. */
export interface SessionRetention {
  /** a session unused this long is forgotten */
  readonly idleTtlMs: number;
  /** a session its agent ended is kept this long after the end */
  readonly endedTtlMs: number;
}

/**
 * When a store forgets a session: the idle time after its last use, and for one its agent
 * ended, no sooner than the retention time after the end. Ending never shortens a session's
 * life, so an agent cannot end its session to have its state forgotten sooner.
 *
 * @example
 * keptUntil(1_000, undefined, { idleTtlMs: 10, endedTtlMs: 100 }); // 1_010
 * keptUntil(1_000, 990, { idleTtlMs: 10, endedTtlMs: 100 }); // 1_090
 */
export function keptUntil(usedAt: number, endedAt: number | undefined, retention: SessionRetention): number {
  const idle = usedAt + retention.idleTtlMs;
  return endedAt === undefined ? idle : Math.max(idle, endedAt + retention.endedTtlMs);
}
