import type { RiskCategory } from '../../src/categories/riskCategories';
import type { PathRole } from '../../src/shell/catalog/shellAnalysis';

/** How a corpus command tries to hide what it runs. */
export const TECHNIQUES = [
  'quoting',
  'path-qualified',
  'wrapper',
  'compound',
  'substitution',
  'redirection',
  'traversal',
  'encoding',
  'symlink',
  'heredoc',
  'pipe-to-shell',
  'eval',
  'other',
] as const;

export type Technique = (typeof TECHNIQUES)[number];

/** A path the shell analyzer must list in `pathOperands` (matched on the evaluated path or, failing that, the source word). */
export interface ExpectedPathOperand {
  readonly path: string;
  readonly role: PathRole;
}

/** A command that hides a risky effect: the analyzer's findings must cover `mustInclude`. */
export interface BypassCase {
  readonly name: string;
  readonly command: string;
  readonly mustInclude: readonly RiskCategory[];
  readonly technique: Technique;
  /** the public issue, pull request or CVE the technique comes from */
  readonly source?: string;
  readonly pathOperand?: ExpectedPathOperand;
}

/** A data-only or harmless command: the analyzer's categories must equal `expected` exactly. */
export interface BenignCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly RiskCategory[];
}

/** Every category a shell command can raise: what a fail-closed analysis reports. */
export const ALL_NINE: readonly RiskCategory[] = [
  'FS_DELETE_OVERWRITE',
  'FS_OUTSIDE_WORKSPACE',
  'FS_CONFIG_SECRETS',
  'DEPS_INSTALL_UPDATE',
  'GIT_PUBLISH',
  'SYSTEM_IMPACT',
  'SUDO',
  'NETWORK_RISK',
  'EXEC_ARBITRARY',
];
