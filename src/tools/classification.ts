import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from './handshakeTools';

export const TOOL_CLASSES = ['SAFE', 'DESTRUCTIVE'] as const;

export type ToolClass = (typeof TOOL_CLASSES)[number];

/** Seed 000's classification mapping, the one central table; every other name is DESTRUCTIVE. */
export const DEFAULT_CLASSIFICATION: Readonly<Record<string, ToolClass>> = Object.freeze({
  read_file: 'SAFE',
  list_files: 'SAFE',
  list_code_definition_names: 'SAFE',
  search_files: 'SAFE',
  codebase_search: 'SAFE',
  ask_followup_question: 'SAFE',
  [SELECT_ACTIVE_INTENT]: 'SAFE',
  switch_mode: 'SAFE',
  update_todo_list: 'SAFE',
  read_command_output: 'SAFE',
  access_mcp_resource: 'SAFE',
  [ATTEMPT_COMPLETION]: 'SAFE',
  write_to_file: 'DESTRUCTIVE',
  apply_diff: 'DESTRUCTIVE',
  edit: 'DESTRUCTIVE',
  search_and_replace: 'DESTRUCTIVE',
  search_replace: 'DESTRUCTIVE',
  edit_file: 'DESTRUCTIVE',
  apply_patch: 'DESTRUCTIVE',
  delete_file: 'DESTRUCTIVE',
  execute_command: 'DESTRUCTIVE',
  new_task: 'DESTRUCTIVE',
});

/** What the classifier knows about one tool name. */
export interface ToolClassification {
  readonly toolClass: ToolClass;
  /** false when the name is in no table and the class is the fail-closed default */
  readonly classified: boolean;
}

export interface Classifier {
  classify(toolName: string): ToolClassification;
}

const UNCLASSIFIED: ToolClassification = Object.freeze({ toolClass: 'DESTRUCTIVE', classified: false });

/**
 * Builds a classifier from the default table plus caller overrides. Lookups are exact:
 * case or whitespace variants, prototype keys and unclassified MCP tools are DESTRUCTIVE.
 * Overrides are expected to be validated already (see governorOptions).
 */
export function createClassifier(overrides: Readonly<Record<string, ToolClass>> = {}): Classifier {
  // a Map, not an object, so '__proto__' or 'constructor' can never hit an inherited key
  const table = new Map<string, ToolClassification>();
  for (const [name, toolClass] of [...Object.entries(DEFAULT_CLASSIFICATION), ...Object.entries(overrides)]) {
    table.set(name, Object.freeze({ toolClass, classified: true }));
  }
  return {
    classify: (toolName) => table.get(toolName) ?? UNCLASSIFIED,
  };
}

/** The classifier of seed 000's table with no overrides, shared by every governor that adds none. */
export const defaultClassifier: Classifier = createClassifier();
