import type { RiskCategory } from '../risk/categories';

/** The categories a command rule can raise; FS_* come from path operands, EXEC_ARBITRARY from any command. */
export const RULE_CATEGORIES = ['DEPS_INSTALL_UPDATE', 'GIT_PUBLISH', 'SYSTEM_IMPACT', 'SUDO', 'NETWORK_RISK'] as const satisfies readonly RiskCategory[];

export type RuleCategory = (typeof RULE_CATEGORIES)[number];

/** Checks a rule needs beyond a command name and subcommand. */
export const RULE_CHECKS = [
  // pacman -S / -U / -R in any cluster, but not the read-only -Ss, -Si, -Sl, -Sg, -Sp
  'pacmanOperation',
  // sysctl -w / -p / name=value, not a read
  'sysctlWrite',
  // ip link|addr|route|... add|del|set|change|replace|flush
  'ipChange',
  // dd of=/dev/...
  'ddToDevice',
  // kill / crontab other than -l (listing)
  'notListing',
  // an operand naming a remote host (`host:path`, `rsync://`)
  'remoteOperand',
  // git tag that creates a tag: a name given, and no -d/-l/-v or listing filter
  'gitTagCreate',
  // python setup.py ... upload (or register)
  'setupPyUpload',
  // gh/glab api that changes a release, tag, ref, file or merge
  'apiPublish',
] as const;

export type RuleCheck = (typeof RULE_CHECKS)[number];

/** SYSTEM_IMPACT's third detail. */
export type ImpactLevel = 'service' | 'disk' | 'network' | 'power' | 'kernel' | 'processes' | 'accounts' | 'privileges' | 'containers' | 'infrastructure';

/** One deterministic rule: a command (and subcommand) raises a category. */
export interface CommandRule {
  readonly category: RuleCategory;
  /** command names, compared with the evaluated basename after wrappers */
  readonly commands: readonly string[];
  /**
   * subcommands, read after the tool's own options ('install', or 'pip install' for two levels);
   * '' matches a call with no subcommand; omitted: any call of the command
   */
  readonly subcommands?: readonly string[];
  /** options, any of which selects the rule (`dpkg -i`, `nix-env --install`) */
  readonly options?: readonly string[];
  readonly check?: RuleCheck;
  /** a few words: why it matched; also EXEC_ARBITRARY's expected effect */
  readonly note: string;
  /** SYSTEM_IMPACT: what kind of object is affected */
  readonly level?: ImpactLevel;
  /** NETWORK_RISK: the purpose of the request; on other rules: the command also reaches the network for this purpose */
  readonly purpose?: string;
  /** DEPS_INSTALL_UPDATE: the package is the first operand only (npx runs the rest as its arguments) */
  readonly packageIsFirstOperand?: boolean;
  /** command lines the rule matches, checked by the tests */
  readonly examples: readonly string[];
}
