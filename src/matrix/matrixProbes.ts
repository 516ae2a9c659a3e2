import type { LifecycleContext } from '../../machines/lifecycle';
import { defaultClassifier } from '../tools/classifier';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../tools/handshakeTools';
import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import type { ToolRequest } from '../tools/toolRequest';

/** The tool classes the governance matrix probes, one column of seed 000's matrix each, refined. */
export const MATRIX_TOOL_CLASSES = [
  'safe',
  'safe-needs-approval',
  'destructive-in-scope',
  'destructive-out-of-scope',
  'destructive-needs-approval',
  'unknown-tool',
  'unclassified-mcp-tool',
  'select-intent-valid',
  'select-intent-invalid',
  'attempt-completion',
] as const;

export type MatrixToolClass = (typeof MATRIX_TOOL_CLASSES)[number];

/** One probe call: what the model calls, on which path, and what safe mode found in it. */
export interface MatrixProbe {
  /** a short human name of the tool class */
  readonly label: string;
  readonly tool: string;
  readonly path?: string;
  readonly intentId?: string;
  /** the call's risk category, if it has one */
  readonly category?: RiskCategory;
  /** true when the session has not approved the category (safe mode asks) */
  readonly unapproved?: boolean;
}

/** The intents every probe context holds; the active one (ACTION) is the first. */
export const MATRIX_INTENTS: readonly Intent[] = [
  { id: 'INT-A', owned_scope: ['src/a/**'] },
  { id: 'INT-B', owned_scope: ['src/b/**'] },
];

/**
 * The probe of each tool class. Only the "not approved" ones carry a category the session has
 * not approved, so the others show the lifecycle rule alone.
 */
export const MATRIX_PROBES: Readonly<Record<MatrixToolClass, MatrixProbe>> = {
  safe: { label: 'SAFE', tool: 'read_file', path: 'src/a/x.ts' },
  'safe-needs-approval': {
    label: 'SAFE, category not approved',
    tool: 'read_file',
    path: '.env',
    category: 'FS_CONFIG_SECRETS',
    unapproved: true,
  },
  'destructive-in-scope': {
    label: 'DESTRUCTIVE in scope',
    tool: 'write_to_file',
    path: 'src/a/x.ts',
    category: 'FS_DELETE_OVERWRITE',
  },
  'destructive-out-of-scope': {
    label: 'DESTRUCTIVE out of scope',
    tool: 'write_to_file',
    path: 'docs/z.md',
    category: 'FS_DELETE_OVERWRITE',
  },
  'destructive-needs-approval': {
    label: 'DESTRUCTIVE in scope, category not approved',
    tool: 'write_to_file',
    path: 'src/a/x.ts',
    category: 'FS_DELETE_OVERWRITE',
    unapproved: true,
  },
  'unknown-tool': { label: 'unknown tool', tool: 'deploy_app', category: 'EXEC_ARBITRARY' },
  'unclassified-mcp-tool': {
    label: 'unclassified MCP tool',
    tool: 'mcp__github__create_issue',
    category: 'EXEC_ARBITRARY',
  },
  'select-intent-valid': { label: 'select_active_intent, valid id', tool: SELECT_ACTIVE_INTENT, intentId: 'INT-B' },
  'select-intent-invalid': { label: 'select_active_intent, invalid id', tool: SELECT_ACTIVE_INTENT, intentId: 'INT-Z' },
  'attempt-completion': { label: 'attempt_completion', tool: ATTEMPT_COMPLETION },
};

const PROBE_APPROVAL_ID = 'matrix-probe';

/** The `tool.requested` call of a probe, as a governor with seed 000's classification would build it in a workspace. */
export function probeRequest(toolClass: MatrixToolClass): ToolRequest {
  const probe = MATRIX_PROBES[toolClass];
  const categories = probe.category === undefined ? [] : [probe.category];
  return {
    tool: probe.tool,
    toolClass: defaultClassifier.classify(probe.tool).toolClass,
    hasArgs: true,
    intentId: probe.intentId,
    paths:
      probe.path === undefined ? [] : [{ input: probe.path, relative: probe.path, ignored: false, protected: false }],
    risk: {
      categories,
      unapproved: probe.unapproved === true ? categories : [],
      approvalId: probe.unapproved === true ? PROBE_APPROVAL_ID : undefined,
    },
  };
}

/** The conditions the whole matrix is computed under, one table each. */
export interface MatrixVariant {
  /** false in the fail-safe: the orchestration directory is missing */
  readonly orchestrationPresent: boolean;
  /** a change to a control file found after a DESTRUCTIVE call waits for a human */
  readonly controlFileChangeHeld: boolean;
}

export const MATRIX_VARIANTS: readonly MatrixVariant[] = [
  { orchestrationPresent: true, controlFileChangeHeld: false },
  { orchestrationPresent: false, controlFileChangeHeld: false },
  { orchestrationPresent: true, controlFileChangeHeld: true },
];

const PROBE_CONTROL_FILE_CHANGE = {
  id: 'matrix-control-files',
  files: ['.orchestration/active_intents.yaml'],
} as const;

/** The context a probe is asked in: a fresh task, with INT-A active in ACTION, in one variant. */
export function probeContext(state: LifecycleState, variant: MatrixVariant): LifecycleContext {
  return {
    intents: MATRIX_INTENTS,
    activeIntent: state === 'ACTION' ? MATRIX_INTENTS[0] : undefined,
    orchestrationPresent: variant.orchestrationPresent,
    destructiveRan: false,
    destructiveSinceAdoption: false,
    heldCalls: [],
    heldChange: variant.controlFileChangeHeld ? PROBE_CONTROL_FILE_CHANGE : undefined,
  };
}

/** One line saying what a probe calls, for the legends of the rendered matrix. */
export function describeProbe(toolClass: MatrixToolClass): string {
  const probe = MATRIX_PROBES[toolClass];
  const parts = [probe.tool];
  if (probe.path !== undefined) parts.push(`path ${probe.path}`);
  if (probe.intentId !== undefined) parts.push(`intent_id ${probe.intentId}`);
  if (probe.category !== undefined)
    parts.push(`${probe.category} ${probe.unapproved === true ? 'not approved' : 'approved'}`);
  return parts.join(', ');
}
