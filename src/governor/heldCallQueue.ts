import { createHash } from 'node:crypto';
import type { HeldCall } from '../../machines/lifecycle';
import type { DecidedCall } from './callDecider';
import { heldToolCall, type HeldToolCall } from './heldCalls';
import { heldArgumentsJson } from './holdLimits';

/** What the queue reads from the governor. */
export interface HeldCallQueueParts {
  /** the chart's record of the held calls, oldest first: the one record of which calls are held */
  heldInChart(): readonly HeldCall[];
  readonly now: () => number;
  /** the held calls a restored governor kept; one kept untimed counts from now */
  readonly restored?: readonly (Omit<HeldToolCall, 'heldAt'> & { readonly heldAt?: number })[];
}

/** The governor's side of the held calls: what the chart never reads of them, found through the chart's ids. */
export interface HeldCallQueue {
  /** the held calls in the chart's order; what the chart no longer holds is let go */
  list(): HeldToolCall[];
  find(approvalId: string): HeldToolCall | undefined;
  /** the approval id of the same call (tool and arguments) held already, if one is: an agent asking again joins its hold */
  heldIdOf(tool: unknown, args: unknown): string | undefined;
  /** keeps what the chart never reads of a call it has just held */
  keep(decided: DecidedCall): void;
}

/** A digest of arguments as JSON, or undefined when they cannot be held (not JSON, or too large). */
function argumentsDigest(args: unknown): string | undefined {
  const kept = heldArgumentsJson(args);
  return 'json' in kept ? createHash('sha256').update(kept.json, 'utf8').digest('hex') : undefined;
}

type KeptCall = { readonly call: HeldToolCall; readonly digest: string | undefined };

/** A class, so a governor's queue holds two fields and no closures. */
class GovernorHeldCalls implements HeldCallQueue {
  readonly #parts: HeldCallQueueParts;
  // made on the first held call: most governors never hold one, and an empty Map costs ~180 B each
  #kept: Map<string, KeptCall> | undefined;

  constructor(parts: HeldCallQueueParts) {
    this.#parts = parts;
    const restored = parts.restored ?? [];
    if (restored.length > 0)
      this.#kept = new Map(
        restored.map((held) => [
          held.id,
          { call: { ...held, heldAt: held.heldAt ?? parts.now() }, digest: argumentsDigest(held.args) },
        ]),
      );
  }

  list(): HeldToolCall[] {
    const queue = this.#parts.heldInChart();
    const kept = this.#kept;
    if (kept === undefined) return [];
    if (kept.size > queue.length)
      for (const id of kept.keys()) if (!queue.some((call) => call.id === id)) kept.delete(id);
    return queue.flatMap((call) => kept.get(call.id)?.call ?? []);
  }

  find(approvalId: string): HeldToolCall | undefined {
    return this.list().find((held) => held.id === approvalId);
  }

  heldIdOf(tool: unknown, args: unknown): string | undefined {
    const sameTool = this.list().filter((held) => held.decision.tool === tool);
    if (sameTool.length === 0) return undefined;
    const digest = argumentsDigest(args);
    return digest === undefined ? undefined : sameTool.find((held) => this.#kept?.get(held.id)?.digest === digest)?.id;
  }

  keep(decided: DecidedCall): void {
    const call = heldToolCall(decided, this.#parts.now());
    (this.#kept ??= new Map()).set(call.id, { call, digest: argumentsDigest(call.args) });
  }
}

/** Creates the queue of one governor. */
export function createHeldCallQueue(parts: HeldCallQueueParts): HeldCallQueue {
  return new GovernorHeldCalls(parts);
}
