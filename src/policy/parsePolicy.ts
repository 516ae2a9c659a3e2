import path from 'node:path';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { PolicyError } from '../errors/PolicyError';
import { parseGovernorOptions, type GovernorOptions } from '../governor/governorOptions';
import { parseServerOptions } from '../server/serverOptions';
import { countShellExamples } from './shell/shellSetup';
import { withCheckSandbox } from './checkSandbox';
import { classExampleIssues } from './classExamples';
import { kindExampleIssues } from './kindExamples';
import { policyCheckIssues } from './policyChecks';
import { formatPolicyIssues } from './policyIssues';
import { policyFormatOf, parsePolicyText, type PolicyFormat } from './policyFormat';
import { policyGovernorOptions, policyToolKinds } from './policyOptions';
import type { ContainmentPolicyInput } from '../containment/containmentPolicy';
import { policySchema, type PolicyDocument, type PolicyMcp, type PolicyService } from './policySchema';

/** A validated policy: what the governor and the service are created with. */
export interface Policy {
  /** the policy file, absolute */
  readonly file: string;
  /** createGovernor options, every path absolute */
  readonly governor: GovernorOptions;
  /** the `service` section, `{}` when absent */
  readonly service: PolicyService;
  /** the `mcp` section (the servers whose annotations mcp-proxy trusts), `{}` when absent */
  readonly mcp: PolicyMcp;
  /** the `containment` section as written (`containmentPolicyOf` fills in its defaults); absent when the file has none */
  readonly containment?: ContainmentPolicyInput;
  /** how many rule examples (classification, tool kinds and shell) and checks ran at load; all of them passed */
  readonly checked: { readonly examples: number; readonly checks: number };
}

/** Where policy text came from, and in which format it is written. */
export interface ParsePolicyOptions {
  /** where the text came from: named in errors, and its folder anchors relative paths */
  readonly file: string;
  /** default: from the file's extension (.json, .yaml, .yml) */
  readonly format?: PolicyFormat;
}

/** The issues createGovernor's own validation adds (a handshake tool classified DESTRUCTIVE). */
function governorIssues(options: unknown, baseDir: string): string[] {
  try {
    parseGovernorOptions(options, baseDir);
    return [];
  } catch (error) {
    if (error instanceof InvalidOptionsError) return [...error.issues];
    throw error;
  }
}

/** The service limits only the server knows (the prefix's form, the body size cap, the timeouts together). */
function serviceIssues(service: PolicyService): string[] {
  const {
    prefix,
    maxBodyBytes,
    maxSessions,
    metricsAccess,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    maxHeadersCount,
    maxConnections,
    store,
    deployment,
  } = service;
  try {
    // an empty environment: the token is the server's business, not the file's
    // the deployment may come from the environment when the service starts: a missing one is checked then
    parseServerOptions(
      {
        prefix,
        maxBodyBytes,
        maxSessions,
        metricsAccess,
        headersTimeoutMs,
        requestTimeoutMs,
        keepAliveTimeoutMs,
        maxHeadersCount,
        maxConnections,
        store,
        deployment: deployment ?? (store === undefined ? undefined : 'checked-at-start'),
        // a Redis store's token is the server's to require, never the file's to hold
        approvalToken: 'checked-at-start-by-the-server',
      },
      {},
    );
    return [];
  } catch (error) {
    if (error instanceof InvalidOptionsError) return error.issues.map((issue) => `service.${issue}`);
    throw error;
  }
}

/** The raw classification as createGovernor takes it: a rule's `class` in place of the rule. */
function rawClassification(value: unknown): Record<string, unknown> | undefined {
  const table: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'classification') : undefined;
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return undefined;
  const classOf = (entry: unknown): unknown =>
    typeof entry === 'object' && entry !== null ? Reflect.get(entry, 'class') : entry;
  return Object.fromEntries(Object.entries(table).map(([tool, entry]) => [tool, classOf(entry)]));
}

const issuePath = (issue: string): string => issue.slice(0, issue.indexOf(': '));

