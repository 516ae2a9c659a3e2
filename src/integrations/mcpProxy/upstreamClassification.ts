import { DEFAULT_CLASSIFICATION } from '../../tools/classifier';
import type { ToolClass } from '../../tools/toolClass';
import { MAX_TOOL_NAME_LENGTH } from '../../tools/toolRequest';

/** What the proxy reads from an upstream tool of `tools/list`: its name, arguments and hints. */
export interface UpstreamTool {
  readonly name: string;
  readonly inputSchema?: { readonly properties?: Readonly<Record<string, unknown>> | undefined } | undefined;
  readonly annotations?:
    { readonly readOnlyHint?: boolean | undefined; readonly destructiveHint?: boolean | undefined } | undefined;
}

/** What a tool's annotations claim: it changes nothing, it changes things, or nothing said. */
export type AnnotationClaim = 'read-only' | 'mutating' | undefined;

/**
 * An explicit `readOnlyHint: false` or `destructiveHint: true` claims a change; only
 * `readOnlyHint: true` with no destructive hint claims read-only. Missing hints claim nothing
 * (the spec's defaults are the worst case, which is what an unclassified tool gets anyway).
 */
export function annotationClaim(tool: UpstreamTool): AnnotationClaim {
  const hints = tool.annotations;
  if (!hints) return undefined;
  if (hints.readOnlyHint === false || hints.destructiveHint === true) return 'mutating';
  return hints.readOnlyHint === true ? 'read-only' : undefined;
}

const seedClassOf = (name: string): ToolClass | undefined =>
  Object.hasOwn(DEFAULT_CLASSIFICATION, name) ? DEFAULT_CLASSIFICATION[name] : undefined;

/**
 * The class one upstream tool's annotations give it, or undefined to leave it to seed 000's
 * table (and, for a name the table lacks, to the fail-closed DESTRUCTIVE default).
 *
 * - A claim of change only ever tightens: a seed-SAFE name becomes DESTRUCTIVE, trusted or not.
 * - A claim of read-only counts only from a trusted upstream, and only for a name the seed
 *   table does not know: the stricter class wins, so `edit_file` stays DESTRUCTIVE.
 * - Untrusted hints never make anything SAFE and never mark an unknown tool as classified.
 */
export function annotatedClass(tool: UpstreamTool, trusted: boolean): ToolClass | undefined {
  const claim = annotationClaim(tool);
  const seed = seedClassOf(tool.name);
  if (claim === 'mutating') return seed === 'SAFE' || (seed === undefined && trusted) ? 'DESTRUCTIVE' : undefined;
  if (claim === 'read-only' && trusted && seed === undefined) return 'SAFE';
  return undefined;
}

/**
 * The classification overrides for createGovernor, built once from the upstream's tools. The
 * caller's own `classification` option is applied over these: an explicit table is the user's
 * decision and beats a server's hint.
 */
export function classificationFromAnnotations(
  tools: readonly UpstreamTool[],
  trusted: boolean,
): Record<string, ToolClass> {
  const entries: [string, ToolClass][] = [];
  for (const tool of tools) {
    const toolClass = isTableName(tool.name) ? annotatedClass(tool, trusted) : undefined;
    if (toolClass) entries.push([tool.name, toolClass]);
  }
  // fromEntries, so a tool called '__proto__' is an own key and not a prototype change
  return Object.fromEntries(entries);
}

/** Names createGovernor's classification accepts; any other name stays unclassified, hence DESTRUCTIVE. */
export function isTableName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_TOOL_NAME_LENGTH && name.trim() === name;
}
