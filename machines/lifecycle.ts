import { and, assign, emit, not, setup } from 'xstate';
import type { DecisionCode, FlowHoldCode } from '../src/decision/reasons';
import { NO_FLOW_MARKS, type FlowKind, type FlowMarks, type FlowSource } from '../src/flow/flowMarks';
import type { Intent } from '../src/intents/intent';
import { findIntent } from '../src/intents/intentRegistry';
import { findPathOutsideScope } from '../src/intents/scope';
import type { RiskCategory } from '../src/categories/riskCategories';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../src/tools/handshakeTools';
import type { ToolRequest } from '../src/tools/toolRequest';

export interface LifecycleContext {
  /** the intents select_active_intent may activate */
  readonly intents: readonly Intent[];
  /** kept from ACTION into REASONING on a new prompt; cleared when a task ends */
  readonly activeIntent: Intent | undefined;
  /** Invariant 8: false means the orchestration directory is missing (fail-safe) */
  readonly orchestrationPresent: boolean;
  /** a DESTRUCTIVE tool ran since the task began */
  readonly destructiveRan: boolean;
  /**
   * a DESTRUCTIVE tool ran since the control files were last adopted, so a change found in them
   * now may be the agent's own: it is held for a human instead of adopted
   */
  readonly destructiveSinceAdoption: boolean;
  /** the calls that wait for a human's answer, oldest first, each answerable by its id; the one record of a held call */
  readonly heldCalls: readonly HeldCall[];
  /** a change to a control file that waits for a human's answer; the one record of it */
  readonly heldChange: HeldControlFileChange | undefined;
  /** what the session read that the flow rules remember, each with the call that first read it; none when absent */
  readonly flowMarks?: FlowMarks;
}

/** A call safe mode holds until a human approves it (seed 002 E), while in an `awaitingApproval` substate. */
export interface HeldCall {
  readonly id: string;
  readonly tool: string;
  readonly categories: readonly RiskCategory[];
  /** approving it runs a DESTRUCTIVE tool, which the task then remembers */
  readonly destructive: boolean;
}

/**
 * A change to intentgate's control files found after a DESTRUCTIVE tool ran, held until a
 * human accepts or rejects it. It holds the lifecycle, not one call: every call is answered
 * `control_file_changed` meanwhile, whatever the state, and no move of the lifecycle (a prompt,
 * a reset, a session change) ends it; only the answer does.
 */
export interface HeldControlFileChange {
  readonly id: string;
  /** the files that changed, as people know them (`.intentignore`) */
  readonly files: readonly string[];
}

export interface LifecycleInput {
  readonly intents?: readonly Intent[];
  readonly orchestrationPresent?: boolean;
}

export type LifecycleEvent =
  | { readonly type: 'user.prompted'; readonly text?: string }
  /**
   * `heldAs`: the flow rules, checked after the chart's rules, hold the call under their own code;
   * the chart holds it as a call a rule asks a human about, and its `tool.decided` names that code
   */
  | { readonly type: 'tool.requested'; readonly call: ToolRequest; readonly heldAs?: FlowHoldCode }
  | { readonly type: 'lifecycle.reset' }
  | { readonly type: 'orchestration.checked'; readonly present: boolean }
  | { readonly type: 'intents.loaded'; readonly intents: readonly Intent[] }
  /** a human answered a pending approval: 'once' runs that call now, 'session' approved its categories for the session */
  | { readonly type: 'approval.granted'; readonly id: string; readonly scope: 'once' | 'session' }
  | { readonly type: 'approval.denied'; readonly id: string }
  | { readonly type: 'session.changed'; readonly sessionId: string }
  /** the governor found the control files changed since it adopted them; `id` is the hold's approval id */
  | { readonly type: 'controlFiles.changed'; readonly id: string; readonly files: readonly string[] }
  /** a human accepted the held change: it is adopted */
  | { readonly type: 'controlFiles.accepted'; readonly id: string }
  /** a human rejected the held change: the adopted content stays */
  | { readonly type: 'controlFiles.rejected'; readonly id: string }
  /** a call that ran read a secret or untrusted content; `source` names it */
  | { readonly type: 'flow.read'; readonly kind: FlowKind; readonly source: FlowSource }
  /** a human cleared one mark of the flow for the rest of the session; the agent has no way to send it */
  | { readonly type: 'flow.cleared'; readonly kind: FlowKind };