/** True when one of `paths` is `at` or lies under it. */
const covers = (paths: readonly string[], at: string): boolean =>
  paths.some((reported) => reported === at || reported.startsWith(`${at}.`) || reported.startsWith(`${at}[`));

/** Every structural issue at once: the schema's, the governor's and the service's, each once. */
function structuralIssues(value: unknown, baseDir: string): { document?: PolicyDocument; issues: string[] } {
  const result = policySchema.safeParse(value);
  if (!result.success) {
    const schemaIssues = formatPolicyIssues(result.error);
    const classification = rawClassification(value);
    // the governor adds what only it knows (a handshake tool made DESTRUCTIVE); a path the schema already named is not repeated
    const reported = schemaIssues.map(issuePath);
    const extra =
      classification === undefined
        ? []
        : governorIssues({ classification }, baseDir).filter((issue) => !covers(reported, issuePath(issue)));
    return { issues: [...schemaIssues, ...extra] };
  }
  const document = result.data;
  const issues = [
    ...governorIssues(policyGovernorOptions(document, baseDir), baseDir),
    ...serviceIssues(document.service ?? {}),
  ];
  return { document, issues };
}

const exampleCount = (
  entry: { examples?: readonly unknown[] | undefined; notExamples?: readonly unknown[] | undefined } | string,
): number => (typeof entry === 'string' ? 0 : (entry.examples?.length ?? 0) + (entry.notExamples?.length ?? 0));

/** Runs the examples and checks, in a sandbox made only when there is something to run. */
function loadTimeIssues(document: PolicyDocument, governor: GovernorOptions): { issues: string[]; examples: number } {
  const checks = document.checks ?? [];
  const rules = [...Object.values(document.toolKinds ?? {}), ...Object.values(document.classification ?? {})];
  if (!rules.some((entry) => exampleCount(entry) > 0) && checks.length === 0) return { issues: [], examples: 0 };
  return withCheckSandbox((sandbox) => {
    const classes = classExampleIssues(document, governor, sandbox);
    const kinds = kindExampleIssues(document, policyToolKinds(document.toolKinds), sandbox);
    return {
      issues: [...classes.issues, ...kinds.issues, ...policyCheckIssues(checks, governor, sandbox)],
      examples: classes.count + kinds.count,
    };
  });
}

/**
 * Parses and validates a policy's text. Throws PolicyError listing every issue with its path
 * (`toolKinds.run_shell_command.kind: ...`); once the file is well-formed, runs each tool-kind
 * example and each check, and reports every one that fails.
 *
 * @example
 * const policy = parsePolicy('version: 1\nsafeMode: false\n', { file: '/repo/intentgate.yaml' });
 * createGovernor(policy.governor);
 */
export function parsePolicy(text: string, options: ParsePolicyOptions): Policy {
  const { file } = options;
  const format = options.format ?? policyFormatOf(file);
  if (format === undefined)
    throw new PolicyError(file, [
      `the file name must end in .json, .yaml or .yml to name its format, got '${path.basename(file)}'`,
    ]);
  const parsed = parsePolicyText(text, format);
  if (!parsed.ok) throw new PolicyError(file, parsed.issues);
  const absolute = path.resolve(file);
  const baseDir = path.dirname(absolute);
  const { document, issues } = structuralIssues(parsed.value, baseDir);
  if (document === undefined || issues.length > 0) throw new PolicyError(file, issues);
  const governor = policyGovernorOptions(document, baseDir);
  const checked = loadTimeIssues(document, governor);
  if (checked.issues.length > 0) throw new PolicyError(file, checked.issues);
  return Object.freeze({
    file: absolute,
    governor,
    service: document.service ?? {},
    mcp: document.mcp ?? {},
    ...(document.containment !== undefined && { containment: document.containment }),
    // the shell section's examples ran when the governor options were validated
    checked: Object.freeze({
      examples: checked.examples + countShellExamples(document.shell),
      checks: document.checks?.length ?? 0,
    }),
  });
}
