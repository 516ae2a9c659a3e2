import { CLAUDE_CODE_GOVERNOR_OPTIONS } from '../hooks/agents/claudeCodeTools';
import { CODEX_GOVERNOR_OPTIONS } from '../hooks/agents/codexTools';
import { GEMINI_GOVERNOR_OPTIONS } from '../hooks/agents/geminiTools';
import type { ToolKindSpec } from '../tools/toolKinds';
import { PATH_ARGUMENT_KEYS } from '../tools/toolCatalog';
import { toolKindOf } from '../tools/builtinToolKinds';

/** One replacement of an edit: the text it finds and the text it puts in its place. */
export interface EditView {
  readonly old: string;
  readonly new: string;
}

/**
 * What a held call would change, read from its arguments so a person judges it without the raw
 * JSON: a file's new content, its edits, a diff, a deletion, or a shell command. Plain strings:
 * the page writes them as text, never as markup.
 */
export type CallContentView =
  | { readonly kind: 'write'; readonly path: string | null; readonly text: string | null }
  | { readonly kind: 'edit'; readonly path: string | null; readonly edits: readonly EditView[] }
  | { readonly kind: 'diff'; readonly path: string | null; readonly text: string }
  | { readonly kind: 'delete'; readonly path: string | null }
  | { readonly kind: 'command'; readonly text: string; readonly cwd: string | null };

/** Argument names that hold a whole file's new text (write_to_file, Write, write_file, NotebookEdit). */
const CONTENT_KEYS = ['content', 'file_text', 'new_source', 'text', 'contents'] as const;
/** Argument names of a diff or patch body (apply_diff, apply_patch, seed 002's workspace_patch). */
const DIFF_KEYS = ['diff', 'patch'] as const;
/** Pairs of argument names of one replacement (Edit, Gemini's replace, search_and_replace). */
const EDIT_PAIRS = [
  ['old_string', 'new_string'],
  ['oldText', 'newText'],
  ['old_str', 'new_str'],
  ['search', 'replace'],
  ['old_text', 'new_text'],
] as const;

// the kinds the agents' presets give their tools: a held call of an agent's hook is named as the agent names it
const AGENT_KINDS: readonly Readonly<Record<string, ToolKindSpec>>[] = [
  CLAUDE_CODE_GOVERNOR_OPTIONS.toolKinds ?? {},
  CODEX_GOVERNOR_OPTIONS.toolKinds ?? {},
  GEMINI_GOVERNOR_OPTIONS.toolKinds ?? {},
];

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** How a tool acts: as the governor reads it (the host's `toolKinds`, then the built-in catalog), then the agents' presets. */
export function heldToolKindOf(
  tool: string,
  toolKinds: Readonly<Record<string, ToolKindSpec>> = {},
): ToolKindSpec | undefined {
  return toolKindOf(tool, toolKinds) ?? AGENT_KINDS.map((kinds) => own(kinds, tool)).find((kind) => kind !== undefined);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function firstText(args: Readonly<Record<string, unknown>>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const found = own(args, key);
    if (typeof found === 'string') return found;
    // a list of paths: the first names the file well enough for a heading
    if (Array.isArray(found) && typeof found[0] === 'string') return found[0];
  }
  return undefined;
}

function editOf(value: unknown): EditView | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const [oldKey, newKey] of EDIT_PAIRS) {
    const before = text(own(record, oldKey));
    const after = text(own(record, newKey));
    if (before !== undefined || after !== undefined) return { old: before ?? '', new: after ?? '' };
  }
  return undefined;
}

function fileContent(spec: ToolKindSpec, args: Readonly<Record<string, unknown>>): CallContentView | null {
  const pathKeys =
    'path' in spec && spec.path !== undefined
      ? [...(typeof spec.path === 'string' ? [spec.path] : spec.path), ...PATH_ARGUMENT_KEYS]
      : PATH_ARGUMENT_KEYS;
  const path = firstText(args, [...pathKeys, 'notebook_path', 'paths']) ?? null;
  if (spec.kind === 'file_write' && spec.operation === 'delete') return { kind: 'delete', path };
  if (spec.kind === 'fs') {
    const op = text(own(args, spec.op)) ?? '';
    // seed 002's fs reads as well as writes: a read changes nothing worth showing
    if (/^(read|list|stat|exists)$/i.test(op)) return null;
    if (/^(delete|remove|rm|unlink|rmdir)$/i.test(op)) return { kind: 'delete', path };
  }
  const single = editOf(args);
  if (single) return { kind: 'edit', path, edits: [single] };
  const list = own(args, 'edits');
  if (Array.isArray(list)) {
    const edits = list.flatMap((item) => editOf(item) ?? []);
    if (edits.length > 0) return { kind: 'edit', path, edits };
  }
  const diff = firstText(args, [
    ...(spec.kind === 'file_write' && spec.patch !== undefined ? [spec.patch] : []),
    ...DIFF_KEYS,
  ]);
  if (diff !== undefined) return { kind: 'diff', path, text: diff };
  return { kind: 'write', path, text: firstText(args, CONTENT_KEYS) ?? null };
}

/**
 * What a held call would do, for its card: a file-writing tool's path with its content, edits
 * or diff, a shell command's command line; null for any other call, whose prompt says enough.
 */
export function callContent(
  tool: string,
  args: Readonly<Record<string, unknown>> | null,
  toolKinds?: Readonly<Record<string, ToolKindSpec>>,
): CallContentView | null {
  if (args === null) return null;
  const spec = heldToolKindOf(tool, toolKinds);
  if (spec === undefined) return null;
  if (spec.kind === 'shell') {
    const command = own(args, spec.command);
    // an argv (older agents' shell tools) is shown as one line
    const line = Array.isArray(command)
      ? command.filter((part): part is string => typeof part === 'string').join(' ')
      : text(command);
    return line === undefined
      ? null
      : { kind: 'command', text: line, cwd: (spec.cwd !== undefined ? text(own(args, spec.cwd)) : undefined) ?? null };
  }
  if (spec.kind === 'file_write' || spec.kind === 'file_patch' || spec.kind === 'fs') return fileContent(spec, args);
  return null;
}
