import type { ToolKindSpec } from './toolKinds';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from './handshakeTools';
import type { ToolClass } from './toolClass';

/** Argument keys that name one file or folder, across the Roo, Cline, Gemini CLI and MCP catalogs. */
export const PATH_ARGUMENT_KEYS: readonly string[] = [
  'path',
  'file_path',
  'filePath',
  'absolutePath',
  'dir_path',
  'source',
  'destination',
  'target_file',
];

/** Argument keys that name a list of files. */
export const PATH_LIST_ARGUMENT_KEYS: readonly string[] = ['paths'];

/**
 * Argument keys that hold a search's include globs, one or a list: Claude Code Grep's `glob`,
 * Gemini CLI read_many_files' `include` and grep_search's `include_pattern` (`include` before),
 * Roo's and Cline's search_files `file_pattern`. Each is read below the search folder a
 * `SEARCH_FOLDER_ARGUMENT_KEYS` argument names.
 */
export const INCLUDE_GLOB_ARGUMENT_KEYS: readonly string[] = ['glob', 'include', 'include_pattern', 'file_pattern'];

/** Argument keys that name the folder a search reads its include globs below, the first given. */
export const SEARCH_FOLDER_ARGUMENT_KEYS: readonly string[] = ['path', 'dir_path'];

/** What intentgate knows about one built-in tool. */
export interface CatalogTool {
  /** seed 000's class; a tool outside seed 000's table has none, so it is unclassified (DESTRUCTIVE) */
  readonly toolClass?: ToolClass;
  /** how safe mode reads a call: the kind, and the arguments holding its command, paths, patch or URL */
  readonly kind: ToolKindSpec;
  /** a call must name the file it changes (seed 000's file-editing tools) */
  readonly requiresPath?: true;
}

// seed 000's file tools name their files as the scope check reads them: one list serves both
const FILE_PATHS: readonly string[] = [...PATH_ARGUMENT_KEYS, ...PATH_LIST_ARGUMENT_KEYS];

const reads = (): CatalogTool => ({ toolClass: 'SAFE', kind: { kind: 'read', path: [...FILE_PATHS] } });
const talks = (toolClass: ToolClass): CatalogTool => ({ toolClass, kind: { kind: 'none' } });
const edits = (extra: { patch?: string; operation?: 'delete' } = {}): CatalogTool => ({
  toolClass: 'DESTRUCTIVE',
  kind: { kind: 'file_write', path: [...FILE_PATHS], ...extra },
  requiresPath: true,
});

/**
 * The built-in tools, one record each: seed 000's 22 tools with their class, and seed 002's
 * tools, which seed 000's table does not list. The classifier, the safe-mode kind lookup and
 * the path-argument check all read this table; hosts add to it with the `classification` and
 * `toolKinds` options.
 */
export const TOOL_CATALOG: Readonly<Record<string, Readonly<CatalogTool>>> = Object.freeze({
  // seed 000: SAFE
  read_file: reads(),
  list_files: reads(),
  list_code_definition_names: reads(),
  search_files: reads(),
  codebase_search: reads(),
  ask_followup_question: talks('SAFE'),
  [SELECT_ACTIVE_INTENT]: talks('SAFE'),
  switch_mode: talks('SAFE'),
  update_todo_list: talks('SAFE'),
  read_command_output: talks('SAFE'),
  // an MCP resource's `file:` URI is a read of that path; other schemes name no file
  access_mcp_resource: { toolClass: 'SAFE', kind: { kind: 'read', path: [...FILE_PATHS], uri: 'uri' } },
  [ATTEMPT_COMPLETION]: talks('SAFE'),
  // seed 000: DESTRUCTIVE; the file-editing tools follow the file rules, execute_command the shell rules
  write_to_file: edits(),
  apply_diff: edits(),
  edit: edits(),
  search_and_replace: edits(),
  search_replace: edits(),
  edit_file: edits(),
  apply_patch: edits({ patch: 'patch' }),
  delete_file: edits({ operation: 'delete' }),
  execute_command: { toolClass: 'DESTRUCTIVE', kind: { kind: 'shell', command: 'command', cwd: 'cwd' } },
  new_task: talks('DESTRUCTIVE'),
  // seed 002: kinds only
  workspace_write: { kind: { kind: 'file_write', path: 'path' } },
  workspace_patch: { kind: { kind: 'file_patch', path: 'path', dryRun: 'dry_run' } },
  fs: { kind: { kind: 'fs', op: 'op', path: 'path' } },
  shell: { kind: { kind: 'shell', command: 'command', cwd: 'cwd' } },
  web: { kind: { kind: 'web', url: 'url' } },
  workspace_run: { kind: { kind: 'run', path: 'path' } },
} satisfies Record<string, CatalogTool>);

/** The catalog's record of a tool; undefined for any other name, inherited keys included. */
export function catalogTool(tool: string): Readonly<CatalogTool> | undefined {
  return Object.hasOwn(TOOL_CATALOG, tool) ? TOOL_CATALOG[tool] : undefined;
}

/** The catalog's tools that have a record matching `test`, in table order. */
export function catalogToolNames(test: (tool: Readonly<CatalogTool>) => boolean): string[] {
  return Object.entries(TOOL_CATALOG).flatMap(([name, tool]) => (test(tool) ? [name] : []));
}
