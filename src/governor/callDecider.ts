import type { LifecycleEvent, LifecycleMachine } from '../../machines/lifecycle';
import {
  preparedFor,
  unanalysedRisk,
  type AnalysisRefusalCode,
  type PreparedShellRisk,
} from '../analysis/preparedShellRisk';
import { shellWorkFor, type ShellWork } from '../analysis/shellWork';
import { confirmationPrompt, type ConfirmationPrompt } from '../approval/confirmationPrompt';
import { withPromptWhenRead } from '../approval/promptWhenRead';
import { buildDecision, classificationNotes, type ApprovalRequest, type Decision } from '../decision/decision';
import { decisionCodeOf, type LifecycleSnapshot } from '../decision/machineDecision';
import { reason, type Reason } from '../decision/reason';
import { REASON_CODES, type DecisionCode, type ReasonCode } from '../decision/reasons';
import { decisionFacts } from '../lifecycle/lifecycleSnapshot';
import { createPathAnalyzer, type PathAnalyzer } from '../paths/pathAnalyzer';
import type { Locale, RiskCategory } from '../categories/riskCategories';
import { unreadableArguments } from '../risk/categorize';
import type { CallRisk, RiskContext } from '../risk/riskContext';
import type { Categorization } from '../categories/evidence';
import { assessRisk } from '../safeMode/riskAssessment';
import {
  decideByCommandRules,
  describeRuleMatch,
  NO_DECISION,
  type CommandRulesOutcome,
} from '../policy/shell/commandDecisions';
import { BUILTIN_SHELL } from '../policy/shell/shellSetup';
import type { Catalog } from '../shell/catalog/catalog';
import { describeValue } from '../text/describeValue';
import type { Grant } from '../grants/grant';
import { coverByGrants, hostsOfCall, type GrantCoverage, type GrantedCall } from '../grants/grantMatch';
import { suggestGrant } from '../grants/grantSuggestion';
import { runChangingOptionFinder } from '../grants/runChangingOptions';
import { holdProblem } from './holdLimits';
import { containmentStep, type ContainmentStep } from './containmentStage';
import { keptOutsideWorkspace, outsidePaths, type OutsidePaths } from './outsideScope';
import type { ContainmentPlan } from '../containment/containmentPlan';
import type { Classifier } from '../tools/classifier';
import {
  createToolRequest,
  nameOnlyRequest,
  toolNameProblem,
  toolPath,
  type MalformedCallCode,
  type RequestContext,
  type ToolPath,
  type ToolRequest,
  type WorkspaceFacts,
} from '../tools/toolRequest';
import { HANDSHAKE_TOOLS } from '../tools/handshakeTools';
import { toolKindOf } from '../tools/builtinToolKinds';
import { callArgumentsOf } from '../tools/jsonArguments';
import type { FlowFacts } from '../flow/flowFacts';
import { flowHoldOf, type FlowHold } from '../flow/flowHold';
import type { FlowPolicy } from '../flow/flowPolicy';
import { flowSinksOf } from '../flow/flowSinks';
import { flowReadsOf, type FlowRead } from '../flow/flowSources';

/** What the decider needs from the governor. */
export interface CallDeciderParts {
  readonly machine: LifecycleMachine;
  readonly classifier: Classifier;
  readonly workspace: WorkspaceFacts;
  readonly risk: RiskContext;
  readonly orchestrationDirLabel: string;
  readonly safeMode: boolean;
  readonly locale: Locale;
  /** how the host runs the shell commands it is allowed to: contained, by analysis alone, or refused */
  readonly shellContainment: ContainmentPlan;
  /** before an intent, a contained shell command runs read-only instead of being refused */
  readonly readOnlyShellBeforeIntent: boolean;
  /** the flow rules: what a call that runs reads, and what they hold after it */
  readonly flow: FlowPolicy;
  /** the categories the current session approved */
  approvedCategories(): readonly RiskCategory[];
  /** the live grants: a person's, and the active intent's own approvals */
  liveGrants(): readonly Grant[];
  /** the approval of the control-file change that holds the lifecycle, which every call carries meanwhile */
  heldControlFileApproval(): ApprovalRequest | undefined;
}

