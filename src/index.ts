// The public API of intentgate: every export is listed here by name.
export { createGovernor } from './governor/createGovernor';
export type { Governor, ToolsForOptions } from './governor/createGovernor';
export type { ShellWork, ShellWorkInput } from './analysis/shellWork';
export type { CallOptions, PreparedShellRisk, AnalysisRefusalCode } from './analysis/preparedShellRisk';
export type { GovernorInspectOption, GovernorInspector, GovernorOptions } from './governor/governorOptions';
export type { ModeDefinition } from './tools/modes';
export { DEFAULT_ORCHESTRATION_DIR } from './governor/governorOptions';
export { parseGovernorSnapshot } from './governor/governorSnapshot';
export type { GovernorSnapshot } from './governor/governorSnapshot';

export { DEFAULT_CLASSIFICATION, createClassifier } from './tools/classifier';
export type { Classifier, ToolClassification } from './tools/classifier';
export { TOOL_CLASSES } from './tools/toolClass';
export type { ToolClass } from './tools/toolClass';

export { LIFECYCLE_STATES } from './lifecycle/lifecycleState';
export type { LifecycleState } from './lifecycle/lifecycleState';

export type { ApprovalRequest, Decision } from './decision/decision';
export type { Reason } from './decision/reason';
export { DECISION_CODES, REASON_CODES, STATE_VIOLATION_MESSAGE, VERDICTS } from './decision/reasons';
export type { DecisionCode, NoteCode, ReasonCode, ReasonRule, Verdict } from './decision/reasons';

export { intentSchema, intentsFileSchema } from './intents/intent';
export type { Intent } from './intents/intent';
export { INTENTS_FILE_NAME, parseIntentsFile } from './intents/intentsFile';
export { INTENT_IGNORE_FILE } from './intents/intentIgnore';

export {
  ATTEMPT_COMPLETION,
  attemptCompletionMcpTool,
  attemptCompletionTool,
  SELECT_ACTIVE_INTENT,
  selectActiveIntentMcpTool,
  selectActiveIntentTool,
} from './tools/handshakeTools';
export { HANDSHAKE_SENTENCE, handshakePrompt } from './lifecycle/handshakePrompt';
export type { HandshakePromptContext } from './lifecycle/handshakePrompt';
export { toolDefinitionName } from './tools/toolDefinitions';
export type { FunctionToolDefinition, NamedToolDefinition, ToolDefinition } from './tools/toolDefinitions';

export { createLifecycleMachine, lifecycleMachine, LIFECYCLE_EVENT_TYPES } from '../machines/lifecycle';
export type {
  LifecycleContext,
  LifecycleEvent,
  LifecycleInput,
  LifecycleMachine,
  ToolDecidedEvent,
} from '../machines/lifecycle';
export type { ToolPath, ToolRequest } from './tools/toolRequest';

