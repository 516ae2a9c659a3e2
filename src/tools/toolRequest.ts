import type { IntentIgnore } from '../intents/intentIgnore';
import type { PathAnalyzer } from '../paths/pathAnalyzer';
import { relativeInside } from '../paths/pathAnalyzer';
import { pathForms } from '../paths/pathForms';
import type { RiskCategory } from '../categories/riskCategories';
import type { ToolKindSpec } from './toolKinds';
import { argumentPaths } from './argumentPaths';
import type { Classifier, ToolClassification } from './classifier';
import { SELECT_ACTIVE_INTENT } from './handshakeTools';
import { readArgumentsText } from './jsonArguments';
import { includeGlobArguments } from './includeGlobArguments';
import { extractPathArguments } from './pathArguments';
import { catalogTool, PATH_ARGUMENT_KEYS, PATH_LIST_ARGUMENT_KEYS } from './toolCatalog';
import type { ToolClass } from './toolClass';

/** Longest tool name accepted; real tool names are short identifiers. */
export const MAX_TOOL_NAME_LENGTH = 256;

/** One path a tool call names, with the facts the lifecycle guards read. */
export interface ToolPath {
  /** the argument as the model wrote it */
  readonly input: string;
  /** relative to the workspace root with '/' separators; undefined when it leaves the workspace */
  readonly relative: string | undefined;
  /** excluded by .intentignore */
  readonly ignored: boolean;
  /** one of intentgate's own control files, which no tool may change */
  readonly protected: boolean;
  /** only read by the call (a shell command's input file): scope and the control-file guard do not apply */
  readonly readOnly?: boolean;
  /** why it counts as a possible write: the program, subcommand or option that uses it is not in the command catalog */
  readonly assumed?: string;
  /**
   * why where it leads cannot be known before the call runs (a shell operand built at run time, or through a
   * link the same command makes): no scope covers it
   */
  readonly unresolved?: string;
  /** a change to the workspace itself or a folder holding it, which covers every file in it, the control files too */
  readonly coversWorkspace?: true;
}

/** What safe mode found in a call: its categories, and those a human still has to approve. */
export interface RequestRisk {
  readonly categories: readonly RiskCategory[];
  /** empty when safe mode is off or the session approved every category */
  readonly unapproved: readonly RiskCategory[];
  /** the id a pending approval of this call gets */
  readonly approvalId: string | undefined;
  /** the policy's command rule that holds the call for a human whatever the session approved */
  readonly askedBy?: string;
  /**
   * the paths outside the active intent's scope the call would change, when a human may allow
   * each of them (literal, not a control file, not ignored): the call is held for that answer
   * instead of refused; `approvalId` is the hold's id
   */
  readonly outsideScope?: readonly string[];
}

export const NO_REQUEST_RISK: RequestRisk = Object.freeze({ categories: [], unapproved: [], approvalId: undefined });

/** A tool call as the statechart sees it: the `call` of a `tool.requested` event. */
export interface ToolRequest {
  readonly tool: string;
  /** the tool's class, given by the classifier when the request is built; the lifecycle guards read it */
  readonly toolClass: ToolClass;
  /** false for a question about the tool itself (which tools to show), true for a concrete call */
  readonly hasArgs: boolean;
  /** the `intent_id` argument of select_active_intent */
  readonly intentId: string | undefined;
  readonly paths: readonly ToolPath[];
  readonly risk: RequestRisk;
}

/** What a request builder needs to know about the workspace. */
export interface WorkspaceFacts {
  readonly workspaceRoot: string;
  readonly intentIgnore: IntentIgnore;
  isProtectedPath(relativePath: string): boolean;
}

/** The workspace facts plus the path analyzer of this one decision and the governor's classifier. */
export interface RequestContext extends WorkspaceFacts {
  readonly analyze: PathAnalyzer;
  readonly classifier: Classifier;
  /**
   * the kind of a tool, the host's `toolKinds` first; without it only the catalog's kinds are
   * known, and a tool the host classified is taken to have a kind of its own
   */
  readonly kindOf?: (tool: string) => ToolKindSpec | undefined;
}

export type MalformedCallCode = 'invalid_tool_name' | 'invalid_arguments';

export type ToolRequestResult =
  /** the classification the request's class comes from, for the decision's notes */
  | { readonly ok: true; readonly request: ToolRequest; readonly classification: ToolClassification }
  | { readonly ok: false; readonly code: MalformedCallCode; readonly problem: string };

/** Why a value cannot be a tool name, or undefined when it can. */
export function toolNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return `tool name must be a string, got ${name === null ? 'null' : typeof name}`;
  if (name.length === 0) return 'tool name is empty';
  if (name.length > MAX_TOOL_NAME_LENGTH) {
    return `tool name is ${name.length} characters long; the limit is ${MAX_TOOL_NAME_LENGTH}`;
  }
  return undefined;
}

const NO_PATHS: readonly ToolPath[] = Object.freeze([]);

/** A question about a tool by name only, as catalog filtering asks it. */
export function nameOnlyRequest(tool: string, toolClass: ToolClass): ToolRequest {
  return { tool, toolClass, hasArgs: false, intentId: undefined, paths: NO_PATHS, risk: NO_REQUEST_RISK };
}