/** A decided call, with what is needed to apply it and to answer a later approval. */
export interface DecidedCall {
  readonly decision: Decision;
  /** the statechart event that applies the call; undefined for a malformed call */
  readonly event: Extract<LifecycleEvent, { type: 'tool.requested' }> | undefined;
  readonly args: Readonly<Record<string, unknown>>;
  readonly risk: Categorization | undefined;
  /** what the call reads that the flow rules remember once it runs; absent when it reads none or may not run */
  readonly flowReads?: readonly FlowRead[];
}

/** A call refused before the statechart is asked: what was given and what is wrong. */
export interface MalformedCall {
  readonly name: unknown;
  readonly code: MalformedCallCode | AnalysisRefusalCode;
  readonly problem: string;
  readonly snapshot: LifecycleSnapshot;
  /** what is known of its risk: every category for a command whose analysis gave no answer */
  readonly risk?: Categorization;
}

export interface CallToDecide {
  readonly name: unknown;
  readonly args: unknown;
  readonly snapshot: LifecycleSnapshot;
  /** the id a hold of this call would get */
  readonly approvalId: string;
  /** categories a human approved for this one call (Continue); that answer answers a command rule's `ask` too */
  readonly alsoApproved?: readonly RiskCategory[];
  /** paths outside the scope a human allowed this one call to change (Continue on an outside-scope hold) */
  readonly alsoAllowedOutside?: readonly string[];
  /** a shell analysis made ahead of the decision; used only when its key is the key of this call's work */
  readonly prepared?: PreparedShellRisk;
  /** a question that holds nothing (isToolAllowed): what only a hold needs is built when read */
  readonly query?: boolean;
}

/** A held call's approval; a query's prompt is built when first read. */
function heldApproval(
  fields: Omit<ApprovalRequest, 'prompt'>,
  prompt: () => ConfirmationPrompt,
  query: boolean,
): ApprovalRequest {
  // the fields are this call's own literal, so the prompt is added to them rather than to a copy
  return query ? withPromptWhenRead(fields, prompt) : { ...fields, prompt: prompt() };
}

/** What decides a decided call again, outside the statechart. */
export interface Restatement {
  readonly code: 'approved_once' | 'approval_cancelled' | 'approval_expired' | 'trace_unavailable';
  readonly snapshot: LifecycleSnapshot;
  /** why the trace could not be written */
  readonly problem?: string;
}

/** The notes a restated call keeps, in their order: what safe mode found, and the classification. */
const CARRIED_NOTES: ReadonlySet<ReasonCode> = new Set([
  'risk_category',
  'unmapped_tool',
  'unclassified_tool',
  'contained',
  'not_contained',
]);

/** Refusals of a tool by name that no arguments could turn into an allow. */
const LIFECYCLE_REFUSALS: ReadonlySet<DecisionCode> = new Set(['orchestration_missing', 'state_violation']);

/** Refusals of what a call's arguments hold, which a lifecycle refusal of its tool by name goes before. */
const ARGUMENT_REFUSALS: ReadonlySet<DecisionCode> = new Set<DecisionCode>([
  'invalid_arguments',
  'analysis_over_budget',
  'analysis_unavailable',
]);

