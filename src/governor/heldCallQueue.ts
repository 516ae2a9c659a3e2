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

/** Creates the queue of one governor. */
export function createHeldCallQueue(parts: HeldCallQueueParts): HeldCallQueue {
  // made on the first held call: most governors never hold one, and an empty Map costs ~180 B each
  let kept: Map<string, { readonly call: HeldToolCall; readonly digest: string | undefined }> | undefined;
  if (parts.restored !== undefined && parts.restored.length > 0) {
    kept = new Map(parts.restored.map((held) => [held.id, { call: { ...held, heldAt: held.heldAt ?? parts.now() }, digest: argumentsDigest(held.args) }]));
  }
  const list = (): HeldToolCall[] => {
    const queue = parts.heldInChart();
    if (kept === undefined) return [];
    const calls = kept;
    if (calls.size > queue.length) for (const id of calls.keys()) if (!queue.some((call) => call.id === id)) calls.delete(id);
    return queue.flatMap((call) => calls.get(call.id)?.call ?? []);
  };
  return {
    list,
    find: (approvalId) => list().find((held) => held.id === approvalId),
    heldIdOf(tool, args) {
      const sameTool = list().filter((held) => held.decision.tool === tool);
      if (sameTool.length === 0) return undefined;
      const digest = argumentsDigest(args);
      return digest === undefined ? undefined : sameTool.find((held) => kept?.get(held.id)?.digest === digest)?.id;
    },
    keep(decided) {
      const call = heldToolCall(decided, parts.now());
      (kept ??= new Map()).set(call.id, { call, digest: argumentsDigest(call.args) });
    },
  };
}
