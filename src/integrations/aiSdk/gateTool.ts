import type { ModelMessage, ToolExecutionOptions, ToolSet } from 'ai';
import type { Governor } from '../../governor/createGovernor';
import { hasApprovalRequest } from './approvalMessages';
import { decidedRunOf } from './decidedRun';
import type { CallLedger } from './callLedger';
import { decisionToRun, decisionWithoutApproval } from './heldCalls';
import { isToolDenial, toolDenial } from './toolDenial';

/** One tool of an AI SDK tool set, in any of its shapes. */
export type AiSdkTool = ToolSet[string];

/** What the governed tools share: the governor and the decisions waiting for `execute`. */
export interface GateContext {
  readonly governor: Governor;
  readonly ledger: CallLedger;
}

/** What `toModelOutput` returns; 'ai' does not export the name. */
type ModelOutput = Awaited<ReturnType<NonNullable<AiSdkTool['toModelOutput']>>>;

interface ApprovalQuestion {
  readonly toolCallId: string;
  readonly messages: ModelMessage[];
  readonly experimental_context?: unknown;
}

interface ModelOutputRequest {
  readonly toolCallId: string;
  readonly input: unknown;
  readonly output: unknown;
}

async function hostNeedsApproval(tool: AiSdkTool, input: unknown, question: ApprovalQuestion): Promise<boolean> {
  const own = tool.needsApproval;
  if (typeof own === 'function') return (await own.call(tool, input, question)) === true;
  return own === true;
}

/**
 * The host's tool with every call put through the governor; every other field is kept.
 * `needsApproval` is where the SDK asks about each call before running it, so the call is
 * decided there, once (`handleToolCall`), and the decision waits in the ledger for `execute`:
 * an 'ask' (or the host's own approval) becomes the SDK's tool-approval request, an 'allow'
 * runs the original `execute`, a 'deny' returns the reason as the tool result.
 * A tool without `execute` (run by the client or the provider) is returned as it is.
 */
export function gateTool(name: string, tool: AiSdkTool, context: GateContext): AiSdkTool {
  const { governor, ledger } = context;
  const run = tool.execute;
  if (typeof run !== 'function') return tool;

  const needsApproval = async (input: unknown, question: ApprovalQuestion): Promise<boolean> => {
    const known = ledger.peek(question.toolCallId);
    // the SDK asks again before running an approved call: answer as the first time
    if (known) return known.decision.verdict === 'ask' || known.hostApproval;
    // an approval this wrapper never asked for (another process, a forged history) is refused
    if (hasApprovalRequest(question.messages, question.toolCallId)) return false;
    const decision = governor.handleToolCall(name, input);
    // the host's own question only matters for a call the governor lets run
    const hostApproval = decision.allowed && (await hostNeedsApproval(tool, input, question));
    ledger.record(question.toolCallId, { tool: name, decision, hostApproval });
    return decision.verdict === 'ask' || hostApproval;
  };

  const execute = (input: unknown, options: ToolExecutionOptions): unknown => {
    const entry = ledger.take(options.toolCallId);
    const decision = entry ? decisionToRun(governor, entry, input) : decisionWithoutApproval(governor, name, input);
    if (!decision.allowed) return toolDenial(decision);
    // a tool that runs what the decision allows (a contained command) is given the decision itself
    const decided = decidedRunOf(tool);
    if (decided) return decided(input, options, decision);
    // not awaited, so a streaming (async iterable) execute streams as before
    return run.call(tool, input, options);
  };

  const hostToModelOutput = tool.toModelOutput;
  const toModelOutput = hostToModelOutput
    ? (request: ModelOutputRequest): ModelOutput | PromiseLike<ModelOutput> =>
        // the host's conversion expects its own outputs, not a refusal
        isToolDenial(request.output)
          ? { type: 'json', value: { ...request.output } }
          : hostToModelOutput.call(tool, request)
    : undefined;

  return { ...tool, needsApproval, execute, ...(toModelOutput && { toModelOutput }) };
}
