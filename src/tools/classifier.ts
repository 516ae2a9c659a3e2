import { TOOL_CATALOG } from './toolCatalog';
import type { ToolClass } from './toolClass';

/** Seed 000's classification mapping, read from the tool catalog; every other name is DESTRUCTIVE. */
export const DEFAULT_CLASSIFICATION: Readonly<Record<string, ToolClass>> = Object.freeze(
  Object.fromEntries(
    Object.entries(TOOL_CATALOG).flatMap(([name, tool]) => (tool.toolClass ? [[name, tool.toolClass]] : [])),
  ),
);

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
