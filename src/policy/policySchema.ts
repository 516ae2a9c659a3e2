import { z } from 'zod';
import { flowPolicySchema } from '../flow/flowPolicy';
import { TOOL_CLASSES } from '../tools/toolClass';
import { governorOptionsSchema } from '../governor/governorOptions';
import { intentListSchema, intentSchema } from '../intents/intent';
import { LIFECYCLE_STATES } from '../lifecycle/lifecycleState';
import { DECISION_CODES, VERDICTS } from '../decision/reasons';
import { RISK_CATEGORIES } from '../categories/riskCategories';
import { toolKindSpecSchema, toolKindsSchema } from '../tools/toolKinds';
import { analysisPoolFields } from '../analysis/analysisPoolFields';
import { connectionLimitFields } from '../server/connectionLimits';
import { METRICS_ACCESS } from '../server/opsEndpoints';
import { containmentPolicySchema } from '../containment/containmentPolicy';

/** The policy format's version; a future incompatible format gets a new number. */
export const POLICY_VERSION = 1;

const governor = governorOptionsSchema.shape;

const argsSchema = z
  .record(z.string(), z.unknown())
  .describe('the arguments of the call, as the model would send them');

/** One call of an example: its arguments and the categories it must (or must not) raise. */
const kindExampleSchema = z.strictObject({
  args: argsSchema,
  categories: z.array(z.enum(RISK_CATEGORIES)).min(1, 'list at least one category'),
});

const exampleFields = {
  examples: z
    .array(kindExampleSchema)
    .optional()
    .describe('calls whose categories must include every listed category; checked at load'),
  notExamples: z
    .array(kindExampleSchema)
    .optional()
    .describe('calls whose categories must include none of the listed categories; checked at load'),
};

// each kind keeps its own fields and strictness, and gains the examples checked at load
const [firstKind, ...otherKinds] = toolKindSpecSchema.options.map((option) => option.extend(exampleFields));
if (!firstKind) throw new Error('policySchema: toolKindSpecSchema has no kinds');

/** A tool-kind mapping as a policy writes it: a ToolKindSpec plus optional examples. */
const toolKindEntrySchema = z.discriminatedUnion('kind', [firstKind, ...otherKinds]);

/** One call of a classification rule's examples: decided before an intent, in a temporary workspace. */
const classExampleSchema = z.strictObject({ args: argsSchema });

/** A classification rule with examples; the plain form `tool: SAFE` is a rule without them. */
const classRuleSchema = z.strictObject({
  class: z.enum(TOOL_CLASSES),
  examples: z
    .array(classExampleSchema)
    .optional()
    .describe(
      "calls decided as the class says before an intent: a SAFE tool's run (allow), a DESTRUCTIVE tool's are refused (state_violation); checked at load",
    ),
  notExamples: z
    .array(classExampleSchema)
    .optional()
    .describe('calls that must not be decided as the class says before an intent; checked at load'),
});

const classificationEntrySchema = z.union([z.enum(TOOL_CLASSES), classRuleSchema], {
  error: 'Invalid option: expected one of "SAFE"|"DESTRUCTIVE", or a rule { class, examples?, notExamples? }',
});

/** Which MCP servers the proxy believes about their tools. */
const mcpSchema = z.strictObject({
  trustedServers: z
    .array(z.string().min(1, 'a server name must not be empty'))
    .optional()
    .describe(
      'MCP servers, by the name they report at initialize (serverInfo.name), whose tool annotations mcp-proxy trusts: readOnlyHint can make a tool SAFE',
    ),
});

/** An expectation run against a governor built from the policy, in a temporary workspace. */
const checkSchema = z.strictObject({
  tool: z.string().min(1, 'a check names the tool it calls'),
  args: argsSchema.optional().describe('the call arguments; without them the check asks by name, as toolsFor does'),
  state: z.enum(LIFECYCLE_STATES).describe('the lifecycle state the governor is driven into first'),
  intent: z.string().min(1).optional().describe('in ACTION, the intent selected (default the first of `intents`)'),
  approved: z
    .array(z.enum(RISK_CATEGORIES))
    .min(1)
    .optional()
    .describe('risk categories approved for the session before the call'),
  verdict: z.enum(VERDICTS),
  code: z.enum(DECISION_CODES).optional().describe('the deciding reason code, when it matters'),
});

