/** What happened to a session that a person watching the service may want to see at once. */
export type SessionEvent =
  | { readonly type: 'session.started'; readonly sessionId: string }
  /** its state or active intent may have changed (a prompt, a call, a selection) */
  | { readonly type: 'session.changed'; readonly sessionId: string }
  | { readonly type: 'session.reset'; readonly sessionId: string }
  /** a call waits for a human; `args` are the arguments it was held with */
  | {
      readonly type: 'call.held';
      readonly sessionId: string;
      readonly approvalId: string;
      readonly tool: string;
      readonly args: Readonly<Record<string, unknown>>;
    }
  | { readonly type: 'call.answered'; readonly sessionId: string; readonly approvalId: string }
  | { readonly type: 'categories.approved'; readonly sessionId: string };

/** One of SessionEvent's types. */
export type SessionEventType = SessionEvent['type'];

/** Receives every published event, in order. */
export type SessionEventListener = (event: SessionEvent) => void;

/** A small in-process bus: the session routes publish, the console listens. */
export interface SessionEvents {
  publish(event: SessionEvent): void;
  /** Adds a listener; the returned function removes it. */
  subscribe(listener: SessionEventListener): () => void;
  /** how many listeners are subscribed */
  readonly size: number;
}

/**
 * Creates the bus. A listener that throws is reported to `onError` and the others still hear
 * the event: watching the service never fails the request that changed it.
 */
export function createSessionEvents(onError: (error: unknown) => void = () => undefined): SessionEvents {
  const listeners = new Set<SessionEventListener>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          try {
            onError(error);
          } catch {
            // a failing logger must not fail the request either
          }
        }
      }
    },
    subscribe(listener) {
      // a wrapper per subscription, so one function subscribed twice is removed once at a time
      const entry: SessionEventListener = (event) => listener(event);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    get size() {
      return listeners.size;
    },
  };
}
