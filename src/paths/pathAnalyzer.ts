import { analyzePath, type PathAnalysis, type PathAnalysisOptions } from './analyzePath';
import { newLookupMemo } from './lookupMemo';

/** Analyses paths for one decision; each path is resolved once however many rules ask. */
export type PathAnalyzer = (input: string, base?: string) => PathAnalysis;

/**
 * A path analyzer that remembers its answers. Make one per decision: symlinks can change
 * between calls, so answers are not kept longer than that.
 */
export function createPathAnalyzer(workspaceRoot: string, homeDir?: string): PathAnalyzer {
  // paths from the root are keyed by themselves: most calls name one or two, and a joined key costs more than the lookup
  const fromRoot = new Map<string, PathAnalysis>();
  // made when a path from another base is first asked: most decisions ask none
  let fromBases: Map<string, PathAnalysis> | undefined;
  const realFolders = new Map<string, string | undefined>();
  const options: PathAnalysisOptions = { workspaceRoot, realFolders, lookups: newLookupMemo(workspaceRoot), ...(homeDir !== undefined && { homeDir }) };
  return (input, base) => {
    const atRoot = base === undefined || base === workspaceRoot;
    const answers = atRoot ? fromRoot : (fromBases ??= new Map<string, PathAnalysis>());
    const key = atRoot ? input : `${base}\0${input}`;
    let analysis = answers.get(key);
    if (!analysis) {
      analysis = analyzePath(input, atRoot ? options : { ...options, base });
      answers.set(key, analysis);
    }
    return analysis;
  };
}

/** The workspace-relative form of a path, or undefined when any reading of it leaves the workspace. */
export function relativeInside(analysis: PathAnalysis): string | undefined {
  return analysis.insideWorkspace ? analysis.relative : undefined;
}
