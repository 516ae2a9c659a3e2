import type { ToolKindSpec } from './toolKinds';
import { TOOL_CATALOG } from './toolCatalog';

/** The built-in kinds: seed 002's tools and seed 000's 22 tools, read from the tool catalog. */
export const BUILTIN_TOOL_KINDS: Readonly<Record<string, ToolKindSpec>> = Object.freeze(
  Object.fromEntries(Object.entries(TOOL_CATALOG).map(([name, tool]) => [name, tool.kind])),
);

/** The kind of a tool: the host's mapping first, then the built-in one; undefined when unknown. */
export function toolKindOf(
  tool: string,
  hostKinds: Readonly<Record<string, ToolKindSpec>> | undefined,
): ToolKindSpec | undefined {
  if (hostKinds && Object.hasOwn(hostKinds, tool)) return hostKinds[tool];
  return Object.hasOwn(BUILTIN_TOOL_KINDS, tool) ? BUILTIN_TOOL_KINDS[tool] : undefined;
}
