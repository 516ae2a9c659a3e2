import { z } from 'zod';

/** How a host treats shell commands when containment can or cannot run: `auto` (default), `required`, `off`. */
export const CONTAINMENT_MODES = ['auto', 'required', 'off'] as const;

export type ContainmentMode = (typeof CONTAINMENT_MODES)[number];

/** What a grant naming a host does to a contained command's network: bubblewrap cannot filter by host. */
export const HOST_GRANT_NETWORK = ['open', 'closed'] as const;

export type HostGrantNetwork = (typeof HOST_GRANT_NETWORK)[number];

const sectionSchema = z.strictObject({
  mode: z
    .enum(CONTAINMENT_MODES)
    .optional()
    .describe(
      "'auto' (default): contain where bubblewrap runs, else analysis only; 'required': refuse shell commands that cannot be contained; 'off'",
    ),
  secrets: z
    .array(z.string().min(1, 'a secret path must not be empty'))
    .optional()
    .describe(
      "files or folders intentgate keeps unreadable for contained commands besides its own (relative to the workspace, or absolute, '~/' for the home folder)",
    ),
  hostGrantNetwork: z
    .enum(HOST_GRANT_NETWORK)
    .optional()
    .describe(
      "a grant that names a host opens the whole network ('open', default: bubblewrap cannot filter by host) or leaves it closed ('closed')",
    ),
  readOnlyShellBeforeIntent: z
    .boolean()
    .optional()
    .describe(
      'before an intent, run shell commands contained with nothing writable and no network instead of ' +
        'refusing them (default false): for agents whose only way to read is the shell',
    ),
});

/** The policy's `containment`: a mode alone (`containment: required`) or the whole section. */
export const containmentPolicySchema = z.union([z.enum(CONTAINMENT_MODES), sectionSchema], {
  error:
    "Invalid option: expected one of 'auto'|'required'|'off', or { mode?, secrets?, hostGrantNetwork?, readOnlyShellBeforeIntent? }",
});

/** The section as written in a policy file. */
export type ContainmentPolicyInput = z.infer<typeof containmentPolicySchema>;

/** The section with its defaults filled in. */
export interface ContainmentPolicy {
  readonly mode: ContainmentMode;
  readonly secrets: readonly string[];
  readonly hostGrantNetwork: HostGrantNetwork;
}

/** The defaults: `auto`, no extra secrets, a host grant opens the network. */
export const DEFAULT_CONTAINMENT_POLICY: ContainmentPolicy = Object.freeze({
  mode: 'auto',
  secrets: Object.freeze([]),
  hostGrantNetwork: 'open',
});

/** The section with its defaults; a mode alone stands for `{ mode }`. */
export function containmentPolicyOf(input: ContainmentPolicyInput | undefined): ContainmentPolicy {
  if (input === undefined) return DEFAULT_CONTAINMENT_POLICY;
  if (typeof input === 'string') return { ...DEFAULT_CONTAINMENT_POLICY, mode: input };
  return {
    mode: input.mode ?? DEFAULT_CONTAINMENT_POLICY.mode,
    secrets: input.secrets ?? DEFAULT_CONTAINMENT_POLICY.secrets,
    hostGrantNetwork: input.hostGrantNetwork ?? DEFAULT_CONTAINMENT_POLICY.hostGrantNetwork,
  };
}
