import { containmentPolicyOf } from '../../containment/containmentPolicy';
import { loadPolicy } from '../../policy/loadPolicy';
import { tomlBlock } from './tomlBlock';

/** The Codex setting that lets intentgate's contained line run: Codex's own sandbox off, intentgate's bounding every command. */
export const CODEX_SANDBOX_SETTING = 'sandbox_mode = "danger-full-access"';

/**
 * Whether the hook's policy (`--policy FILE` among the hook's flags) turns containment
 * off: then Codex keeps its own sandbox, and install leaves `sandbox_mode` to the person. A
 * policy that cannot be read counts as on; the hook itself refuses to run with it.
 */
export function containmentOffFor(flags: readonly string[]): boolean {
  const at = flags.indexOf('--policy');
  const file = at === -1 ? undefined : flags[at + 1];
  if (file === undefined) return false;
  try {
    return containmentPolicyOf(loadPolicy(file).containment).mode === 'off';
  } catch {
    return false;
  }
}

/**
 * The block install puts at the start of `.codex/config.toml` (a top-level key must come before
 * every table): Codex's Linux sandbox refuses the namespaces bwrap needs, so with it on every
 * contained line fails without running (docs/hooks.md, Codex must not sandbox the commands itself).
 */
export const codexSandboxBlock = (): string =>
  tomlBlock([
    "# intentgate's sandbox bounds every shell command; Codex's own would stop its contained line from starting",
    CODEX_SANDBOX_SETTING,
  ]);
