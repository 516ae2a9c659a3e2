// The public API of intentgate: every export is listed here by name.
export { createGovernor } from './governor';
export type { Governor, ToolsForOptions } from './governor';
export type { GovernorOptions, ModeDefinition } from './governorOptions';
export { DEFAULT_ORCHESTRATION_DIR } from './governorOptions';

export { DEFAULT_CLASSIFICATION, TOOL_CLASSES, createClassifier } from './classification';
export type { Classifier, ToolClass, ToolClassification } from './classification';

export { LIFECYCLE_STATES } from './lifecycleState';
export type { LifecycleState } from './lifecycleState';

export type { Decision, Reason } from './decision';
export { DECISION_CODES, REASON_CODES, STATE_VIOLATION_MESSAGE, VERDICTS } from './reasons';
export type { DecisionCode, NoteCode, ReasonCode, ReasonRule, Verdict } from './reasons';

export { intentSchema, intentsFileSchema } from './intent';
export type { Intent } from './intent';
export { INTENTS_FILE_NAME, parseIntentsFile } from './intentsFile';
export { INTENT_IGNORE_FILE } from './intentIgnore';

export {
  ATTEMPT_COMPLETION,
  SELECT_ACTIVE_INTENT,
  selectActiveIntentMcpTool,
  selectActiveIntentTool,
} from './handshakeTools';
export { HANDSHAKE_SENTENCE, handshakePrompt } from './handshakePrompt';
export type { HandshakePromptContext } from './handshakePrompt';
export { toolDefinitionName } from './toolDefinitions';
export type { FunctionToolDefinition, NamedToolDefinition, ToolDefinition } from './toolDefinitions';

export { createLifecycleMachine, lifecycleMachine, LIFECYCLE_EVENT_TYPES } from '../machines/lifecycle';
export type {
  LifecycleContext,
  LifecycleEvent,
  LifecycleInput,
  LifecycleMachine,
  ToolDecidedEvent,
} from '../machines/lifecycle';
export type { ToolPath, ToolRequest } from './toolRequest';

export { ERROR_CODES } from './errors/errorCodes';
export type { ErrorCode } from './errors/errorCodes';
export { IntentGateError } from './errors/IntentGateError';
export { IntentsFileError } from './errors/IntentsFileError';
export { InvalidArgumentError } from './errors/InvalidArgumentError';
export { InvalidOptionsError } from './errors/InvalidOptionsError';
export { StateViolationError } from './errors/StateViolationError';