/** Emitted for every tool request with the code of the rule that decided it. */
export interface ToolDecidedEvent {
  readonly type: 'tool.decided';
  readonly code: DecisionCode;
  readonly tool: string;
}

export const LIFECYCLE_EVENT_TYPES = [
  'user.prompted',
  'tool.requested',
  'lifecycle.reset',
  'orchestration.checked',
  'intents.loaded',
  'approval.granted',
  'approval.denied',
  'session.changed',
  'controlFiles.changed',
  'controlFiles.accepted',
  'controlFiles.rejected',
  'flow.read',
  'flow.cleared',
] as const satisfies readonly LifecycleEvent['type'][];

const requestOf = (event: LifecycleEvent): ToolRequest | undefined =>
  event.type === 'tool.requested' ? event.call : undefined;

const heldAsOf = (event: LifecycleEvent): FlowHoldCode | undefined =>
  event.type === 'tool.requested' ? event.heldAs : undefined;

const approvalIdOf = (event: LifecycleEvent): string | undefined =>
  event.type === 'approval.granted' || event.type === 'approval.denied' ? event.id : undefined;

const flowKindOf = (event: LifecycleEvent): FlowKind | undefined =>
  event.type === 'flow.read' || event.type === 'flow.cleared' ? event.kind : undefined;

const controlFileAnswerIdOf = (event: LifecycleEvent): string | undefined =>
  event.type === 'controlFiles.accepted' || event.type === 'controlFiles.rejected' ? event.id : undefined;

/** The held calls without the one an approval event answers. */
const withoutAnswered = (held: readonly HeldCall[], id: string | undefined): readonly HeldCall[] =>
  held.filter((call) => call.id !== id);

/**
 * Every lifecycle state holds risky calls until a human answers (seed 002 E): a queue, each
 * call answered by its own id; the last answer returns to `ready`.
 */
const approvalSubstates = {
  initial: 'ready',
  states: {
    ready: {},
    awaitingApproval: {
      description: 'Risky calls wait for a human, each by its id: Continue runs one once, Cancel drops it.',
      on: {
        'approval.granted': [
          {
            guard: and(['isHeldCall', 'isGrantForThisCall', 'isLastHeldCall']),
            target: 'ready',
            actions: 'runApprovedCall',
          },
          { guard: and(['isHeldCall', 'isGrantForThisCall']), actions: 'runApprovedCall' },
          { guard: and(['isHeldCall', 'isLastHeldCall']), target: 'ready', actions: 'dropHeldCall' },
          { guard: 'isHeldCall', actions: 'dropHeldCall' },
        ],
        'approval.denied': [
          { guard: and(['isHeldCall', 'isLastHeldCall']), target: 'ready', actions: 'dropHeldCall' },
          { guard: 'isHeldCall', actions: 'dropHeldCall' },
        ],
        'session.changed': { target: 'ready', actions: 'dropHeldCalls' },
      },
    },
  },
} as const;

/** The `decide` action with its reason code, as it appears in the chart. */
const decide = (code: DecisionCode) => ({ type: 'decide', params: { code } }) as const;

/**
 * In every state: a change to a control file found after a DESTRUCTIVE tool ran is held, and
 * ends the held calls (every call waits for its answer first); found with none run since the
 * last adoption, it is not held, and the governor adopts it.
 */