/** Safe mode's notes on an allowed risky call: approved for the session or by grants, allowed by a command rule, or safe mode off. */
function approvalNotes(
  code: DecisionCode,
  risk: Categorization,
  safeMode: boolean,
  ruled: CommandRulesOutcome,
  granted: GrantCoverage,
): Reason[] {
  if (risk.categories.length === 0 || (code !== 'safe_tool' && code !== 'destructive_in_scope')) return [];
  if (ruled.decision === 'allow' && ruled.match !== undefined) {
    return [
      reason('command_rule', 'policy', {
        message:
          `Allowed by the policy's ${describeRuleMatch(ruled.match)}: safe mode does not hold ` +
          `${risk.categories.join(', ')}; the lifecycle, the scope and .intentignore still apply.`,
      }),
    ];
  }
  if (!safeMode) {
    return [
      reason('safe_mode_off', 'safe-mode', {
        message: 'Safe mode is off: the call runs, and it is written to the trace.',
      }),
    ];
  }
  const byGrant = [...granted.byGrant].map(([grant, categories]) =>
    reason('approved_by_grant', 'safe-mode', {
      message: `Approved by grant ${grant.id}${grant.givenBy === undefined ? '' : `, given by ${grant.givenBy}`}: ${categories.join(', ')}.`,
      grant: grant.id,
    }),
  );
  const grantedCategories = new Set([...granted.byGrant.values()].flat());
  const whole = risk.categories.filter((category) => !grantedCategories.has(category));
  return [
    ...(whole.length > 0
      ? [reason('approved_for_session', 'safe-mode', { message: `Approved for this session: ${whole.join(', ')}.` })]
      : []),
    ...byGrant,
  ];
}

/** Notes in their order; most lists are empty, and no copy is made of a lone one. */
function joinNotes(first: readonly Reason[], second: readonly Reason[], third: readonly Reason[]): readonly Reason[] {
  if (second.length === 0 && third.length === 0) return first;
  if (first.length === 0 && third.length === 0) return second;
  if (first.length === 0 && second.length === 0) return third;
  return [...first, ...second, ...third];
}

/** No note to add. */
const NO_NOTES: readonly Reason[] = Object.freeze([]);

/** No category left to approve. */
const NONE: readonly RiskCategory[] = Object.freeze([]);

/** No grant asked: every category stays as it was. */
const NO_GRANT_COVERS: ReadonlyMap<Grant, readonly RiskCategory[]> = new Map();
const NOT_GRANTED = (categories: readonly RiskCategory[]): GrantCoverage => ({
  uncovered: categories,
  byGrant: NO_GRANT_COVERS,
});

/** No grant to ask. */
const NO_GRANTS: readonly Grant[] = Object.freeze([]);

/** A refusal made over the lifecycle's answer, with the problem its message names. */
interface Refusal {
  readonly code: 'command_denied' | 'containment_required' | 'held_calls_full' | 'held_call_too_large';
  readonly problem: string;
}

/**
 * The last stage before the decision: what refuses a call the lifecycle would let run or hold.
 * A policy rule that denies the command, containment the policy requires and this host cannot
 * give, or a hold the session cannot keep (the queue is full, the arguments too large). A
 * refusal of the lifecycle's own stands as it is.
 */
function refusalOverLifecycle(
  code: DecisionCode,
  ruled: CommandRulesOutcome,
  contained: ContainmentStep,
  hold: {
    readonly heldCalls: Parameters<typeof holdProblem>[0];
    readonly approvalId: string;
    readonly args: Readonly<Record<string, unknown>>;
  },
): Refusal | undefined {
  if (REASON_CODES[code].verdict === 'deny') return undefined;
  if (ruled.decision === 'deny' && ruled.match !== undefined)
    return {
      code: 'command_denied',
      problem: `${describeRuleMatch(ruled.match)} matches '${ruled.match.command.join(' ')}'`,
    };
  if (contained.kind === 'refused') return { code: 'containment_required', problem: contained.problem };
  return code === 'needs_approval' ? holdProblem(hold.heldCalls, hold.approvalId, hold.args) : undefined;
}

/** What the scope stage makes of a call's paths: those outside it a human may allow once, and what the lifecycle checks. */
interface ScopeStep {
  /** the paths outside the workspace the call is held for, naming each; undefined when none is */
  readonly outsideScope: readonly string[] | undefined;
  /** the paths the lifecycle's scope check reads: all of them, or without those a human allowed once */
  readonly paths: readonly ToolPath[];
}

/**
 * The scope stage: a literal change outside the workspace a human may allow is held for that
 * answer rather than refused, and once the human allowed exactly those paths for this call
 * (`alsoAllowedOutside`) they leave the lifecycle's scope check; nothing else does.
 */
