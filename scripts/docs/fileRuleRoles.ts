import { DEPENDENCY_MANIFESTS } from '../../src/paths/dependencyManifest';
import { createPathAnalyzer } from '../../src/paths/pathAnalyzer';
import { secretKind } from '../../src/paths/secretKind';
import {
  SECRET_EXTENSIONS,
  SECRET_KINDS,
  SECRET_NAMES,
  SECRET_PREFIXES,
  SECRET_WORDS,
  type SecretKind,
} from '../../src/paths/secretWords';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { pathUseEvidence, type PathContext } from '../../src/risk/fileRisk';
import type { PathRole } from '../../src/shell/catalog/shellAnalysis';

/** What a call can do to a path, in the order the docs list them. */
export const PATH_ROLES = ['read', 'write', 'overwrite', 'delete'] as const satisfies readonly PathRole[];
// fails to compile when PathRole gains a role the list lacks
const everyRole: [Exclude<PathRole, (typeof PATH_ROLES)[number]>] extends [never] ? true : never = true;
void everyRole;

/** The categories the file rules raise. */
export const FILE_RULE_CATEGORIES = [
  'FS_DELETE_OVERWRITE',
  'FS_OUTSIDE_WORKSPACE',
  'FS_CONFIG_SECRETS',
  'DEPS_INSTALL_UPDATE',
] as const satisfies readonly RiskCategory[];

export type FileRuleCategory = (typeof FILE_RULE_CATEGORIES)[number];

/** The probes' workspace: it exists nowhere, so no file on the machine running the docs changes the answers. */
export const PROBE_WORKSPACE = '/nonexistent-intentgate-docs/project';

/** The path that shows each rule, and what it stands for: inputs to the rules, not their answers. */
export const FILE_RULE_PROBES: Readonly<
  Record<Exclude<FileRuleCategory, 'FS_CONFIG_SECRETS'>, { readonly path: string; readonly stands: string }>
> = {
  FS_DELETE_OVERWRITE: { path: 'src/app.ts', stands: 'any path' },
  FS_OUTSIDE_WORKSPACE: { path: '../elsewhere/app.ts', stands: 'a path that resolves outside the workspace' },
  DEPS_INSTALL_UPDATE: {
    path: 'package.json',
    stands:
      `a dependency manifest or lockfile ` +
      `(${[...DEPENDENCY_MANIFESTS].map((name) => `\`${name}\``).join(', ')}, and \`requirements*.txt\` variants; names compared without case)`,
  },
};

/** A file name of each secret kind, built from the kind's own words; undefined when none reads as that kind. */
export function secretSample(kind: SecretKind): string | undefined {
  const candidates = [
    ...(SECRET_NAMES[kind] ?? []),
    ...(SECRET_PREFIXES[kind] ?? []).map((prefix) => `${prefix}local`),
    ...(SECRET_EXTENSIONS[kind] ?? []).map((extension) => `file.${extension}`),
    ...(SECRET_WORDS[kind] ?? []).map((word) => `${word}.txt`),
  ];
  return candidates.find((candidate) => secretKind(candidate)?.kind === kind);
}

function raises(path: string, role: PathRole, category: RiskCategory): boolean {
  const context: PathContext = {
    workspaceRoot: PROBE_WORKSPACE,
    base: PROBE_WORKSPACE,
    analyze: createPathAnalyzer(PROBE_WORKSPACE, PROBE_WORKSPACE),
  };
  return pathUseEvidence({ path, role, argument: 'path' }, context).some((evidence) => evidence.category === category);
}

/** For one file-rule category: per role, whether it raises it (for FS_CONFIG_SECRETS: which secret kinds do). */
export type RoleAnswers = Readonly<Record<PathRole, readonly SecretKind[] | boolean>>;

/**
 * Runs the file rules (`pathUseEvidence`) on a probe path per category and role, so the docs
 * say which uses of a path raise which category as the code decides it today.
 */
export function fileRuleRoles(category: FileRuleCategory): RoleAnswers {
  const answer = (role: PathRole): readonly SecretKind[] | boolean => {
    if (category !== 'FS_CONFIG_SECRETS') return raises(FILE_RULE_PROBES[category].path, role, category);
    return SECRET_KINDS.filter((kind) => {
      const sample = secretSample(kind);
      return sample !== undefined && raises(sample, role, category);
    });
  };
  return { read: answer('read'), write: answer('write'), overwrite: answer('overwrite'), delete: answer('delete') };
}