function isPlainArgs(args: unknown): args is Readonly<Record<string, unknown>> {
  return typeof args === 'object' && args !== null && !Array.isArray(args);
}

/** A path of a call with the facts the lifecycle guards read; `relative` is undefined outside the workspace. */
export function toolPath(
  input: string,
  relative: string | undefined,
  facts: WorkspaceFacts,
  how?: {
    readonly readOnly?: boolean;
    readonly assumed?: string | undefined;
    readonly unresolved?: string | undefined;
    readonly coversWorkspace?: boolean | undefined;
  },
): ToolPath {
  const ignored = relative !== undefined && relative !== '' && facts.intentIgnore.ignores(relative);
  const coversWorkspace = how?.coversWorkspace === true;
  const isProtected = coversWorkspace || (relative !== undefined && facts.isProtectedPath(relative));
  // a path a tool argument names has none of the optional facts: one literal, with nothing to spread
  if (how === undefined) return { input, relative, ignored, protected: isProtected };
  return {
    input,
    relative,
    ignored,
    protected: isProtected,
    ...(how.readOnly === true && { readOnly: true }),
    ...(how.assumed !== undefined && { assumed: how.assumed }),
    ...(how.unresolved !== undefined && { unresolved: how.unresolved }),
    ...(coversWorkspace && { coversWorkspace: true as const }),
  };
}

const NAMED_PATH_KEYS: readonly string[] = [...PATH_ARGUMENT_KEYS, ...PATH_LIST_ARGUMENT_KEYS];

/**
 * True for a DESTRUCTIVE tool no kind describes (an MCP server's `remove`, a hook's
 * `mcp__fs__delete`): which of its arguments name files is unknown, so every one may.
 */
function hasUnknownPathArguments(tool: string, classification: ToolClassification, facts: RequestContext): boolean {
  if (classification.toolClass !== 'DESTRUCTIVE') return false;
  if (facts.kindOf !== undefined) return facts.kindOf(tool) === undefined;
  return !classification.classified && catalogTool(tool) === undefined;
}

/** The named path arguments and every path the other arguments hold, as forms; or why the call is refused. */
function withArgumentPaths(
  named: readonly string[],
  args: Readonly<Record<string, unknown>>,
  facts: RequestContext,
): readonly string[] | string {
  const found = argumentPaths(args, NAMED_PATH_KEYS, facts);
  if (!found.ok) return found.problem;
  return found.paths.length === 0 ? named : [...named, ...found.paths.flatMap(pathForms)];
}

function buildRequest(tool: string, args: unknown, facts: RequestContext): ToolRequestResult {
  if (!isPlainArgs(args)) {
    // a JSON-object text is read into its object before the call is decided (callArgumentsOf); any other says what to pass
    const text = typeof args === 'string' ? readArgumentsText(args) : undefined;
    if (text !== undefined && !text.ok) return { ok: false, code: 'invalid_arguments', problem: text.problem };
    const shape = Array.isArray(args) ? 'an array' : args === null ? 'null' : typeof args;
    return { ok: false, code: 'invalid_arguments', problem: `arguments must be an object, got ${shape}` };
  }
  const extracted = extractPathArguments(tool, args);
  if (!extracted.ok) return { ok: false, code: 'invalid_arguments', problem: extracted.problem };
  const globs = includeGlobArguments(args);
  if (!globs.ok) return { ok: false, code: 'invalid_arguments', problem: globs.problem };
  const intentId = tool === SELECT_ACTIVE_INTENT ? args.intent_id : undefined;
  if (intentId !== undefined && typeof intentId !== 'string') {
    return {
      ok: false,
      code: 'invalid_arguments',
      problem: `argument 'intent_id' must be a string, got ${typeof intentId}`,
    };
  }
  const classification = facts.classifier.classify(tool);
  const inputs = hasUnknownPathArguments(tool, classification, facts)
    ? withArgumentPaths(extracted.paths, args, facts)
    : extracted.paths;
  if (typeof inputs === 'string') return { ok: false, code: 'invalid_arguments', problem: inputs };
  // the same analysis safe mode uses: symlinks, encodings and Windows forms cannot slip past the scope
  const named = inputs.map((input) => toolPath(input, relativeInside(facts.analyze(input)), facts));
  // a search's include globs only choose what it reads: .intentignore applies to them, the scope does not
  const paths =
    globs.paths.length === 0
      ? named
      : [
          ...named,
          ...globs.paths.map((input) =>
            toolPath(input, relativeInside(facts.analyze(input)), facts, { readOnly: true }),
          ),
        ];
  return {
    ok: true,
    request: { tool, toolClass: classification.toolClass, hasArgs: true, intentId, paths, risk: NO_REQUEST_RISK },
    classification,
  };
}

/**
 * Validates a concrete tool call and resolves the paths it names. Malformed input is
 * reported, never thrown: the caller turns it into a deny.
 */
export function createToolRequest(name: unknown, args: unknown, facts: RequestContext): ToolRequestResult {
  const nameProblem = toolNameProblem(name);
  if (nameProblem) return { ok: false, code: 'invalid_tool_name', problem: nameProblem };
  try {
    return buildRequest(name as string, args, facts);
  } catch (error) {
    // arguments with throwing getters or proxies are refused, not allowed to escape
    return { ok: false, code: 'invalid_arguments', problem: `arguments could not be read: ${String(error)}` };
  }
}
