import type { PathAnalysis } from '../paths/analyzePath';
import type { PathAnalyzer } from '../paths/pathAnalyzer';
import { dependencyManifest } from '../paths/dependencyManifest';
import { whatIsAt } from '../paths/pathEntry';
import { pathForms } from '../paths/pathForms';
import { secretKind } from '../paths/secretKind';
import type { PathRole } from '../shell/catalog/shellAnalysis';
import type { Evidence } from '../categories/evidence';

/** Where paths are resolved: the workspace, and the base the argument is relative to. */
export interface PathContext {
  readonly workspaceRoot: string;
  /** what a relative path is relative to: the workspace, a command's cwd, or the sandbox root */
  readonly base: string;
  /** the decision's path analyzer, so each path is resolved once */
  readonly analyze: PathAnalyzer;
}

/** One path a call names, with what the call does to it. */
export interface PathUse {
  /** the path as written, or undefined when it is built at run time */
  readonly path: string | undefined;
  readonly role: PathRole;
  /** the argument that carried it */
  readonly argument: string;
}

// secrets leak when read; plain configuration only matters when it is changed
const READ_SENSITIVE = new Set([
  'env',
  'private_key',
  'ssh',
  'credentials',
  'registry_auth',
  'password',
  'token',
  'api_key',
]);

const ROLE_LABEL: Readonly<Record<PathRole, string>> = {
  read: 'read',
  write: 'write',
  overwrite: 'overwrite',
  delete: 'delete',
};

// a missing path is created by a write, but a delete of it removes nothing
// a glob operand names the files it matches when the command runs, not one file
const GLOB_CHARACTERS = /[*?[{]/;

function extentOf(analysis: PathAnalysis, role: PathRole): string {
  if (!analysis.absolute) return 'unknown';
  const found = whatIsAt(analysis);
  if (found !== undefined) return found;
  if (GLOB_CHARACTERS.test(analysis.input)) return 'files matching a pattern';
  return role === 'delete' ? 'does not exist' : 'new file';
}

function unknownPathEvidence(use: PathUse, source: string): Evidence[] {
  const note = 'path built at run time: its location cannot be known';
  const evidence: Evidence[] = [
    // outside is a guess: the place is not known, so a sandbox that bounds every write holds it
    {
      category: 'FS_OUTSIDE_WORKSPACE',
      argument: use.argument,
      trigger: source,
      note,
      details: [source, '', ROLE_LABEL[use.role]],
      unseen: true,
    },
  ];
  if (use.role === 'delete' || use.role === 'overwrite') {
    evidence.push({
      category: 'FS_DELETE_OVERWRITE',
      argument: use.argument,
      trigger: source,
      note,
      details: [source, ROLE_LABEL[use.role], 'unknown'],
    });
  }
  return evidence;
}

/**
 * The file-system categories one path use raises (seed 002 D): a delete or overwrite risks
 * data, a path outside the workspace leaves the project, a secret or config path risks a
 * leak or a broken setup, and a dependency manifest changes the environment. A path with
 * whitespace at either end raises them for its trimmed form too, which some layer may use.
 */
export function pathUseEvidence(use: PathUse, context: PathContext, source = use.path ?? ''): Evidence[] {
  if (use.path === undefined) return unknownPathEvidence(use, source);
  const forms = pathForms(use.path);
  // most paths have one form: no copy of the use, no flattening
  if (forms.length === 1) return formEvidence(use, use.path, context);
  return forms.flatMap((form) => formEvidence(use, form, context));
}

/** The evidence of one form of a path use: `path` stands for `use.path`. */
function formEvidence(use: PathUse, path: string, context: PathContext): Evidence[] {
  const analysis = context.analyze(path, context.base);
  const operation = ROLE_LABEL[use.role];
  const shown = analysis.relative ?? analysis.absolute ?? path;
  const evidence: Evidence[] = [];
  const changes = use.role !== 'read';
  if (use.role === 'delete' || use.role === 'overwrite') {
    // seed 002 counts every write; a file that does not exist yet is created, not overwritten
    const extent = extentOf(analysis, use.role);
    const done = extent === 'new file' && use.role === 'overwrite' ? 'create' : operation;
    evidence.push({
      category: 'FS_DELETE_OVERWRITE',
      argument: use.argument,
      trigger: path,
      note: `${done} (${extent})`,
      details: [shown, done, extent],
    });
  }
  if (!analysis.insideWorkspace) {
    const why = analysis.reasons.length > 0 ? analysis.reasons.join('; ') : 'resolves outside the workspace';
    evidence.push({
      category: 'FS_OUTSIDE_WORKSPACE',
      argument: use.argument,
      trigger: path,
      note: why,
      details: [analysis.absolute ?? path, context.workspaceRoot, operation],
    });
  }
  const secret = secretKind(analysis.relative ?? analysis.absolute ?? path);
  if (secret && (changes || READ_SENSITIVE.has(secret.kind))) {
    evidence.push({
      category: 'FS_CONFIG_SECRETS',
      argument: use.argument,
      trigger: secret.component,
      note: `${secret.kind} file`,
      details: [shown, secret.kind, operation],
    });
  }
  const manifest = changes ? dependencyManifest(path) : undefined;
  if (manifest) {
    evidence.push({
      category: 'DEPS_INSTALL_UPDATE',
      argument: use.argument,
      trigger: manifest,
      note: 'changes a dependency manifest',
      details: [operation, '', shown],
    });
  }
  return evidence;
}
