import { analyzePath, type PathAnalysis, type PathAnalysisOptions } from './analyzePath';
import { LookupMemo } from './lookupMemo';

/** Analyses paths for one decision; each path is resolved once however many rules ask. */
export type PathAnalyzer = (input: string, base?: string) => PathAnalysis;

/**
 * A path analyzer that remembers its answers. Make one per decision: symlinks can change
 * between calls, so answers are not kept longer than that.
 */
export function createPathAnalyzer(workspaceRoot: string, homeDir?: string): PathAnalyzer {
  // most decisions ask about one path from the root: it is kept alone, and a map is made for a second
  let firstInput: string | undefined;
  let firstAnalysis: PathAnalysis | undefined;
  let fromRoot: Map<string, PathAnalysis> | undefined;
  // made when a path from another base is first asked: most decisions ask none
  let fromBases: Map<string, PathAnalysis> | undefined;
  const lookups = new LookupMemo(workspaceRoot);
  const options: PathAnalysisOptions = { workspaceRoot, lookups, homeDir };
  return (input, base) => {
    if (base === undefined || base === workspaceRoot) {
      if (input === firstInput && firstAnalysis !== undefined) return firstAnalysis;
      let analysis = fromRoot?.get(input);
      if (analysis === undefined) {
        analysis = analyzePath(input, options);
        if (firstAnalysis === undefined) {
          firstInput = input;
          firstAnalysis = analysis;
        } else {
          (fromRoot ??= new Map<string, PathAnalysis>()).set(input, analysis);
        }
      }
      return analysis;
    }
    const answers = (fromBases ??= new Map<string, PathAnalysis>());
    const key = `${base}\0${input}`;
    let analysis = answers.get(key);
    if (analysis === undefined) {
      analysis = analyzePath(input, { workspaceRoot, lookups, homeDir, base });
      answers.set(key, analysis);
    }
    return analysis;
  };
}

/** The workspace-relative form of a path, or undefined when any reading of it leaves the workspace. */
export function relativeInside(analysis: PathAnalysis): string | undefined {
  return analysis.insideWorkspace ? analysis.relative : undefined;
}