export { categorize } from './risk/categorize';
export type { CategorizeOptions } from './risk/categorize';
export { CATEGORY_TEXTS, LOCALES, RISK_CATEGORIES } from './categories/riskCategories';
export type { CategoryText, Locale, RiskCategory } from './categories/riskCategories';
export type { Categorization, Evidence } from './categories/evidence';
export { BUILTIN_TOOL_KINDS } from './tools/builtinToolKinds';
export type { ToolKind, ToolKindSpec } from './tools/toolKinds';
export type { CommandRule, ShellPolicy } from './policy/shell/shellPolicy';
export type { CommandSpec } from './shell/catalog/commandSpec';
export { CONFIRMATION_ACTIONS, confirmationPrompt, renderConfirmationPrompt } from './approval/confirmationPrompt';
export type {
  CategoryDetails,
  ConfirmationAction,
  ConfirmationPrompt,
  PromptInput,
} from './approval/confirmationPrompt';
export type { ApprovalAnswer } from './safeMode/sessionApprovals';
export type { ApprovalSpec, Grant, GrantInput, GrantLifetime } from './grants/grant';
export { approvalsMachine } from '../machines/approvals';
export type { ApprovalsContext, ApprovalsEvent, ApprovalsMachine } from '../machines/approvals';
export type { HeldCall, HeldControlFileChange } from '../machines/lifecycle';
export { fileTraceSink, TRACE_FILE_NAME } from './trace/fileTraceSink';
export { parseTrace, readTrace } from './trace/readTrace';
export type { ReadTraceOptions, TraceContents } from './trace/readTrace';
export type { TraceFileOptions } from './trace/traceFile';
export { rotatedTraceFiles } from './trace/traceRotation';
export type { TraceRotation } from './trace/traceRotation';
export type {
  TraceAnswer,
  TraceChange,
  TraceChangeKind,
  TraceNotice,
  TraceReason,
  TraceRecord,
  TraceSink,
} from './trace/traceRecord';
export { TRACE_ANSWERS } from './trace/traceRecord';
export { CONTENT_CAP_BYTES, REDACTED_VALUE, redactArguments, TEXT_CAP_BYTES } from './trace/redactArguments';
export type { RedactedArguments, RedactionOptions, TracedValue } from './trace/redactArguments';
export { REDACTED_WORD } from './trace/redactText';
export { readAuditTrace } from './audit/auditRecord';
export type { AuditRecord, AuditTrace } from './audit/auditRecord';
export { summarizeTrace } from './audit/auditSummary';
export type {
  AnswerEntry,
  AuditSummary,
  CodeCount,
  GrantUse,
  SessionApprovalUse,
  TraceChangeEntry,
} from './audit/auditSummary';
export { replayTrace } from './audit/replayTrace';
export type { ReplayEntry, ReplayOptions, ReplayReport, ReplayStatus, ReplayVerdict } from './audit/replayTrace';
export type { ApprovedBy } from './governor/answeredBy';
export { analyzePath } from './paths/analyzePath';
export type { PathAnalysis } from './paths/analyzePath';
export { analyzeShell } from './shell/analyzeShell';
export type { ShellAnalysis, ShellFinding, ShellPathOperand } from './shell/catalog/shellAnalysis';

export { createGovernanceServer, DEFAULT_HOST, DEFAULT_PORT } from './server/createGovernanceServer';
export type { GovernanceServer, ListeningAddress } from './server/createGovernanceServer';
export { APPROVAL_TOKEN_ENV, SERVER_DEFAULTS } from './server/serverOptions';
export { APPROVAL_TOKENS_ENV } from './server/approvalTokens';
export type { NamedApprovalToken } from './server/approvalTokens';
export type { ApprovalTokenSource, GovernanceServerOptions } from './server/serverOptions';
export type { SessionRegistry } from './server/sessionStore';
export type { SessionView } from './server/sessionView';
export { HTTP_ERROR_CODES } from './server/httpError';
export type { ErrorBody, HttpErrorCode } from './server/httpError';
export { CONNECTION_DEFAULTS } from './server/connectionLimits';
export { jsonLinesLog } from './server/serviceLog';
export type { ServiceLogRecord, ServiceLogSink } from './server/serviceLog';
export type { MetricsAccess } from './server/opsEndpoints';

export { computeGovernanceMatrix } from './matrix/governanceMatrix';
export type { GovernanceMatrix, MatrixRow } from './matrix/governanceMatrix';
export { MATRIX_PROBES, MATRIX_TOOL_CLASSES, MATRIX_VARIANTS, type MatrixVariant } from './matrix/matrixProbes';
export type { MatrixProbe, MatrixToolClass } from './matrix/matrixProbes';
export { renderMatrixMarkdown, renderMatrixText } from './matrix/renderMatrix';
export { loadTokenizer, TOKENIZER_NAME, TOKENIZER_SPECIFIER } from './tokens/tokenCounter';
export type { LoadTokenizerOptions, TokenCounter, TokenizerImporter } from './tokens/tokenCounter';
export { catalogTokenReport } from './tokens/catalogTokenReport';
export type { CatalogTokenReport, CatalogTokenReportOptions, ToolListTokens } from './tokens/catalogTokenReport';
export { renderToolList } from './tokens/renderToolList';
export { modelSessionCost } from './tokens/sessionCost';
export type {
  SessionCostOptions,
  SessionCostReport,
  SessionParameters,
  SessionRun,
  SessionTurn,
} from './tokens/sessionCost';
export { DEPENDENCY_MANIFESTS } from './paths/dependencyManifest';

