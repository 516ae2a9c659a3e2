import { sortCategories, type RiskCategory } from '../../src/categories/riskCategories';
import { categorize } from '../../src/risk/categorize';
import type { ToolKindSpec } from '../../src/tools/toolKinds';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { catalogRules } from '../../src/shell/catalog/catalogRules';
import { BUILTIN_TOOL_KINDS } from '../../src/tools/builtinToolKinds';
import { PROBE_WORKSPACE } from './fileRuleRoles';

const PROBE_SANDBOX = PROBE_WORKSPACE.slice(0, PROBE_WORKSPACE.lastIndexOf('/'));

// inputs for the rules, not answers: one path per file rule, and every command rule's examples
const PROBE_PATHS = ['src/app.ts', '../elsewhere/app.ts', '.env', 'package.json'];
const PROBE_COMMANDS = [
  ...catalogRules(BUILTIN_CATALOG).flatMap((entry) => entry.rule.examples),
  ...PROBE_PATHS.map((path) => `rm ${path}`),
];
const PROBE_URLS = ['https://example.com/', `file://${PROBE_SANDBOX}/.env`];
const FS_OPS = ['read', 'write', 'delete'];

type Args = Record<string, unknown>;

const firstName = (names: string | readonly string[] | undefined): string | undefined =>
  typeof names === 'string' ? names : names?.[0];

/** The probe calls of a tool, shaped by the argument names its kind spec gives. */
function probeArgs(spec: ToolKindSpec): Args[] {
  switch (spec.kind) {
    case 'none':
      return [{}];
    case 'shell':
      return PROBE_COMMANDS.map((command) => ({ [spec.command]: command }));
    case 'file_write': {
      const name = firstName(spec.path);
      if (name !== undefined) return PROBE_PATHS.map((path) => ({ [name]: path }));
      const patch = spec.patch ?? 'patch';
      return PROBE_PATHS.map((path) => ({
        [patch]: `*** Begin Patch\n*** Update File: ${path}\n@@\n-a\n+b\n*** End Patch`,
      }));
    }
    case 'file_patch':
    case 'run':
      return PROBE_PATHS.map((path) => ({ [spec.path]: path }));
    case 'read':
      return PROBE_PATHS.map((path) => ({ [firstName(spec.path) ?? 'path']: path }));
    case 'fs':
      return FS_OPS.flatMap((op) => PROBE_PATHS.map((path) => ({ [spec.op]: op, [spec.path]: `project/${path}` })));
    case 'web':
      return PROBE_URLS.map((url) => ({ [spec.url]: url }));
  }
}

/** A built-in tool, its kind, and the categories its probe calls raised. */
export interface ToolRisk {
  readonly tool: string;
  readonly kind: ToolKindSpec['kind'];
  /** raised by some probe call */
  readonly categories: readonly RiskCategory[];
  /** raised by every probe call */
  readonly always: readonly RiskCategory[];
}

/**
 * Runs `categorize` on probe calls of every built-in tool (BUILTIN_TOOL_KINDS), so the docs
 * say which tools can raise which category as the rules decide it today.
 */
export function builtinToolRisks(): ToolRisk[] {
  const options = { workspaceRoot: PROBE_WORKSPACE, sandboxRoot: PROBE_SANDBOX, homeDir: `${PROBE_SANDBOX}/home` };
  return Object.entries(BUILTIN_TOOL_KINDS).map(([tool, spec]) => {
    const found = probeArgs(spec).map((args) => categorize(tool, args, options).categories);
    const categories = sortCategories(found.flat());
    return {
      tool,
      kind: spec.kind,
      categories,
      always: categories.filter((category) => found.every((each) => each.includes(category))),
    };
  });
}
