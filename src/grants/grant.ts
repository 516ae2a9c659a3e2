import { z } from 'zod';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { scopeGlobSchema } from '../intents/scopeGlobSchema';
import { RISK_CATEGORIES, sortCategories, type RiskCategory } from '../categories/riskCategories';
import type { DeepReadonly } from '../text/deepReadonly';

/** How long a grant lives at most: the session (seed 002 F), or also only while the intent it was given under is active. */
export const GRANT_LIFETIMES = ['session', 'intent'] as const;

export type GrantLifetime = (typeof GRANT_LIFETIMES)[number];

const narrowing = (item: z.ZodString) => z.array(item).min(1).max(64).optional();

// built on first use: most intents list no approvals and most starts give no grant
const buildApprovalObject = () =>
  z.strictObject({
    categories: z.array(z.enum(RISK_CATEGORIES)).min(1),
    /** command prefixes, matched per simple command: every simple command of the line must start with one */
    commands: narrowing(z.string().trim().min(1).max(512)),
    /** globs over the call's workspace paths: every path the call names must match one */
    paths: z.array(scopeGlobSchema).min(1).max(64).optional(),
    /** URL hosts: every host the call names must be one (`*.example.com` covers its subdomains) */
    hosts: narrowing(z.string().trim().min(1).max(253)),
    /** tool names: the call's tool must be one */
    tools: narrowing(z.string().trim().min(1).max(256)),
  });

let approvalObjectSchema: ReturnType<typeof buildApprovalObject> | undefined;
const approvalObject = (): ReturnType<typeof buildApprovalObject> => (approvalObjectSchema ??= buildApprovalObject());

/** What an intent's `approvals` entry and a grant share: the categories and what narrows them; a grant with no narrowing covers its categories whole. */
export const approvalSchema = z.lazy(approvalObject);

export type ApprovalSpec = z.infer<typeof approvalSchema>;

const buildGrantInputSchema = () =>
  approvalObject().extend({
    until: z.enum(GRANT_LIFETIMES).optional(),
    /** ends the grant this many milliseconds after it is given */
    ttlMs: z
      .number()
      .int()
      .positive()
      .max(366 * 24 * 3600 * 1000)
      .optional(),
  });

let grantInput: ReturnType<typeof buildGrantInputSchema> | undefined;

/** `governor.grant(...)`'s argument; built on first use, as most starts give no grant. */
export const grantInputSchema = (): ReturnType<typeof buildGrantInputSchema> =>
  (grantInput ??= buildGrantInputSchema());

export type GrantInput = DeepReadonly<z.input<ReturnType<typeof grantInputSchema>>>;

/** A live approval narrower than a whole category, or as wide: what `governor.grant` returns and `governor.grants` lists. */
export interface Grant {
  readonly id: string;
  readonly categories: readonly RiskCategory[];
  readonly commands?: readonly string[];
  readonly paths?: readonly string[];
  readonly hosts?: readonly string[];
  readonly tools?: readonly string[];
  readonly until: GrantLifetime;
  /** the intent it lives under, for `until: 'intent'` (and for an intent's own approvals) */
  readonly intentId?: string;
  /** when it ends, by the governor's clock (ms), for a grant with `ttlMs` */
  readonly expiresAt?: number;
  /** who gave it: a person through `grant`, or the intent that lists it in `approvals` */
  readonly source: 'human' | 'intent';
  /** the person's name, when the approval came with one (a named token of the service) */
  readonly givenBy?: string;
}

/** Validates `grant`'s argument; throws InvalidArgumentError naming every problem. */
export function parseGrantInput(input: unknown): z.infer<ReturnType<typeof grantInputSchema>> {
  const result = grantInputSchema().safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map(
      (issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
    );
    throw new InvalidArgumentError(`grant: ${issues.join('; ')}`);
  }
  return result.data;
}

/** A grant from a validated input, its categories in the usual order and its narrowing frozen. */
export function grantOf(
  spec: DeepReadonly<ApprovalSpec>,
  fields: Pick<Grant, 'id' | 'until' | 'source'> & {
    readonly intentId?: string;
    readonly expiresAt?: number;
    readonly givenBy?: string;
  },
): Grant {
  const frozen = (list: readonly string[] | undefined) => list && Object.freeze([...list]);
  return Object.freeze({
    id: fields.id,
    categories: Object.freeze(sortCategories([...new Set(spec.categories)])),
    ...(spec.commands && { commands: frozen(spec.commands) }),
    ...(spec.paths && { paths: frozen(spec.paths) }),
    ...(spec.hosts && { hosts: frozen(spec.hosts.map((host) => host.toLowerCase())) }),
    ...(spec.tools && { tools: frozen(spec.tools) }),
    until: fields.until,
    ...(fields.intentId !== undefined && { intentId: fields.intentId }),
    ...(fields.expiresAt !== undefined && { expiresAt: fields.expiresAt }),
    source: fields.source,
    ...(fields.givenBy !== undefined && { givenBy: fields.givenBy }),
  });
}

/** A grant's narrowing in a few words, for messages: `npm test; writes under src/auth/**`. */
export function describeGrant(grant: Grant): string {
  const parts = [
    grant.commands && `commands ${grant.commands.map((command) => `'${command}'`).join(', ')}`,
    grant.paths && `paths ${grant.paths.join(', ')}`,
    grant.hosts && `hosts ${grant.hosts.join(', ')}`,
    grant.tools && `tools ${grant.tools.join(', ')}`,
  ].filter((part): part is string => part !== undefined);
  const lifetime = grant.until === 'intent' ? ` while intent ${grant.intentId ?? ''} is active` : ' for the session';
  return `${grant.id} (${grant.categories.join(', ')}${parts.length > 0 ? ` for ${parts.join('; ')}` : ''}${lifetime})`;
}

/** A grant as a governor snapshot keeps it; built on first use, as most snapshots keep none. */
export const keptGrantSchema = z.lazy(() =>
  approvalObject().extend({
    id: z.string().regex(/^grant-\d{1,15}$/),
    until: z.enum(GRANT_LIFETIMES),
    intentId: z.string().min(1).max(256).optional(),
    expiresAt: z.number().nonnegative().optional(),
    source: z.literal('human'),
    givenBy: z.string().min(1).max(128).optional(),
  }),
);
