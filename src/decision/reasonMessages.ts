import { intentIds } from '../intents/intentRegistry';
import { findPathOutsideScope } from '../intents/scope';
import { describeValue } from '../text/describeValue';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../tools/handshakeTools';
import type { ToolPath, ToolRequest } from '../tools/toolRequest';
import type { DecisionFacts, ReasonDetails } from './reason';
import { STATE_VIOLATION_MESSAGE, type DecisionCode } from './reasons';

const firstPath = (paths: readonly ToolPath[], test: (path: ToolPath) => boolean): ToolPath | undefined =>
  paths.find(test);

function describeIntentChoice(request: ToolRequest, facts: DecisionFacts): ReasonDetails {
  const ids = intentIds(facts.intents);
  const valid =
    ids.length > 0
      ? `Valid intent ids: ${ids.join(', ')}.`
      : 'No intents are defined: add them to active_intents.yaml in the orchestration directory or pass the intents option.';
  const asked =
    request.intentId === undefined
      ? `${SELECT_ACTIVE_INTENT} needs an 'intent_id' argument.`
      : `Unknown intent '${describeValue(request.intentId)}'.`;
  return { message: `${asked} ${valid}`, intentIds: ids };
}

/**
 * Why a path counts as a written one although its command may only read it, and what to do
 * about it: what the catalog does not know, a policy can describe; what it knows writes
 * files it cannot name (`git apply`), only naming the files can settle.
 */
function possibleWriteHint(assumed: string | undefined): string {
  if (assumed === undefined) return '';
  // the catalog's own words for a program, subcommand or option it lacks ('... is not in the command catalog', '... a subcommand the command catalog knows')
  const remedy = assumed.includes('command catalog')
    ? "; if the program only reads it, describe the program in the policy's shell section"
    : '';
  return ` It counts as a possible write because ${assumed}${remedy}.`;
}

/** A change outside the scope held for a human: what would change, and that only a human's answer lifts it. */
function describeOutsideScope(request: ToolRequest, facts: DecisionFacts): ReasonDetails {
  const outside = (request.risk.outsideScope ?? []).map((item) => `'${item}'`).join(', ');
  const scope = facts.activeIntent?.owned_scope ?? [];
  const unapproved =
    request.risk.unapproved.length === 0 ? '' : `, and needs approval for ${request.risk.unapproved.join(', ')}`;
  return {
    message:
      `'${request.tool}' would change ${outside}, outside the scope of intent ` +
      `'${facts.activeIntent?.id ?? ''}' (${scope.join(', ')})${unapproved}. A human must allow this ` +
      `call once or widen the intent's scope; wait for the answer, or do the work inside the scope.`,
    scope,
  };
}

function describeScopeViolation(request: ToolRequest, facts: DecisionFacts): ReasonDetails {
  const intent = facts.activeIntent;
  const scope = intent?.owned_scope ?? [];
  const offending = findPathOutsideScope(scope, request.paths);
  const path = offending?.input ?? '';
  if (offending?.unresolved !== undefined) {
    return {
      message: `Scope Violation: '${path}' cannot be checked against any scope: ${offending.unresolved}.`,
      path,
      scope,
    };
  }
  if (offending && offending.relative === undefined) {
    return {
      message: `Scope Violation: '${path}' resolves outside the workspace root; no intent scope covers it.`,
      path,
      scope,
    };
  }
  const globs = scope.length > 0 ? scope.join(', ') : 'no paths';
  return {
    message: `Scope Violation: '${path}' is outside the scope of intent '${intent?.id ?? '(none)'}' (${globs}).${possibleWriteHint(offending?.assumed)}`,
    path,
    scope,
  };
}

