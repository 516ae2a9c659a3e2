import { analyzePath, type PathAnalysis } from './analyzePath';

/** Analyses paths for one decision; each path is resolved once however many rules ask. */
export type PathAnalyzer = (input: string, base?: string) => PathAnalysis;

/**
 * A path analyzer that remembers its answers. Make one per decision: symlinks can change
 * between calls, so answers are not kept longer than that.
 */
export function createPathAnalyzer(workspaceRoot: string, homeDir?: string): PathAnalyzer {
  const answers = new Map<string, PathAnalysis>();
  const realFolders = new Map<string, string | undefined>();
  return (input, base) => {
    const key = `${base ?? workspaceRoot}\0${input}`;
    let analysis = answers.get(key);
    if (!analysis) {
      analysis = analyzePath(input, { workspaceRoot, realFolders, ...(base !== undefined && { base }), ...(homeDir !== undefined && { homeDir }) });
      answers.set(key, analysis);
    }
    return analysis;
  };
}

/** The workspace-relative form of a path, or undefined when any reading of it leaves the workspace. */
export function relativeInside(analysis: PathAnalysis): string | undefined {
  return analysis.insideWorkspace ? analysis.relative : undefined;
}