/** The HTTP service's settings; the approval token never sits in a file (INTENTGATE_APPROVAL_TOKEN). */
const serviceSchema = z.strictObject({
  host: z.string().min(1).optional().describe('address to listen on (default 127.0.0.1)'),
  port: z.number().int().min(0).max(65535).optional().describe('port to listen on, 0 for any free one (default 8787)'),
  prefix: z.string().optional().describe("path prefix of every route, like '/slavik'"),
  maxBodyBytes: z.number().int().positive().optional(),
  maxSessions: z.number().int().positive().optional(),
  sessionTtlMs: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('a session unused this long expires (default 3600000, an hour)'),
  endedSessionTtlMs: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "a session its agent's hook ended (SessionEnd) is kept this long after the end, for a human's answer and a resumed run (default 86400000, a day)",
    ),
  allowedHosts: z
    .array(z.string().min(1))
    .optional()
    .describe('host names besides the loopback ones that requests may be addressed to (the Host header)'),
  metricsAccess: z
    .enum(METRICS_ACCESS)
    .optional()
    .describe("who may read GET /metrics: 'open' (default, like /healthz) or 'token' (the approval token)"),
  store: z
    .string()
    .min(1)
    .optional()
    .describe(
      "where sessions live: 'memory' (default) or a Redis URL like redis://10.0.0.5:6379, shared by every instance of the deployment",
    ),
  deployment: z
    .string()
    .min(1)
    .optional()
    .describe(
      'the deployment name, required with a Redis store: a new name starts with no approvals, the same name keeps them',
    ),
  ...connectionLimitFields,
  ...analysisPoolFields,
});

// in a policy an unknown intent field is a typo; the list schema then checks the ids are unique
const intentsSchema = z.array(intentSchema.strict()).pipe(intentListSchema);

/** The schema of an intentgate policy file (JSON or YAML); unknown keys are errors. */
export const policySchema = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema editors validate this file against'),
  version: z.literal(POLICY_VERSION).describe('the policy format version: 1'),
  workspaceRoot: governor.workspaceRoot.describe('the project root; relative to this file'),
  orchestrationDir: governor.orchestrationDir.describe('holds active_intents.yaml; relative to this file'),
  sandboxRoot: governor.sandboxRoot.describe(
    "seed 002's sandbox, whose project/ child is the default workspace; relative to this file",
  ),
  trace: z.string().min(1).optional().describe('the trace file of risky decisions; relative to this file'),
  traceRotation: governor.traceRotation.describe('rotate the trace file by size: { maxBytes, keep }; off unless given'),
  traceFsync: governor.traceFsync.describe(
    'fsync the trace file after each append, so a line survives a power loss (default false)',
  ),
  intents: intentsSchema
    .optional()
    .describe('the intents select_active_intent accepts; default read from active_intents.yaml'),
  classification: z
    .record(governor.classification.unwrap().keyType, classificationEntrySchema)
    .optional()
    .describe('tool names mapped to SAFE or DESTRUCTIVE, or to { class, examples?, notExamples? }'),
  modes: governor.modes.describe('per mode, the tool names or globs it shows'),
  safeMode: governor.safeMode.describe('hold risky calls until a human approves their categories (default true)'),
  locale: governor.locale.describe('the language of confirmation prompts'),
  heldCallTtlMs: governor.heldCallTtlMs.describe(
    'a held call no human answered within this many milliseconds is refused when answered (default 900000, 15 minutes)',
  ),
  toolKinds: z
    .record(toolKindsSchema.keyType, toolKindEntrySchema)
    .optional()
    .describe('host tool names mapped to risk kinds, with examples'),
  shell: governor.shell.describe(
    'programs added to the command catalog, and rules that allow, ask or deny command prefixes; their examples are checked at load',
  ),
  checks: z.array(checkSchema).optional().describe('expected decisions, checked at load'),
  service: serviceSchema.optional().describe('defaults of `intentgate serve`'),
  mcp: mcpSchema.optional().describe('settings of `intentgate mcp-proxy`'),
  flow: flowPolicySchema
    .optional()
    .describe(
      'the flow rules (docs/safe-mode.md#flow-rules): { enabled (default true), secrets (workspace globs), untrustedTools (names or prefix*), trustedHosts }',
    ),
  containment: containmentPolicySchema
    .optional()
    .describe(
      "kernel containment of shell commands (docs/containment.md): 'auto' (default), 'required', 'off', or { mode, secrets, hostGrantNetwork }",
    ),
});

/** A policy file's contents after validation. */
export type PolicyDocument = z.infer<typeof policySchema>;

/** One expected decision of a policy's `checks`. */
export type PolicyCheck = z.infer<typeof checkSchema>;

/** One example of a tool-kind mapping. */
export type PolicyKindExample = z.infer<typeof kindExampleSchema>;

/** The `service` section. */
export type PolicyService = z.infer<typeof serviceSchema>;

/** A classification rule with its examples (`{ class, examples?, notExamples? }`). */
export type PolicyClassRule = z.infer<typeof classRuleSchema>;

/** One example of a classification rule. */
export type PolicyClassExample = z.infer<typeof classExampleSchema>;

/** The `mcp` section. */
export type PolicyMcp = z.infer<typeof mcpSchema>;