export { loadPolicy } from './policy/loadPolicy';
export { parsePolicy } from './policy/parsePolicy';
export type { ParsePolicyOptions, Policy } from './policy/parsePolicy';
export { policyJsonSchema } from './policy/policyJsonSchema';
export { POLICY_VERSION, policySchema } from './policy/policySchema';
export type {
  PolicyCheck,
  PolicyClassExample,
  PolicyClassRule,
  PolicyDocument,
  PolicyKindExample,
  PolicyMcp,
  PolicyService,
} from './policy/policySchema';
export { POLICY_FORMATS } from './policy/policyFormat';
export type { PolicyFormat } from './policy/policyFormat';

// containment: the kernel enforces the active intent for shell commands a host runs (docs/containment.md)
export { containmentProfile, PROCESS_ISOLATION, SECRET_ENVIRONMENT } from './containment/containmentProfile';
export type {
  ContainmentProfile,
  MaskedPlace,
  ProfileInputs,
  ProfileNetwork,
  ProfilePlace,
  WritablePlace,
} from './containment/containmentProfile';
export type { OwnFile } from './containment/controlPlaces';
export { governorProfile, governorProfileInputs } from './containment/governorProfile';
export type { GovernorPlace } from './containment/governorProfile';
export { clearAfterContained, containedCommand, runContained } from './containment/runContained';
export type {
  ContainedCommand,
  ContainedRun,
  ContainOptions,
  RunContainedOptions,
  RunContainedResult,
} from './containment/runContained';
export type { CommandToContain } from './containment/bwrapArguments';
export { commandOfContainedLine, containedShellLine } from './containment/containedShellLine';
export type { ContainedShellLine, ContainedShellLineOptions } from './containment/containedShellLine';
export { stableMaskSources } from './containment/stableMaskSources';
export type { MaskSources } from './containment/maskSources';
export { detectContainment } from './containment/bwrapAvailability';
export type { ContainmentAvailability } from './containment/bwrapAvailability';
export { containmentPlan, containmentPlanSchema, HOST_RUNS_COMMANDS } from './containment/containmentPlan';
export type { ContainmentPlan } from './containment/containmentPlan';
export {
  CONTAINMENT_MODES,
  containmentPolicyOf,
  DEFAULT_CONTAINMENT_POLICY,
  HOST_GRANT_NETWORK,
} from './containment/containmentPolicy';
export type {
  ContainmentMode,
  ContainmentPolicy,
  ContainmentPolicyInput,
  HostGrantNetwork,
} from './containment/containmentPolicy';
export {
  containmentPlanFor,
  EXECUTE_COMMAND,
  governorPlaceFor,
  runAllowedCommand,
  runGovernedCommand,
} from './containment/governedCommand';
export type { CommandRun, GovernedCommandOptions, GovernedCommandResult } from './containment/governedCommand';
export { DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_OUTPUT_LIMIT_BYTES } from './containment/commandOutput';
export type { CommandOutput, RunLimits } from './containment/commandOutput';
export { commandReport, executeCommandDescription } from './containment/commandReport';
export type { CommandReport } from './containment/commandReport';

export { ERROR_CODES } from './errors/errorCodes';
export type { ErrorCode } from './errors/errorCodes';
export { IntentGateError } from './errors/IntentGateError';
export { IntentsFileError } from './errors/IntentsFileError';
export { InvalidArgumentError } from './errors/InvalidArgumentError';
export { InvalidOptionsError } from './errors/InvalidOptionsError';
export { PolicyError } from './errors/PolicyError';
export { StateViolationError } from './errors/StateViolationError';
export { ToolArgumentsError } from './errors/ToolArgumentsError';
export { UnknownToolError } from './errors/UnknownToolError';
export { TOKENIZER_INSTALL_COMMAND, TokenizerUnavailableError } from './errors/TokenizerUnavailableError';
export { PeerDependencyError } from './errors/PeerDependencyError';
export { UpstreamUnavailableError } from './errors/UpstreamUnavailableError';
export { InvalidSnapshotError } from './errors/InvalidSnapshotError';
export { SessionStoreError } from './errors/SessionStoreError';
export { TraceUnreadableError } from './errors/TraceUnreadableError';
