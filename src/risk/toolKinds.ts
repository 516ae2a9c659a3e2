import { z } from 'zod';
import { PATH_ARGUMENT_KEYS, PATH_LIST_ARGUMENT_KEYS } from '../tools/pathArguments';

const argumentName = z.string().min(1).max(256);
const argumentNames = z.union([argumentName, z.array(argumentName).min(1)]);

/**
 * How a tool acts, and which of its arguments carry the command, path or URL. Hosts map
 * their own tool names to these kinds; seed 002's and seed 000's tools are built in.
 */
export const toolKindSpecSchema = z.discriminatedUnion('kind', [
  /** runs a shell command: the command text is parsed and analysed */
  z.strictObject({ kind: z.literal('shell'), command: argumentName, cwd: argumentName.optional() }),
  /** writes (or deletes) the files its path arguments name; `patch` names an apply_patch body */
  z.strictObject({
    kind: z.literal('file_write'),
    path: argumentNames.optional(),
    patch: argumentName.optional(),
    operation: z.enum(['write', 'delete']).optional(),
  }),
  /** like file_write, but a real boolean `true` in the dry-run argument makes it change nothing */
  z.strictObject({ kind: z.literal('file_patch'), path: argumentName, dryRun: argumentName.optional() }),
  /** seed 002's `fs`: an operation on a path relative to the sandbox root */
  z.strictObject({ kind: z.literal('fs'), op: argumentName, path: argumentName }),
  /** fetches a URL */
  z.strictObject({ kind: z.literal('web'), url: argumentName }),
  /** runs a script file of the workspace */
  z.strictObject({ kind: z.literal('run'), path: argumentName }),
  /** reads the files or folders its path arguments name */
  z.strictObject({ kind: z.literal('read'), path: argumentNames }),
  /** has no effect outside the conversation */
  z.strictObject({ kind: z.literal('none') }),
]);

export type ToolKindSpec = z.infer<typeof toolKindSpecSchema>;

export type ToolKind = ToolKindSpec['kind'];

export const toolKindsSchema = z.record(z.string().min(1).max(256), toolKindSpecSchema);

// seed 000's file tools name their file as the scope check reads it: one list serves both
const FILE_PATHS: string[] = [...PATH_ARGUMENT_KEYS, ...PATH_LIST_ARGUMENT_KEYS];

/** The built-in kinds: seed 002's tools and seed 000's 22 tools. */
export const BUILTIN_TOOL_KINDS: Readonly<Record<string, ToolKindSpec>> = Object.freeze({
  // seed 002
  workspace_write: { kind: 'file_write', path: 'path' },
  workspace_patch: { kind: 'file_patch', path: 'path', dryRun: 'dry_run' },
  fs: { kind: 'fs', op: 'op', path: 'path' },
  shell: { kind: 'shell', command: 'command', cwd: 'cwd' },
  web: { kind: 'web', url: 'url' },
  workspace_run: { kind: 'run', path: 'path' },
  // seed 000: the file-editing tools follow the file rules, execute_command the shell rules
  write_to_file: { kind: 'file_write', path: FILE_PATHS },
  apply_diff: { kind: 'file_write', path: FILE_PATHS },
  edit: { kind: 'file_write', path: FILE_PATHS },
  edit_file: { kind: 'file_write', path: FILE_PATHS },
  search_and_replace: { kind: 'file_write', path: FILE_PATHS },
  search_replace: { kind: 'file_write', path: FILE_PATHS },
  apply_patch: { kind: 'file_write', path: FILE_PATHS, patch: 'patch' },
  delete_file: { kind: 'file_write', path: FILE_PATHS, operation: 'delete' },
  execute_command: { kind: 'shell', command: 'command', cwd: 'cwd' },
  read_file: { kind: 'read', path: FILE_PATHS },
  list_files: { kind: 'read', path: FILE_PATHS },
  list_code_definition_names: { kind: 'read', path: FILE_PATHS },
  search_files: { kind: 'read', path: FILE_PATHS },
  codebase_search: { kind: 'read', path: FILE_PATHS },
  new_task: { kind: 'none' },
  ask_followup_question: { kind: 'none' },
  select_active_intent: { kind: 'none' },
  switch_mode: { kind: 'none' },
  update_todo_list: { kind: 'none' },
  read_command_output: { kind: 'none' },
  access_mcp_resource: { kind: 'none' },
  attempt_completion: { kind: 'none' },
});

/** The kind of a tool: the host's mapping first, then the built-in one; undefined when unknown. */
export function toolKindOf(
  tool: string,
  hostKinds: Readonly<Record<string, ToolKindSpec>> | undefined,
): ToolKindSpec | undefined {
  if (hostKinds && Object.hasOwn(hostKinds, tool)) return hostKinds[tool];
  return Object.hasOwn(BUILTIN_TOOL_KINDS, tool) ? BUILTIN_TOOL_KINDS[tool] : undefined;
}
