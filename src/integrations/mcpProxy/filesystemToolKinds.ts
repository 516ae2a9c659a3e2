import type { ToolKindSpec } from '../../tools/toolKinds';
import type { UpstreamTool } from './upstreamClassification';

/**
 * Safe-mode kinds of the MCP filesystem server's tools (@modelcontextprotocol/server-filesystem),
 * so their paths are checked and their prompts say what changes. A kind never changes a tool's
 * lifecycle class: a mapped write still needs the intent and its scope.
 */
export const FILESYSTEM_TOOL_KINDS: Readonly<Record<string, ToolKindSpec>> = Object.freeze({
  read_file: { kind: 'read', path: 'path' },
  read_text_file: { kind: 'read', path: 'path' },
  read_media_file: { kind: 'read', path: 'path' },
  read_multiple_files: { kind: 'read', path: 'paths' },
  list_directory: { kind: 'read', path: 'path' },
  list_directory_with_sizes: { kind: 'read', path: 'path' },
  directory_tree: { kind: 'read', path: 'path' },
  search_files: { kind: 'read', path: 'path' },
  get_file_info: { kind: 'read', path: 'path' },
  list_allowed_directories: { kind: 'none' },
  write_file: { kind: 'file_write', path: 'path' },
  // a dry run is held like a write: the upstream's own flag is not trusted to change nothing
  edit_file: { kind: 'file_write', path: 'path' },
  create_directory: { kind: 'file_write', path: 'path' },
  // the source disappears and the destination is (over)written
  move_file: { kind: 'file_write', path: ['source', 'destination'] },
});

function argumentsOf(spec: ToolKindSpec): readonly string[] {
  switch (spec.kind) {
    case 'read':
    case 'file_write': {
      const named = spec.path ?? [];
      return typeof named === 'string' ? [named] : named;
    }
    default:
      return [];
  }
}

/** True when the tool's input schema declares every argument the kind reads its paths from. */
function declaresArguments(tool: UpstreamTool, spec: ToolKindSpec): boolean {
  const properties = tool.inputSchema?.properties ?? {};
  return argumentsOf(spec).every((name) => Object.hasOwn(properties, name));
}

/**
 * The kinds of the well-known tools this upstream actually lists, with the arguments they are
 * mapped by: a same-named tool with other arguments keeps the built-in kind or none (where a
 * DESTRUCTIVE tool counts as EXEC_ARBITRARY). The host's own `toolKinds` are applied over these.
 */
export function toolKindsForUpstream(tools: readonly UpstreamTool[]): Record<string, ToolKindSpec> {
  const entries: [string, ToolKindSpec][] = [];
  for (const tool of tools) {
    if (!Object.hasOwn(FILESYSTEM_TOOL_KINDS, tool.name)) continue;
    const spec = FILESYSTEM_TOOL_KINDS[tool.name];
    if (spec && declaresArguments(tool, spec)) entries.push([tool.name, spec]);
  }
  return Object.fromEntries(entries);
}