const controlFileChanges = {
  'controlFiles.changed': {
    guard: 'hasRunDestructiveSinceAdoption',
    target: '.ready',
    actions: 'holdControlFileChange',
  },
} as const;

/** While a control-file change is held, every call waits with it; the fail-safe still comes first. */
const heldForControlFiles = {
  guard: and(['isControlFileChangeHeld', 'isCall']),
  actions: decide('control_file_changed'),
} as const;

/**
 * The flow region (issue 36): what the session has read, beside the lifecycle. A read that
 * ran moves it on; only a human's answer (or another session) moves it back. The first call
 * of each kind is kept, since that is the one a hold names.
 */
const flowRegion = {
  initial: 'clean',
  description:
    'What the session read: a secret holds calls that send data out; untrusted content holds writes of code.',
  on: {
    'session.changed': { target: '.clean', actions: 'forgetFlow' },
  },
  states: {
    clean: {
      description: 'Nothing sensitive read: no flow rule holds a call.',
      on: {
        'flow.read': [
          { guard: 'isAboutSecret', target: 'secretRead', actions: 'markFlowSource' },
          { guard: 'isAboutUntrusted', target: 'untrustedRead', actions: 'markFlowSource' },
        ],
      },
    },
    secretRead: {
      description: 'A secret was read: a call that sends data out is held again (flow_secret_to_egress).',
      on: {
        'flow.read': { guard: 'isAboutUntrusted', target: 'secretAndUntrusted', actions: 'markFlowSource' },
        'flow.cleared': { guard: 'isAboutSecret', target: 'clean', actions: 'clearFlowMark' },
      },
    },
    untrustedRead: {
      description:
        'Untrusted content was read: a write of code that runs or steers agents is held again (flow_untrusted_to_code).',
      on: {
        'flow.read': { guard: 'isAboutSecret', target: 'secretAndUntrusted', actions: 'markFlowSource' },
        'flow.cleared': { guard: 'isAboutUntrusted', target: 'clean', actions: 'clearFlowMark' },
      },
    },
    secretAndUntrusted: {
      description: 'Both were read: both flow rules hold.',
      on: {
        'flow.cleared': [
          { guard: 'isAboutSecret', target: 'untrustedRead', actions: 'clearFlowMark' },
          { guard: 'isAboutUntrusted', target: 'secretRead', actions: 'clearFlowMark' },
        ],
      },
    },
  },
} as const;

/**
 * The lifecycle statechart of seeds 000, 003 and 004. Each `tool.requested` transition
 * list is the governance matrix for its state, in priority order: the first guard that
 * holds decides, and its `decide` action names the reason. A request carries its tool's
 * class, so one chart serves every classification.
 */
