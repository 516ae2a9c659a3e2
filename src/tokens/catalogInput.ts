import { TOOL_CLASSES, type ToolClass } from '../tools/toolClass';
import { describeValue } from '../text/describeValue';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { HANDSHAKE_TOOLS } from '../tools/handshakeTools';
import { toolDefinitionName } from '../tools/toolDefinitions';

const MAX_LISTED = 5;

const isToolClass = (value: unknown): value is ToolClass => TOOL_CLASSES.some((toolClass) => toolClass === value);

function fail(subject: string, issues: readonly string[]): never {
  const shown = issues.slice(0, MAX_LISTED);
  const more = issues.length > MAX_LISTED ? `\n- … and ${issues.length - MAX_LISTED} more` : '';
  throw new InvalidArgumentError(`Invalid ${subject}:\n- ${shown.join('\n- ')}${more}`);
}

/** Checks a catalog is an array of tool definitions that each carry a name, in any shape toolsFor reads. */
export function validateCatalog(catalog: unknown): readonly unknown[] {
  if (!Array.isArray(catalog))
    fail('tool catalog', [`expected an array of tool definitions, got ${describeValue(catalog)}`]);
  const issues = catalog.flatMap((tool: unknown, index) =>
    toolDefinitionName(tool) === undefined
      ? [`[${index}]: no tool name; expected { type: 'function', function: { name } } or { name }`]
      : [],
  );
  if (issues.length > 0) fail('tool catalog', issues);
  return catalog;
}

/** Checks a classes table maps tool names to SAFE or DESTRUCTIVE, with the handshake tools SAFE. */
export function validateClasses(classes: unknown): Readonly<Record<string, ToolClass>> {
  if (typeof classes !== 'object' || classes === null || Array.isArray(classes)) {
    fail('tool classes', [
      `expected an object mapping tool names to SAFE or DESTRUCTIVE, got ${describeValue(classes)}`,
    ]);
  }
  const issues: string[] = [];
  for (const [name, toolClass] of Object.entries(classes)) {
    if (name === '') issues.push('a tool name must not be empty');
    else if (!isToolClass(toolClass))
      issues.push(`${name}: expected SAFE or DESTRUCTIVE, got ${describeValue(toolClass)}`);
    else if (HANDSHAKE_TOOLS.includes(name) && toolClass !== 'SAFE')
      issues.push(`${name}: drives the lifecycle and stays SAFE`);
  }
  if (issues.length > 0) fail('tool classes', issues);
  return classes as Readonly<Record<string, ToolClass>>;
}