function scopeStep(
  scope: readonly string[] | undefined,
  toolClass: ToolRequest['toolClass'],
  paths: readonly ToolPath[],
  alsoAllowedOutside: readonly string[] | undefined,
  outsideOf: (scope: readonly string[], paths: readonly ToolPath[]) => OutsidePaths | undefined,
): ScopeStep {
  const outside = scope === undefined || toolClass !== 'DESTRUCTIVE' ? undefined : outsideOf(scope, paths);
  if (outside === undefined) return { outsideScope: undefined, paths };
  const allowed = alsoAllowedOutside !== undefined && outside.names.every((name) => alsoAllowedOutside.includes(name));
  return allowed ? { outsideScope: undefined, paths: outside.inside } : { outsideScope: outside.names, paths };
}

/** No simple command: the call runs no shell. */
const NO_COMMANDS: readonly (readonly string[])[] = Object.freeze([]);

/** The codes of a call the lifecycle lets run that may read or carry something: the flow rules look at these alone. */
const FLOW_CHECKED: ReadonlySet<DecisionCode> = new Set(['safe_tool', 'destructive_in_scope']);

const NO_READS: readonly FlowRead[] = Object.freeze([]);

/** The flow rules of a governor, and the session's catalog its commands that print secrets are read against. */
interface FlowRules {
  readonly policy: FlowPolicy;
  readonly catalog: Pick<Catalog, 'lookup'>;
}

/** What the flow stage gives: a hold, and what the call reads if it runs. */
interface FlowStep {
  readonly hold: FlowHold | undefined;
  readonly reads: readonly FlowRead[];
}

/**
 * The flow stage, after the per-call decision: a call the lifecycle lets run is held when the
 * session read a secret and it sends data out, or read untrusted content and it writes code
 * that runs or steers an agent. A human's answer to this call (`alsoApproved`) lets it run.
 */
function flowStep(rules: FlowRules, code: DecisionCode, call: CallToDecide, facts: FlowFacts): FlowStep {
  const { policy } = rules;
  if (!policy.enabled || !FLOW_CHECKED.has(code)) return { hold: undefined, reads: NO_READS };
  const marks = call.snapshot.context.flowMarks;
  const marked = marks !== undefined && (marks.secret !== undefined || marks.untrusted !== undefined);
  const hold = marked && call.alsoApproved === undefined ? flowHoldOf(marks, flowSinksOf(facts, policy)) : undefined;
  return { hold, reads: hold === undefined ? flowReadsOf(facts, policy, rules.catalog) : NO_READS };
}

/** The line a flow hold's prompt shows a person. */
const flowPromptText = (hold: FlowHold): string =>
  `the flow rules (${hold.code}): ${hold.problem}. Continue runs this call once; clearing the ` +
  `${hold.kind} mark lets such calls run for the rest of the session`;

export type CallDecider = ReturnType<typeof createCallDecider>;

/**
 * Turns tool calls into decisions: validates them, runs safe mode's categorization, asks the
 * statechart which rule applies and builds the decision. It changes nothing; the governor
 * applies the returned event.
 */
