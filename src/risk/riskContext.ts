import { createPathAnalyzer, type PathAnalyzer } from '../paths/pathAnalyzer';
import type { ShellSetup } from '../policy/shell/shellSetup';
import type { Categorization } from '../categories/evidence';
import type { PathContext } from './fileRisk';
import type { CommandPath } from './shellRisk';
import type { ToolKindSpec } from '../tools/toolKinds';

/** A call's risk, with the workspace paths its command or a host's own kind names. */
export interface CallRisk {
  readonly risk: Categorization;
  /** the workspace paths a shell command names, or a host's own kind's path arguments: the request does not read them */
  readonly commandPaths: readonly CommandPath[];
  /**
   * a shell command's distinct simple commands, in the order they first run, and why it could not
   * be seen whole: for the policy's command rules, whose decision depends only on which commands run
   */
  readonly shell?: { readonly commands: readonly (readonly string[])[]; readonly unknowable: string | undefined };
}

/** Validated categorize options with every root made absolute. */
export interface RiskContext {
  readonly workspaceRoot: string;
  readonly sandboxRoot: string;
  readonly toolKinds: Readonly<Record<string, ToolKindSpec>>;
  readonly homeDir?: string;
  /** the path analyzer of the decision in progress; a fresh one per call when absent */
  readonly analyze?: PathAnalyzer;
  /** how shell commands are read and decided; the built-in catalog when absent */
  readonly shell?: ShellSetup;
  /** control files and folders (an orchestration folder, a trace file) that no scratch folder makes changeable */
  readonly controlPaths?: readonly string[];
  /** the shell analysis of the decision in progress, made elsewhere from the same work (its key matched); made here when absent */
  readonly shellRisk?: CallRisk;
}

/** Paths relative to the workspace root, read by the decision's analyzer (a fresh one when none is given). */
export function workspacePathContext(risk: RiskContext): PathContext {
  const analyze = risk.analyze ?? createPathAnalyzer(risk.workspaceRoot, risk.homeDir);
  return { workspaceRoot: risk.workspaceRoot, base: risk.workspaceRoot, analyze };
}
