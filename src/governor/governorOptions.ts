import path from 'node:path';
import { flowPolicySchema, resolveFlowPolicy, type FlowPolicy } from '../flow/flowPolicy';
import type { InspectionEvent, Observer } from 'xstate';
import { z } from 'zod';
import { containmentPlanSchema, HOST_RUNS_COMMANDS, type ContainmentPlan } from '../containment/containmentPlan';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { formatIssues, freezeIntents, intentListSchema, type Intent } from '../intents/intent';
import { LOCALES, type Locale } from '../categories/riskCategories';
import { shellPolicySchema } from '../policy/shell/shellPolicy';
import { resolveShellPolicy, type ShellSetup } from '../policy/shell/shellSetup';
import { toolKindsSchema, type ToolKindSpec } from '../tools/toolKinds';
import { describeValue } from '../text/describeValue';
import { HANDSHAKE_TOOLS } from '../tools/handshakeTools';
import { modeSchema, type ModeDefinition } from '../tools/modes';
import { TOOL_CLASSES, type ToolClass } from '../tools/toolClass';
import { MAX_TOOL_NAME_LENGTH } from '../tools/toolRequest';
import { TRACE_FILE_NAME } from '../trace/fileTraceSink';
import type { TraceFileOptions } from '../trace/traceFile';
import type { TraceSink } from '../trace/traceRecord';
import { traceRotationSchema } from '../trace/traceRotation';

/** What XState's `inspect` option takes: a function or an observer of inspection events. */
export type GovernorInspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** What the `inspect` option takes: an observer or function, or an inspector of @statelyai/inspect, whose `inspect` is one. */
export type GovernorInspectOption = GovernorInspector | { readonly inspect: GovernorInspector };

const isObserver = (value: unknown): value is GovernorInspector =>
  typeof value === 'function' ||
  (typeof value === 'object' && value !== null && typeof Reflect.get(value, 'next') === 'function');

// createBrowserInspector, createWebSocketInspector and createSkyInspector return an object whose `inspect` is the observer
const isInspector = (value: unknown): value is { readonly inspect: GovernorInspector } =>
  typeof value === 'object' && value !== null && isObserver(Reflect.get(value, 'inspect'));

/** The observer XState is given: the value itself, or an inspector's `inspect`. */
const observerOf = (value: GovernorInspectOption): GovernorInspector => (isObserver(value) ? value : value.inspect);

/** The orchestration directory's default name under the workspace root. */
export const DEFAULT_ORCHESTRATION_DIR = '.orchestration';

const toolNameSchema = z
  .string()
  .min(1, 'a tool name must not be empty')
  .max(MAX_TOOL_NAME_LENGTH)
  .refine((name) => name.trim() === name, { message: 'a tool name must not start or end with whitespace' });

const classificationSchema = z.record(toolNameSchema, z.enum(TOOL_CLASSES));

/**
 * Checked on the raw input, so each is reported with any other issue: the handshake tools drive
 * the lifecycle and stay SAFE, and a `__proto__` key (JSON.parse makes one) would be dropped unseen.
 */
function classificationTableIssues(options: unknown): string[] {
  const table: unknown =
    typeof options === 'object' && options !== null ? Reflect.get(options, 'classification') : undefined;
  if (typeof table !== 'object' || table === null) return [];
  const issues = HANDSHAKE_TOOLS.filter(
    (name) => Object.hasOwn(table, name) && Reflect.get(table, name) !== 'SAFE',
  ).map((name) => `classification.${name}: '${name}' drives the lifecycle and stays SAFE`);
  if (Object.hasOwn(table, '__proto__')) issues.push("classification.__proto__: '__proto__' cannot be a tool name");
  return issues;
}

/** The longest session id a governor takes (approvals are keyed by it). */
export const MAX_SESSION_ID_LENGTH = 256;