export function createCallDecider(parts: CallDeciderParts) {
  const { machine, classifier } = parts;
  const commandRules = parts.risk.shell?.rules ?? [];
  const facts = (snapshot: LifecycleSnapshot) => decisionFacts(snapshot, parts.orchestrationDirLabel);
  const { workspaceRoot, intentIgnore, isProtectedPath } = parts.workspace;
  // built as literals of one shape: a spread of the governor's objects per call costs more than the rest of the setup
  const { sandboxRoot, toolKinds, homeDir, shell, controlPaths } = parts.risk;
  // the session's catalog, a host's programs included: grants and the flow rules read its specs as the analysis does
  const catalog = (shell ?? BUILTIN_SHELL).catalog;
  const runChangingOption = runChangingOptionFinder(catalog);
  const flowRules: FlowRules = { policy: parts.flow, catalog };
  // a DESTRUCTIVE tool no kind describes has every argument read for paths: the host's kinds count
  const kindOf = (tool: string) => toolKindOf(tool, toolKinds);
  const requestContext = (analyze: PathAnalyzer): RequestContext => ({
    workspaceRoot,
    intentIgnore,
    isProtectedPath,
    analyze,
    classifier,
    kindOf,
  });
  // places outside the workspace no answer to a held call makes writable
  const kept = keptOutsideWorkspace(controlPaths ?? [], homeDir);
  const riskContext = (analyze: PathAnalyzer, shellRisk: CallRisk | undefined): RiskContext => ({
    workspaceRoot: parts.risk.workspaceRoot,
    sandboxRoot,
    toolKinds,
    homeDir,
    shell,
    controlPaths,
    analyze,
    shellRisk,
  });
  /** The categories neither the session nor a human's answer to this call approved. */
  const notApprovedOf = (
    categories: readonly RiskCategory[],
    alsoApproved: readonly RiskCategory[] | undefined,
  ): readonly RiskCategory[] => {
    const approved = parts.approvedCategories();
    const left: RiskCategory[] = [];
    for (const category of categories)
      if (!approved.includes(category) && alsoApproved?.includes(category) !== true) left.push(category);
    return left;
  };

  /** A name-only request with the classifier's answer for the name. */
  const requestForName = (name: string) => {
    const classification = classifier.classify(name);
    return {
      request: nameOnlyRequest(name, classification.toolClass),
      notes: classificationNotes(name, classification),
    };
  };

  const malformed = ({ name, code, problem, snapshot, risk }: MalformedCall): Decision => {
    // a name that is not even a tool name is treated as DESTRUCTIVE, with no classification note
    const { request, notes } =
      code === 'invalid_tool_name'
        ? { request: nameOnlyRequest(describeValue(name), 'DESTRUCTIVE'), notes: [] }
        : requestForName(describeValue(name));
    return buildDecision({
      code,
      request: { ...request, hasArgs: true },
      facts: facts(snapshot),
      problem,
      notes,
      ...(risk && { risk }),
    });
  };

  /**
   * A call whose arguments cannot be read is refused. When the lifecycle refuses the tool
   * whatever its arguments (the fail-safe, or a DESTRUCTIVE tool before the handshake), that
   * is the reason given: it tells the model what to do first, which fixing the arguments would not.
   */
  const refused = (call: MalformedCall, args: Readonly<Record<string, unknown>>): DecidedCall => {
    const named =
      ARGUMENT_REFUSALS.has(call.code) && typeof call.name === 'string' ? requestForName(call.name) : undefined;
    const byName = named && decisionCodeOf(machine, call.snapshot, named.request);
    const decision =
      named && byName && LIFECYCLE_REFUSALS.has(byName)
        ? buildDecision({
            code: byName,
            request: named.request,
            facts: facts(call.snapshot),
            notes: named.notes,
            ...(call.risk && { risk: call.risk }),
          })
        : malformed(call);
    return { decision, event: undefined, args, risk: call.risk };
  };

  return {
    malformed,

    /** The shell analysis a call needs, as plain data; undefined when it runs no shell command. */
    shellWork: (name: unknown, args: unknown): ShellWork | undefined => shellWorkFor(name, args, parts.risk),

    /**
     * What a by-name verdict depends on besides the snapshot: the chart's guards read only the
     * class of a request with no arguments, and the names of the two handshake tools; undefined
     * for a name that is not a tool name, which is never allowed. Tests
     * check toolsFor against each name's own decision, so a guard that read more would show.
     */
    verdictKey(name: string): string | undefined {
      // a name that is no tool name is refused, whatever the state
      if (toolNameProblem(name) !== undefined) return undefined;
      return HANDSHAKE_TOOLS.includes(name) ? name : classifier.classify(name).toolClass;
    },

    /** The statechart's decision on a tool asked about by name only. */
    decideName(name: string, snapshot: LifecycleSnapshot): Decision {
      const { request, notes } = requestForName(name);
      const code = decisionCodeOf(machine, snapshot, request) ?? 'no_rule';
      return buildDecision({ code, request, facts: facts(snapshot), notes });
    },

    /**
     * Decides a concrete call, in stages that each give a value to the next (the flow stage, 9,
     * comes after the per-call decision and before the decision is built):
     * 1. read the call (its request, the analysis made ahead) — a malformed call is refused;
     * 2. safe mode's assessment: categories, evidence and the paths a command names;
     * 3. containment: a command that runs contained leaves the analysis's guesses to the kernel;
     * 4. the policy's command rules (allow, ask, deny);
     * 5. approvals: the session's, a human's answer to this call, the live grants;
     * 6. scope: a change outside the workspace a human may allow is held for that answer;
     * 7. lifecycle: the statechart's rule for this state;
     * 8. refusals over the lifecycle's answer (`refusalOverLifecycle`);
     * 9. flow: a call that would run is held when it carries what the session read (`flowStep`);
     * 10. the decision, with the approval a hold needs.
     */
    decideCall(call: CallToDecide): DecidedCall {
      const { name, snapshot, approvalId } = call;
      // 1. read
      const args = callArgumentsOf(call.args);
      // one analyzer per decision: the lifecycle's scope check and safe mode read each path the same way
      const analyze = createPathAnalyzer(parts.risk.workspaceRoot, parts.risk.homeDir);
      const built = createToolRequest(name, args, requestContext(analyze));
      if (!built.ok) return refused({ name, code: built.code, problem: built.problem, snapshot }, {});
      const callArgs = args as Readonly<Record<string, unknown>>;
      const { tool } = built.request;
      const ahead = preparedFor(call.prepared, tool, callArgs, parts.risk);
      if (ahead?.prepared.outcome === 'refused') {
        const { code, problem } = ahead.prepared;
        return refused(
          { name, code, problem, snapshot, risk: unanalysedRisk(ahead.command, problem, parts.risk) },
          callArgs,
        );
      }
      if (ahead?.prepared.outcome === 'unreadable')
        return refused(
          {
            name,
            code: 'invalid_arguments',
            problem: unreadableArguments(tool, ahead.prepared.thrown).message,
            snapshot,
          },
          callArgs,
        );
      // 2. assess
      const shellRisk = ahead?.prepared.outcome === 'assessed' ? ahead.prepared.risk : undefined;
      const assessed = assessRisk(
        { tool, args: callArgs, toolClass: built.request.toolClass },
        riskContext(analyze, shellRisk),
      );
      if (!assessed.ok)
        return refused({ name, code: 'invalid_arguments', problem: assessed.problem, snapshot }, callArgs);
      // 3. contain: a command that runs contained leaves to the kernel what the analysis could not see
      const contained = containmentStep(parts.shellContainment, assessed, facts(snapshot));
      const assessment = contained.kind === 'contained' ? contained.assessment : assessed;
      const containedField = contained.kind === 'none' ? undefined : contained.kind === 'contained';
      const containmentNotes =
        contained.kind === 'contained'
          ? [contained.note]
          : contained.kind === 'analysisOnly' && contained.note !== undefined
            ? [contained.note]
            : NO_NOTES;
      // 4. command rules
      const ruled =
        assessment.shell === undefined
          ? NO_DECISION
          : decideByCommandRules(assessment.shell.commands, assessment.shell.unknowable, commandRules);
      // an `ask` rule holds the call whatever the session approved, until a human answers this call
      const askedBy =
        ruled.decision === 'ask' && ruled.match !== undefined && call.alsoApproved === undefined
          ? describeRuleMatch(ruled.match)
          : undefined;
      const paths =
        assessment.commandPaths.length === 0
          ? built.request.paths
          : [
              ...built.request.paths,
              ...assessment.commandPaths.map((used) =>
                toolPath(used.input, used.relative, parts.workspace, {
                  readOnly: used.role === 'read',
                  assumed: used.assumed,
                  unresolved: used.unresolved,
                  coversWorkspace: used.coversWorkspace,
                }),
              ),
            ];
      // 5. approvals
      const notApprovedWhole =
        askedBy !== undefined
          ? assessment.risk.categories
          : parts.safeMode && ruled.decision !== 'allow' && assessment.risk.categories.length > 0
            ? notApprovedOf(assessment.risk.categories, call.alsoApproved)
            : NONE;
      const grantPaths = paths.map((each) => (each.unresolved === undefined ? each.relative : undefined));
      const hosts = notApprovedWhole.length > 0 ? hostsOfCall(callArgs, assessment.shell?.commands) : [];
      // one literal per shape: a spread of an optional field makes and drops an object per call
      const grantFacts: GrantedCall =
        assessment.shell === undefined
          ? { tool, paths: grantPaths, hosts, runChangingOption }
          : { tool, shell: assessment.shell, paths: grantPaths, hosts, runChangingOption };
      // a rule that asks a human is answered by nothing but an answer to this call
      const grants = askedBy === undefined && notApprovedWhole.length > 0 ? parts.liveGrants() : NO_GRANTS;
      const granted =
        grants.length > 0 ? coverByGrants(notApprovedWhole, grants, grantFacts) : NOT_GRANTED(notApprovedWhole);
      const unapproved = granted.uncovered;
      // before an intent a contained command can change nothing (the sandbox has nothing writable, no
      // network): where the policy lets it run, the lifecycle reads it as the read it is
      const readOnlyBeforeIntent =
        parts.readOnlyShellBeforeIntent && contained.kind === 'contained' && facts(snapshot).state !== 'ACTION';
      const toolClass = readOnlyBeforeIntent ? 'SAFE' : built.request.toolClass;
      // 6. scope: a literal change outside the workspace a human may allow is held, not refused
      const scoped = scopeStep(
        snapshot.context.activeIntent?.owned_scope,
        toolClass,
        paths,
        call.alsoAllowedOutside,
        (scope, named) => outsidePaths(scope, named, analyze, kept),
      );
      const outsideScope = scoped.outsideScope;
      const held = unapproved.length > 0 || askedBy !== undefined || outsideScope !== undefined;
      const categories = assessment.risk.categories;
      const approvalIdOfHold = held ? approvalId : undefined;
      const { hasArgs, intentId } = built.request;
      const risk: ToolRequest['risk'] =
        askedBy === undefined
          ? { categories, unapproved, approvalId: approvalIdOfHold }
          : { categories, unapproved, approvalId: approvalIdOfHold, askedBy };
      const request: ToolRequest = {
        tool,
        toolClass,
        hasArgs,
        intentId,
        paths: scoped.paths,
        risk: outsideScope === undefined ? risk : { ...risk, outsideScope },
      };
      // 7. lifecycle: the statechart chooses the rule that applies in this state
      const code = decisionCodeOf(machine, snapshot, request) ?? 'no_rule';
      // 8. refusals over the lifecycle's answer: a policy deny, containment required, a hold the session cannot keep
      const refusal = refusalOverLifecycle(code, ruled, contained, {
        heldCalls: snapshot.context.heldCalls,
        approvalId,
        args: callArgs,
      });
      if (refusal) {
        // a refusal made over the statechart's answer: no event is applied, and the call's risk and notes stay
        const notes = [...assessment.notes, ...containmentNotes, ...classificationNotes(tool, built.classification)];
        const decision = buildDecision({
          code: refusal.code,
          request,
          facts: facts(snapshot),
          problem: refusal.problem,
          notes,
          risk: assessment.risk,
          contained: containedField,
        });
        return { decision, event: undefined, args: callArgs, risk: assessment.risk };
      }
      // 9. flow: checked after the per-call decision, on a call that would run
      const flow = flowStep(flowRules, code, call, {
        tool,
        args: callArgs,
        kind: kindOf(tool),
        categories: assessment.risk.categories,
        evidence: assessment.risk.evidence,
        commands: assessment.shell?.commands ?? NO_COMMANDS,
        paths,
        // made only when a mark is set and the call may go out
        hosts: () => (hosts.length > 0 ? hosts : hostsOfCall(callArgs, assessment.shell?.commands)),
      });
      if (flow.hold !== undefined) {
        const problem = holdProblem(snapshot.context.heldCalls, approvalId, callArgs);
        const notes = [...assessment.notes, ...containmentNotes, ...classificationNotes(tool, built.classification)];
        // the chart holds it as a call a rule asks a human about: no session approval or grant releases it
        const heldRequest: ToolRequest = {
          ...request,
          risk: { ...request.risk, approvalId, askedBy: `${flow.hold.code}: ${flow.hold.problem}` },
        };
        const decision = buildDecision({
          code: problem?.code ?? flow.hold.code,
          request: heldRequest,
          facts: facts(snapshot),
          problem: problem?.problem ?? flow.hold.problem,
          notes,
          risk: assessment.risk,
          approval:
            problem === undefined
              ? heldApproval(
                  { id: approvalId, categories: NONE },
                  () =>
                    confirmationPrompt({
                      tool: request.tool,
                      args: callArgs,
                      risk: assessment.risk,
                      categories: NONE,
                      askedBy: flowPromptText(flow.hold!),
                      ...(snapshot.context.activeIntent && { intent: snapshot.context.activeIntent }),
                      locale: parts.locale,
                    }),
                  call.query === true,
                )
              : undefined,
          contained: containedField,
        });
        return {
          decision,
          event:
            problem === undefined ? { type: 'tool.requested', call: heldRequest, heldAs: flow.hold.code } : undefined,
          args: callArgs,
          risk: assessment.risk,
        };
      }
      // 10. the decision
      const holds = code === 'needs_approval';
      const leaving = holds ? outsideScope : undefined;
      // a rule that asks a human is answered only by an answer to this call: no grant is offered
      const suggestion =
        holds && askedBy === undefined && unapproved.length > 0
          ? suggestGrant(unapproved, grantFacts, snapshot.context.activeIntent?.id)
          : undefined;
      const approval = holds
        ? heldApproval(
            {
              id: approvalId,
              categories: unapproved,
              ...(suggestion !== undefined && { grant: suggestion }),
              ...(leaving !== undefined && { outsideScope: leaving }),
            },
            () =>
              confirmationPrompt({
                tool: request.tool,
                args: callArgs,
                risk: assessment.risk,
                categories: unapproved,
                ...(askedBy !== undefined && { askedBy }),
                ...(leaving !== undefined && { outsideScope: leaving }),
                ...(suggestion && { grant: suggestion }),
                ...(snapshot.context.activeIntent && { intent: snapshot.context.activeIntent }),
                locale: parts.locale,
              }),
            call.query === true,
          )
        : code === 'control_file_changed'
          ? parts.heldControlFileApproval()
          : undefined;
      const decision = buildDecision({
        code,
        request,
        facts: facts(snapshot),
        notes: joinNotes(
          approvalNotes(code, assessment.risk, parts.safeMode, ruled, granted),
          containmentNotes.length === 0 ? assessment.notes : [...assessment.notes, ...containmentNotes],
          classificationNotes(request.tool, built.classification),
        ),
        risk: assessment.risk,
        approval,
        contained: containedField,
      });
      const event = { type: 'tool.requested', call: request } as const;
      return flow.reads.length === 0 || !decision.allowed
        ? { decision, event, args: callArgs, risk: assessment.risk }
        : { decision, event, args: callArgs, risk: assessment.risk, flowReads: flow.reads };
    },

    /**
     * A decided call decided again by something outside the statechart: a human's answer
     * (`approved_once`, `approval_cancelled`) or a trace that could not be written
     * (`trace_unavailable`, with the problem). The call's risk, its safe-mode notes and its
     * classification note carry over.
     */
    restate(call: DecidedCall, outcome: Restatement): Decision {
      return buildDecision({
        code: outcome.code,
        request: call.event?.call ?? nameOnlyRequest(call.decision.tool, call.decision.toolClass),
        facts: facts(outcome.snapshot),
        ...(outcome.problem !== undefined && { problem: outcome.problem }),
        notes: call.decision.reasons.filter((item) => CARRIED_NOTES.has(item.code)),
        ...(call.risk && { risk: call.risk }),
        contained: call.decision.contained,
        // allowed once, a change outside the scope runs with exactly the paths the human read
        allowedOnce: outcome.code === 'approved_once' ? call.decision.approval?.outsideScope : undefined,
      });
    },
  };
}