export function createLifecycleMachine() {
  return setup({
    types: {
      context: {} as LifecycleContext,
      events: {} as LifecycleEvent,
      input: {} as LifecycleInput | void,
      emitted: {} as ToolDecidedEvent,
    },
    guards: {
      isOrchestrationMissing: ({ context }) => !context.orchestrationPresent,
      isIntentSelection: ({ event }) => requestOf(event)?.tool === SELECT_ACTIVE_INTENT,
      isSelectionCall: ({ event }) =>
        requestOf(event)?.tool === SELECT_ACTIVE_INTENT && requestOf(event)?.hasArgs === true,
      // attempt_completion takes no arguments that matter, so a question by name gets the call's answer
      isCompletionCall: ({ event }) => requestOf(event)?.tool === ATTEMPT_COMPLETION,
      isKnownIntent: ({ context, event }) => findIntent(context.intents, requestOf(event)?.intentId) !== undefined,
      hasRunDestructiveTool: ({ context }) => context.destructiveRan,
      isSafeTool: ({ event }) => requestOf(event)?.toolClass === 'SAFE',
      touchesIgnoredPath: ({ event }) => requestOf(event)?.paths.some((path) => path.ignored) === true,
      touchesProtectedPath: ({ event }) =>
        requestOf(event)?.paths.some((path) => path.protected && path.readOnly !== true) === true,
      isOutsideActiveScope: ({ context, event }) =>
        findPathOutsideScope(context.activeIntent?.owned_scope ?? [], requestOf(event)?.paths ?? []) !== undefined,
      // every path outside the scope is one a human may allow this call once: held, not refused
      asksToLeaveScope: ({ event }) => (requestOf(event)?.risk.outsideScope?.length ?? 0) > 0,
      // categories the session has not approved, or a policy rule that asks a human whatever it approved
      needsApproval: ({ event }) => {
        const risk = requestOf(event)?.risk;
        return risk !== undefined && (risk.unapproved.length > 0 || risk.askedBy !== undefined);
      },
      isHeldCall: ({ context, event }) => context.heldCalls.some((call) => call.id === approvalIdOf(event)),
      // the answered call is the only one held, so answering it leaves none
      isLastHeldCall: ({ context }) => context.heldCalls.length === 1,
      isControlFileChangeHeld: ({ context }) => context.heldChange !== undefined,
      isHeldControlFileChange: ({ context, event }) =>
        context.heldChange !== undefined && context.heldChange.id === controlFileAnswerIdOf(event),
      hasRunDestructiveSinceAdoption: ({ context }) => context.destructiveSinceAdoption,
      // a call with arguments; a question by name (toolsFor) still shows the tools, so a call can carry the question to a human
      isCall: ({ event }) => requestOf(event)?.hasArgs === true,
      isGrantForThisCall: ({ event }) => event.type === 'approval.granted' && event.scope === 'once',
      isAboutSecret: ({ event }) => flowKindOf(event) === 'secret',
      isAboutUntrusted: ({ event }) => flowKindOf(event) === 'untrusted',
      isActiveIntentWithdrawn: ({ context, event }) =>
        event.type === 'intents.loaded' &&
        context.activeIntent !== undefined &&
        findIntent(event.intents, context.activeIntent.id) === undefined,
    },
    actions: {
      decide: emit(({ event }, params: { code: DecisionCode }) => ({
        type: 'tool.decided' as const,
        // a hold the flow rules made says their code, as the decision does
        code: params.code === 'needs_approval' ? (heldAsOf(event) ?? params.code) : params.code,
        tool: requestOf(event)?.tool ?? '',
      })),
      activateIntent: assign({
        activeIntent: ({ context, event }) => findIntent(context.intents, requestOf(event)?.intentId),
      }),
      markDestructiveRan: assign({ destructiveRan: true, destructiveSinceAdoption: true }),
      // a held control-file change outlives the task: only its own answer ends it
      clearTask: assign({ activeIntent: undefined, destructiveRan: false, heldCalls: [] }),
      // queued after the calls already held; an id already held is held anew in its place
      holdCall: assign({
        heldCalls: ({ context, event }) => {
          const call = requestOf(event);
          if (!call) return context.heldCalls;
          const id = call.risk.approvalId ?? '';
          const held: HeldCall = {
            id,
            tool: call.tool,
            categories: call.risk.unapproved,
            destructive: call.toolClass === 'DESTRUCTIVE',
          };
          return [...withoutAnswered(context.heldCalls, id), held];
        },
      }),
      dropHeldCall: assign({
        heldCalls: ({ context, event }) => withoutAnswered(context.heldCalls, approvalIdOf(event)),
      }),
      dropHeldCalls: assign({ heldCalls: [] }),
      runApprovedCall: assign(({ context, event }) => {
        const id = approvalIdOf(event);
        const ran = context.heldCalls.some((call) => call.id === id && call.destructive);
        return {
          destructiveRan: context.destructiveRan || ran,
          destructiveSinceAdoption: context.destructiveSinceAdoption || ran,
          heldCalls: withoutAnswered(context.heldCalls, id),
        };
      }),
      holdControlFileChange: assign(({ context, event }) =>
        event.type === 'controlFiles.changed'
          ? { heldChange: { id: event.id, files: event.files }, heldCalls: [] }
          : { heldChange: context.heldChange },
      ),
      // the governor adopts what the human accepted: nothing the agent ran is unaccounted for any more
      acceptControlFileChange: assign({ heldChange: undefined, destructiveSinceAdoption: false }),
      rejectControlFileChange: assign({ heldChange: undefined }),
      // the first source of a kind stays: it is the call that started the mark
      markFlowSource: assign({
        flowMarks: ({ context, event }) =>
          event.type !== 'flow.read' || context.flowMarks?.[event.kind] !== undefined
            ? context.flowMarks
            : { ...context.flowMarks, [event.kind]: event.source },
      }),
      clearFlowMark: assign({
        flowMarks: ({ context, event }) => {
          const kind = flowKindOf(event);
          if (kind === undefined || context.flowMarks === undefined) return context.flowMarks;
          const { [kind]: _cleared, ...rest } = context.flowMarks;
          return rest;
        },
      }),
      forgetFlow: assign({ flowMarks: NO_FLOW_MARKS }),
      recordOrchestration: assign({
        orchestrationPresent: ({ context, event }) =>
          event.type === 'orchestration.checked' ? event.present : context.orchestrationPresent,
      }),
      // the active intent follows its new definition: a narrowed scope applies at once, a removed intent is gone
      replaceIntents: assign(({ context, event }) => {
        if (event.type !== 'intents.loaded') return {};
        return { intents: event.intents, activeIntent: findIntent(event.intents, context.activeIntent?.id) };
      }),
    },
  }).createMachine({
    id: 'lifecycle',
    type: 'parallel',
    context: ({ input }) => ({
      intents: input?.intents ?? [],
      activeIntent: undefined,
      // fail closed: without word that the directory exists, the fail-safe is on
      orchestrationPresent: input?.orchestrationPresent ?? false,
      destructiveRan: false,
      destructiveSinceAdoption: false,
      heldCalls: [],
      heldChange: undefined,
      flowMarks: NO_FLOW_MARKS,
    }),
    states: {
      lifecycle: {
        initial: 'REQUEST',
        on: {
          'lifecycle.reset': { target: '.REQUEST', actions: 'clearTask' },
          'orchestration.checked': { actions: 'recordOrchestration' },
          'intents.loaded': { actions: 'replaceIntents' },
          'controlFiles.accepted': { guard: 'isHeldControlFileChange', actions: 'acceptControlFileChange' },
          'controlFiles.rejected': { guard: 'isHeldControlFileChange', actions: 'rejectControlFileChange' },
        },
        states: {
          REQUEST: {
            description:
              'No request in progress. SAFE tools run; DESTRUCTIVE tools are blocked; select_active_intent starts a request.',
            ...approvalSubstates,
            on: {
              ...controlFileChanges,
              'user.prompted': { target: 'REASONING', actions: 'clearTask' },
              'tool.requested': [
                {
                  guard: and(['isOrchestrationMissing', not('isIntentSelection')]),
                  actions: decide('orchestration_missing'),
                },
                heldForControlFiles,
                // a selection starts the request it belongs to, as a prompt followed by the selection would
                {
                  guard: and(['isSelectionCall', 'isKnownIntent']),
                  target: 'ACTION',
                  actions: [decide('intent_selected'), 'clearTask', 'activateIntent'],
                },
                { guard: 'isSelectionCall', actions: decide('unknown_intent') },
                { guard: and(['isSafeTool', 'touchesIgnoredPath']), actions: decide('path_ignored') },
                {
                  guard: and(['isSafeTool', 'needsApproval']),
                  target: '.awaitingApproval',
                  actions: [decide('needs_approval'), 'holdCall'],
                },
                { guard: 'isSafeTool', actions: decide('safe_tool') },
                { actions: decide('state_violation') },
              ],
            },
          },
          REASONING: {
            description: 'Analysing a request. SAFE tools run; DESTRUCTIVE tools wait for select_active_intent.',
            ...approvalSubstates,
            on: {
              ...controlFileChanges,
              'user.prompted': { target: '.ready', actions: 'dropHeldCalls' },
              'tool.requested': [
                {
                  guard: and(['isOrchestrationMissing', not('isIntentSelection')]),
                  actions: decide('orchestration_missing'),
                },
                heldForControlFiles,
                {
                  guard: and(['isSelectionCall', 'isKnownIntent']),
                  target: 'ACTION',
                  actions: [decide('intent_selected'), 'activateIntent', 'dropHeldCalls'],
                },
                { guard: 'isSelectionCall', actions: decide('unknown_intent') },
                {
                  guard: and(['isCompletionCall', 'hasRunDestructiveTool']),
                  actions: decide('completion_needs_intent'),
                },
                { guard: 'isCompletionCall', target: 'REQUEST', actions: [decide('task_completed'), 'clearTask'] },
                { guard: and(['isSafeTool', 'touchesIgnoredPath']), actions: decide('path_ignored') },
                {
                  guard: and(['isSafeTool', 'needsApproval']),
                  target: '.awaitingApproval',
                  actions: [decide('needs_approval'), 'holdCall'],
                },
                { guard: 'isSafeTool', actions: decide('safe_tool') },
                { actions: decide('state_violation') },
              ],
            },
          },
          ACTION: {
            description: 'An intent is active. DESTRUCTIVE tools run inside its owned_scope.',
            ...approvalSubstates,
            on: {
              ...controlFileChanges,
              'user.prompted': { target: 'REASONING', actions: 'dropHeldCalls' },
              // an intent withdrawn from the list takes its authorization with it
              'intents.loaded': [
                { guard: 'isActiveIntentWithdrawn', target: 'REASONING', actions: ['replaceIntents', 'dropHeldCalls'] },
                { actions: 'replaceIntents' },
              ],
              'tool.requested': [
                {
                  guard: and(['isOrchestrationMissing', not('isIntentSelection')]),
                  actions: decide('orchestration_missing'),
                },
                heldForControlFiles,
                {
                  guard: and(['isSelectionCall', 'isKnownIntent']),
                  actions: [decide('intent_selected'), 'activateIntent'],
                },
                { guard: 'isSelectionCall', actions: decide('unknown_intent') },
                { guard: 'isCompletionCall', target: 'REQUEST', actions: [decide('task_completed'), 'clearTask'] },
                { guard: 'touchesIgnoredPath', actions: decide('path_ignored') },
                {
                  guard: and(['isSafeTool', 'needsApproval']),
                  target: '.awaitingApproval',
                  actions: [decide('needs_approval'), 'holdCall'],
                },
                { guard: 'isSafeTool', actions: decide('safe_tool') },
                { guard: 'touchesProtectedPath', actions: decide('protected_path') },
                {
                  guard: and(['isOutsideActiveScope', 'asksToLeaveScope']),
                  target: '.awaitingApproval',
                  actions: [decide('needs_approval'), 'holdCall'],
                },
                { guard: 'isOutsideActiveScope', actions: decide('scope_violation') },
                {
                  guard: 'needsApproval',
                  target: '.awaitingApproval',
                  actions: [decide('needs_approval'), 'holdCall'],
                },
                { actions: [decide('destructive_in_scope'), 'markDestructiveRan'] },
              ],
            },
          },
        },
      },
      flow: flowRegion,
    },
  });
}

export type LifecycleMachine = ReturnType<typeof createLifecycleMachine>;

/** The statechart every governor runs, for the inspector, the docs and the model tests. */
export const lifecycleMachine: LifecycleMachine = createLifecycleMachine();
