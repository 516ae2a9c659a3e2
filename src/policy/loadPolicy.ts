import { readFileSync, statSync } from 'node:fs';
import { PolicyError } from '../errors/PolicyError';
import { parsePolicy, type Policy } from './parsePolicy';

// a policy is a few kilobytes; anything this large is a mistake
const MAX_POLICY_BYTES = 1024 * 1024;

function readText(file: string): string {
  try {
    const { size } = statSync(file);
    if (size > MAX_POLICY_BYTES)
      throw new PolicyError(file, [`the file is ${size} bytes; the limit is ${MAX_POLICY_BYTES}`]);
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof PolicyError) throw error;
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file; check the path'
        : `cannot read the file: ${String(error)}`;
    throw new PolicyError(file, [reason], { cause: error });
  }
}

/**
 * Loads a policy file (`.json`, `.yaml` or `.yml`): validates it, resolves its relative paths
 * against its folder, and runs its examples and checks. Throws PolicyError listing every issue.
 *
 * @example
 * const { governor, service } = loadPolicy('intentgate.policy.yaml');
 * const gov = createGovernor(governor);
 */
export function loadPolicy(file: string): Policy {
  return parsePolicy(readText(file), { file });
}
