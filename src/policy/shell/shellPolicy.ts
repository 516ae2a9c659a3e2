import { z } from 'zod';
import { commandSpecsSchema } from '../../shell/catalog/commandSpec';

/**
 * A rule that decides the simple commands starting with a prefix: `deny` refuses a call running
 * one, `ask` holds it for a human whatever the session approved, `allow` lets a call run without
 * safe mode's hold when every command it runs is allowed. Examples and notExamples are command
 * lines the prefix must (and must not) match, checked when the policy loads. Built on first use:
 * only a policy with rules parses one.
 */
export const commandRuleSchema = z.lazy(() => {
  const commandLine = z.string().min(1).max(2000);
  const word = z.string().min(1).max(200).regex(/^\S+$/, 'a prefix word has no spaces');
  return z.strictObject({
    /** the words a simple command starts with (`terraform apply`); its first word is compared by basename */
    prefix: z.union([z.string().min(1).max(1000), z.array(word).min(1).max(20)]),
    decision: z.enum(['allow', 'ask', 'deny']),
    /** shown to the agent or the human with the decision */
    reason: z.string().min(1).max(300).optional(),
    examples: z.array(commandLine).min(1),
    notExamples: z.array(commandLine).optional(),
  });
});

export type CommandRule = z.infer<typeof commandRuleSchema>;

/** The policy's `shell` section: programs the host describes, and rules that decide command prefixes. */
export const shellPolicySchema = z.strictObject({
  /**
   * programs by name, in the command catalog's own format: a program the built-in catalog does
   * not know (a wrapper, a read-only tool, the host's own CLI), or rules and subcommands added
   * to one it knows
   */
  programs: commandSpecsSchema.optional(),
  rules: z.array(commandRuleSchema).optional(),
  /**
   * absolute folders outside the workspace where a shell command may change files without a
   * scope violation (safe mode still sees FS_OUTSIDE_WORKSPACE); default: the system temp
   * folder. A folder that holds the workspace is never scratch. `[]`: none.
   */
  scratchFolders: z
    .array(
      z
        .string()
        .min(1)
        .max(4096)
        .refine(
          (folder) => folder.startsWith('/') || /^[A-Za-z]:[\\/]/.test(folder),
          'a scratch folder is an absolute path',
        ),
    )
    .max(64)
    .optional(),
});

export type ShellPolicy = z.infer<typeof shellPolicySchema>;