export const governorOptionsSchema = z.strictObject({
  workspaceRoot: z.string().min(1).optional(),
  orchestrationDir: z.string().min(1).optional(),
  intents: intentListSchema.optional(),
  classification: classificationSchema.optional(),
  modes: z.record(z.string().min(1), modeSchema).optional(),
  /** hold risky calls until a human approves their categories (seed 002); default true */
  safeMode: z.boolean().optional(),
  /** the session approvals belong to; default a random id */
  sessionId: z.string().min(1).max(MAX_SESSION_ID_LENGTH).optional(),
  /** a held call no human answered within this time is refused when answered (default 15 minutes) */
  heldCallTtlMs: z
    .number()
    .int()
    .positive()
    .max(7 * 24 * 60 * 60 * 1000)
    .optional(),
  /** the clock held calls are timed by, in milliseconds; default Date.now */
  now: z
    .custom<() => number>((value) => typeof value === 'function', 'expected a function returning milliseconds')
    .optional(),
  /** the language of confirmation prompts */
  locale: z.enum(LOCALES).optional(),
  /** a trace file path, or a function that receives each record; default `<orchestration dir>/agent_trace.jsonl` */
  trace: z
    .union([
      z.string().min(1),
      z.custom<TraceSink>((value) => typeof value === 'function', 'expected a file path or a function'),
    ])
    .optional(),
  /** rotate the trace file by size: `{ maxBytes, keep }`; off unless given (a trace function writes as it will) */
  traceRotation: traceRotationSchema.optional(),
  /** fsync the trace file after each append, so a line survives a power loss; default false */
  traceFsync: z.boolean().optional(),
  /** host tool names mapped to risk kinds (shell, file_write, file_patch, fs, web, run, read, none) */
  toolKinds: toolKindsSchema.optional(),
  /** seed 002's sandbox, whose `project/` child is the workspace; `fs` paths are relative to it */
  sandboxRoot: z.string().min(1).optional(),
  /** what `~` means in paths; default the user's home directory */
  homeDir: z.string().min(1).optional(),
  /** programs added to the command catalog, and rules that allow, ask or deny command prefixes (docs/policy.md) */
  shell: shellPolicySchema.optional(),
  /**
   * how the host runs the shell commands it is allowed to: `{ kind: 'contain', bwrap }` when it
   * runs each in the containment sandbox (so what the analysis cannot see is left to the kernel),
   * `{ kind: 'analysisOnly', reason }` (default) or `{ kind: 'refuse', reason }` (containment required and missing)
   */
  shellContainment: containmentPlanSchema.optional(),
  /**
   * before an intent, let a shell command run when it runs contained (the sandbox then has
   * nothing writable and no network) instead of refusing it; default false. For agents whose
   * only way to read is the shell: without it their model cannot read a file before choosing
   * an intent. No effect unless `shellContainment` contains.
   */
  readOnlyShellBeforeIntent: z.boolean().optional(),
  /** the flow rules (docs/safe-mode.md#flow-rules): on by default; more secret files, untrusted tools, trusted hosts */
  flow: flowPolicySchema.optional(),
  /** a snapshot from `governor.persist()` (or its JSON, parsed) to go on from; validated, never half used */
  restore: z.unknown().optional(),
  /** an inspector of @statelyai/inspect, or an XState inspection observer or function; off unless given */
  inspect: z
    .custom<GovernorInspectOption>((value) => isObserver(value) || isInspector(value), {
      error: (issue) =>
        `expected an inspector (an object whose inspect is an observer, as @statelyai/inspect ` +
        `returns), an inspection observer (an object with next()) or a function, got ${describeValue(issue.input)}`,
    })
    .optional(),
});

/** Options of `createGovernor`; every field is optional. */
export type GovernorOptions = z.input<typeof governorOptionsSchema>;

