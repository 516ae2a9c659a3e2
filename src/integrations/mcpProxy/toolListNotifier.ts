import type { Governor } from '../../governor/createGovernor';

export interface ToolListNotifierParts {
  readonly governor: Governor;
  /** the names the client would see now */
  visibleNames(): readonly string[];
  /** sends notifications/tools/list_changed */
  send(): Promise<void>;
}

export interface ToolListNotifier {
  /** Starts notifying from the current view (after the client has initialized). */
  start(): void;
  /** The upstream changed its tools: the client re-lists even if the names stayed the same. */
  upstreamChanged(): void;
  stop(): void;
}

/**
 * Tells the client to re-list its tools whenever the lifecycle state or the visible tool
 * names change, by watching the governor's actor.
 */
export function createToolListNotifier(parts: ToolListNotifierParts): ToolListNotifier {
  const { governor } = parts;
  let last: string | undefined;
  let started = false;
  const view = (): string => [governor.state, ...parts.visibleNames()].join('\n');
  const send = (): void => {
    // a client that is gone cannot be told; the next tools/list is computed fresh anyway
    parts.send().catch(() => undefined);
  };
  const check = (): void => {
    if (!started) return;
    const now = view();
    if (now === last) return;
    last = now;
    send();
  };
  // snapshots arrive while the governor is still handling a call: look once it has finished
  const subscription = governor.actor.subscribe(() => queueMicrotask(check));
  return {
    start() {
      started = true;
      last = view();
    },
    upstreamChanged() {
      if (!started) return;
      last = view();
      send();
    },
    stop() {
      started = false;
      subscription.unsubscribe();
    },
  };
}
