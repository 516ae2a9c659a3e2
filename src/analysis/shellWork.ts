import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readKindArguments } from '../risk/kindArguments';
import type { RiskContext } from '../risk/riskContext';
import type { ShellCall } from '../risk/shellCallRisk';
import { shellPolicySchema } from '../policy/shell/shellPolicy';
import { canonicalJson } from '../text/canonicalJson';
import { toolKindOf } from '../tools/builtinToolKinds';

/**
 * Everything the shell analysis of one call reads besides the disk, as plain data: the command,
 * the working folder it names, the roots, the control paths and the policy's shell section as
 * given, from which another thread rebuilds the same command catalog.
 */
export const shellWorkInputSchema = z.strictObject({
  command: z.string(),
  cwd: z.strictObject({ argument: z.string(), path: z.string() }).optional(),
  workspaceRoot: z.string().min(1),
  sandboxRoot: z.string().min(1),
  homeDir: z.string().min(1).optional(),
  controlPaths: z.array(z.string()),
  shell: shellPolicySchema.optional(),
});

export type ShellWorkInput = z.infer<typeof shellWorkInputSchema>;

/** The shell analysis a call needs, and the key that names it: a digest of the input. */
export interface ShellWork {
  readonly key: string;
  readonly input: ShellWorkInput;
}

/** A digest of a work's input, the same however its objects' keys are ordered. */
export function shellWorkKey(input: ShellWorkInput): string {
  return createHash('sha256').update(canonicalJson(input), 'utf8').digest('base64url');
}

/** The input of a shell call's analysis under a governor's risk context. */
export function shellWorkInput(call: ShellCall, risk: RiskContext): ShellWorkInput {
  const policy = risk.shell?.policy;
  return {
    command: call.command,
    ...(call.cwd !== undefined && { cwd: { argument: call.cwd.argument, path: call.cwd.path } }),
    workspaceRoot: risk.workspaceRoot,
    sandboxRoot: risk.sandboxRoot,
    ...(risk.homeDir !== undefined && { homeDir: risk.homeDir }),
    controlPaths: [...(risk.controlPaths ?? [])],
    ...(policy !== undefined && { shell: policy }),
  };
}

/** The shell call a tool call makes, read as its kind names it; undefined when it runs no command or cannot be read. */
export function shellCallOf(tool: unknown, args: unknown, risk: RiskContext): ShellCall | undefined {
  if (typeof tool !== 'string' || typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  const spec = toolKindOf(tool, risk.toolKinds);
  if (spec?.kind !== 'shell') return undefined;
  try {
    const reading = readKindArguments(tool, args as Readonly<Record<string, unknown>>, spec);
    return reading.ok && reading.read.kind === 'shell' ? reading.read : undefined;
  } catch {
    // arguments that throw when read are refused by the decision itself
    return undefined;
  }
}

/**
 * The shell analysis a tool call needs under a governor's risk context, as plain data another
 * thread can run; undefined for a call that runs no shell command (or whose arguments the
 * decision refuses first).
 */
export function shellWorkFor(tool: unknown, args: unknown, risk: RiskContext): ShellWork | undefined {
  const call = shellCallOf(tool, args, risk);
  if (call === undefined) return undefined;
  const input = shellWorkInput(call, risk);
  return { key: shellWorkKey(input), input };
}