/** Options after validation, with defaults applied and paths made absolute. */
export interface GovernorConfig {
  readonly workspaceRoot: string;
  /** absolute path of the orchestration directory */
  readonly orchestrationDir: string;
  /** the directory as the user named it, for messages */
  readonly orchestrationDirLabel: string;
  /** intents given in options; undefined means they are read from the intents file */
  readonly intents: readonly Intent[] | undefined;
  readonly classification: Readonly<Record<string, ToolClass>>;
  readonly modes: Readonly<Record<string, ModeDefinition>>;
  readonly safeMode: boolean;
  /** undefined means a fresh random id */
  readonly sessionId: string | undefined;
  readonly locale: Locale;
  /** a file path (absolute) or a sink */
  readonly trace: string | TraceSink;
  /** how the trace file is written (rotation, fsync); undefined when neither is asked for */
  readonly traceFile?: TraceFileOptions | undefined;
  readonly toolKinds: Readonly<Record<string, ToolKindSpec>>;
  readonly sandboxRoot: string;
  readonly homeDir: string | undefined;
  /** the command catalog with the host's programs, and its command rules */
  readonly shell: ShellSetup;
  readonly inspect: GovernorInspector | undefined;
  /** a snapshot to restore, not yet validated */
  readonly restore?: unknown;
  /** how long a held call waits for a human before an answer to it is refused */
  readonly heldCallTtlMs: number;
  readonly now: () => number;
  /** how allowed shell commands run: contained, by analysis alone, or refused */
  readonly shellContainment: ContainmentPlan;
  /** a contained shell command runs before an intent, read-only */
  readonly readOnlyShellBeforeIntent: boolean;
  /** the flow rules, with their defaults */
  readonly flow: FlowPolicy;
}

// options without a table share one empty table: a governor per session need not hold its own
const NONE: Readonly<Record<string, never>> = Object.freeze({});
const frozenTable = <T>(table: Readonly<Record<string, T>> | undefined): Readonly<Record<string, T>> =>
  table === undefined || Object.keys(table).length === 0 ? NONE : Object.freeze({ ...table });

/** How long a held call waits for a human's answer by default. */
export const DEFAULT_HELD_CALL_TTL_MS = 15 * 60 * 1000;

/** Validates `createGovernor` options, reporting every issue at once. */
export function parseGovernorOptions(options: unknown, cwd: string): GovernorConfig {
  const result = governorOptionsSchema.safeParse(options ?? {});
  const issues = [...(result.success ? [] : formatIssues(result.error)), ...classificationTableIssues(options)];
  if (!result.success || issues.length > 0) throw new InvalidOptionsError(issues);
  const parsed = result.data;
  const shell = resolveShellPolicy(parsed.shell);
  if (shell.issues.length > 0) throw new InvalidOptionsError(shell.issues);
  const sandboxRoot = parsed.sandboxRoot === undefined ? undefined : path.resolve(cwd, parsed.sandboxRoot);
  // seed 002's layout: the workspace is the sandbox's project/ folder unless named
  const workspaceRoot = path.resolve(
    cwd,
    parsed.workspaceRoot ?? (sandboxRoot ? path.join(sandboxRoot, 'project') : '.'),
  );
  const orchestrationDirLabel = parsed.orchestrationDir ?? DEFAULT_ORCHESTRATION_DIR;
  const orchestrationDir = path.resolve(workspaceRoot, orchestrationDirLabel);
  return {
    workspaceRoot,
    orchestrationDir,
    orchestrationDirLabel,
    intents: parsed.intents && freezeIntents(parsed.intents),
    classification: frozenTable(parsed.classification),
    modes: frozenTable(parsed.modes),
    safeMode: parsed.safeMode ?? true,
    sessionId: parsed.sessionId,
    locale: parsed.locale ?? 'en',
    trace:
      typeof parsed.trace === 'string'
        ? path.resolve(workspaceRoot, parsed.trace)
        : (parsed.trace ?? path.join(orchestrationDir, TRACE_FILE_NAME)),
    traceFile:
      parsed.traceRotation === undefined && parsed.traceFsync === undefined
        ? undefined
        : { rotation: parsed.traceRotation, fsync: parsed.traceFsync },
    toolKinds: frozenTable(parsed.toolKinds),
    sandboxRoot: sandboxRoot ?? path.dirname(workspaceRoot),
    homeDir: parsed.homeDir,
    shell: shell.setup,
    inspect: parsed.inspect === undefined ? undefined : observerOf(parsed.inspect),
    restore: parsed.restore,
    heldCallTtlMs: parsed.heldCallTtlMs ?? DEFAULT_HELD_CALL_TTL_MS,
    now: parsed.now ?? Date.now,
    shellContainment: parsed.shellContainment ?? HOST_RUNS_COMMANDS,
    readOnlyShellBeforeIntent: parsed.readOnlyShellBeforeIntent ?? false,
    flow: resolveFlowPolicy(parsed.flow),
  };
}