/** The message of a deciding reason, naming what matters: the path and scope, the valid ids, the directory. */
export function describeReason(input: {
  readonly code: DecisionCode;
  readonly request: ToolRequest;
  readonly facts: DecisionFacts;
  readonly problem?: string | undefined;
}): ReasonDetails {
  const { code, request, facts, problem } = input;
  const { tool } = request;
  switch (code) {
    case 'safe_tool':
      return { message: `'${tool}' is SAFE: it runs in every state.` };
    case 'intent_selected':
      return {
        message: `Intent '${request.intentId}' is active: DESTRUCTIVE tools may change files inside its scope.`,
      };
    case 'task_completed':
      return { message: `${ATTEMPT_COMPLETION}: the task is complete and the lifecycle returns to REQUEST.` };
    case 'destructive_in_scope':
      return request.paths.length > 0
        ? {
            message: `'${tool}' may run: every path it names is inside the scope of intent '${facts.activeIntent?.id}'.`,
          }
        : { message: `'${tool}' may run in ACTION under intent '${facts.activeIntent?.id ?? '(none)'}'.` };
    case 'state_violation':
      return { message: STATE_VIOLATION_MESSAGE };
    case 'unknown_intent':
      return describeIntentChoice(request, facts);
    case 'completion_needs_intent':
      return {
        message:
          `DESTRUCTIVE tools already ran in this task, so ${ATTEMPT_COMPLETION} cannot finish ` +
          `it from REASONING: call '${SELECT_ACTIVE_INTENT}' again and complete from ACTION.`,
      };
    case 'orchestration_missing':
      return {
        message:
          `Fail-safe: the orchestration directory '${facts.orchestrationDir}' is missing, so ` +
          `every tool except '${SELECT_ACTIVE_INTENT}' is blocked until it exists.`,
      };
    case 'path_ignored': {
      const path = firstPath(request.paths, (p) => p.ignored)?.input ?? '';
      return { message: `Path '${path}' is excluded by .intentignore for every tool.`, path };
    }
    case 'protected_path': {
      const found = firstPath(request.paths, (p) => p.protected);
      const path = found?.input ?? '';
      if (found?.coversWorkspace === true) {
        return {
          message:
            `Path '${path}' is the workspace or a folder holding it, so changing it changes ` +
            `intentgate's control files; no tool call may change them. Name the files to change.${possibleWriteHint(found.assumed)}`,
          path,
        };
      }
      return {
        message: `Path '${path}' is an intentgate control file; no tool call may change it.${possibleWriteHint(found?.assumed)}`,
        path,
      };
    }
    case 'scope_violation':
      return describeScopeViolation(request, facts);
    case 'no_rule':
      return { message: `No lifecycle rule covers '${tool}' in state ${facts.state}; it is refused (fail closed).` };
    case 'invalid_tool_name':
    case 'invalid_arguments':
      return { message: `Malformed tool call: ${(problem ?? 'unreadable input').replace(/\.$/, '')}.` };
    case 'needs_approval':
      if (request.risk.outsideScope !== undefined) return describeOutsideScope(request, facts);
      return request.risk.askedBy === undefined
        ? {
            message: `Safe mode: '${tool}' needs a human's approval for ${request.risk.unapproved.join(', ')} in this session.`,
          }
        : {
            message: `The policy's ${request.risk.askedBy} asks a human before this command runs, whatever the session approved; wait for the answer.`,
          };
    case 'approved_once':
      return { message: `Approved once by a human: '${tool}' may run this time.` };
    case 'approval_cancelled':
      return { message: `Cancelled by a human: '${tool}' does not run.` };
    case 'approval_expired':
      return {
        message:
          `The held call of '${tool}' waited longer than a held call is kept for a human's ` +
          `answer, and is refused: it does not run. Call the tool again to ask anew.`,
      };
    case 'held_calls_full':
      return {
        message:
          `Safe mode: '${tool}' needs a human's approval, but ` +
          `${problem ?? 'as many calls as a session may hold already wait'}; it is refused, not held. ` +
          `Wait until the human has answered the held calls, then call it again.`,
      };
    case 'held_call_too_large':
      return {
        message:
          `Safe mode: '${tool}' needs a human's approval for ` +
          `${request.risk.unapproved.join(', ')}, but ` +
          `${problem ?? 'its arguments are too large to keep'}; it is refused, not held. Make the ` +
          `call smaller (split the command or the file), or ask the human to approve ${request.risk.unapproved.join(', ')} for the session.`,
      };
    case 'command_denied':
      return {
        message: `Denied by the policy: ${problem ?? 'a shell rule matches the command'}. Do not run it another way; tell the user what you meant to do.`,
      };
    case 'analysis_over_budget':
      return {
        message:
          `The shell command of '${tool}' was not analysed in time ` +
          `(${problem ?? 'past its budget'}), so the call is refused (fail closed): what it runs is ` +
          `not known. Split the command into smaller calls; if commands this large are expected, the service's operator can raise the analysis budget.`,
      };
    case 'analysis_unavailable':
      return {
        message:
          `The shell command of '${tool}' could not be analysed ` +
          `(${problem ?? 'unknown error'}), so the call is refused (fail closed): what it runs is not ` +
          `known. Call it again; if it is refused again, split the command into smaller calls.`,
      };
    case 'control_file_changed': {
      const held = facts.heldControlFileChange;
      const files = held ? held.files.join(' and ') : 'a control file';
      return {
        message:
          `intentgate holds every call: ${files} changed after a DESTRUCTIVE tool ran, so the ` +
          `change may be the agent's own, and a human must accept or reject it (approval ` +
          `'${held?.id ?? ''}') first. Wait for the answer; do not change the file again.`,
      };
    }
    case 'control_file_accepted':
      return {
        message:
          `A human accepted the change to ${problem ?? 'the control files'}: intentgate ` +
          `enforces it from now on. The call that waited for this answer did not run; call it again if it is still needed.`,
      };
    case 'control_file_rejected':
      return {
        message:
          `A human rejected the change to ${problem ?? 'the control files'}: intentgate keeps ` +
          `enforcing the content it had adopted. The rejected content is still in the file, and is ` +
          `not asked about again; the human should restore the file (from version control, for ` +
          `example) or edit it. The call that waited for this answer did not run; call it again if it is still needed.`,
      };
    // the flow stage writes the sentence naming the source call and where this call sends or writes
    case 'flow_secret_to_egress':
    case 'flow_untrusted_to_code':
      return {
        message:
          `Held by the flow rules: ` +
          `${problem ?? 'this session read something this call may carry'}. A human must approve this ` +
          `call or clear the mark for the session; wait for the answer and do not retry it another way.`,
      };
    case 'containment_required':
      return {
        message:
          `The policy requires shell commands to run contained, and ` +
          `${problem ?? 'containment cannot run here'}: '${tool}' is refused, not run. Tell the user; ` +
          `they can install bubblewrap or set the policy's containment to auto.`,
      };
    case 'trace_unavailable':
      return {
        message: `The trace could not be written (${problem ?? 'unknown error'}), and a call with risk categories never runs untraced.`,
      };
    case 'session_store_unavailable':
      return {
        message:
          `intentgate refuses every call: the session store that keeps this agent session's ` +
          `lifecycle and approvals cannot be used (${problem ?? 'unknown error'}). Stop and tell the user; a human must fix or remove the session file.`,
      };
    case 'session_store_tampered':
      return {
        message:
          `intentgate refuses every call of this session: its kept record fails its MAC, so it ` +
          `was changed outside intentgate (${problem ?? 'edited, forged or copied'}). Stop and tell the user; a human must inspect and remove the record.`,
      };
    case 'report_unvouched':
      return {
        message:
          `A report of the agent's hooks about '${tool}' was ignored ` +
          `(${problem ?? 'sent by a route that shows no credential'}): no credential vouches for it, ` +
          `so it answers no held call and ends no session. A held call still waits for a human's Continue or Cancel.`,
      };
    case 'cancelled_by_human':
      return {
        message: `A human cancelled this call; do not retry it, ask the user what to do instead.${problem === undefined ? '' : ` (${problem})`}`,
      };
  }
}
