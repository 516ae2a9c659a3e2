import { existsSync } from 'node:fs';
import path from 'node:path';
import { INTENT_IGNORE_FILE } from './intentIgnore';

/** Invariant 8: the orchestration directory exists and is a directory (a link to one counts). */
export function isOrchestrationPresent(orchestrationDir: string): boolean {
  // a trailing '/' makes the kernel require a directory, links followed: one access(2), no Stats built
  return orchestrationDir !== '' && existsSync(`${orchestrationDir}/`);
}

/**
 * Builds the predicate for intentgate's own control files: the orchestration directory
 * and .intentignore. An agent that could edit them could widen its own scope.
 */
export function protectedPathPredicate(workspaceRoot: string, orchestrationDir: string): (relative: string) => boolean {
  const dir = path.relative(workspaceRoot, orchestrationDir).split(path.sep).join('/').toLowerCase();
  const dirInside = dir !== '' && dir !== '..' && !dir.startsWith('../') && !path.isAbsolute(dir);
  const ignoreFile = INTENT_IGNORE_FILE.toLowerCase();
  // compared without case: on a case-insensitive disk '.Orchestration/' is the same folder
  return (relative) => {
    const lower = relative.toLowerCase();
    return lower === ignoreFile || (dirInside && (lower === dir || lower.startsWith(`${dir}/`)));
  };
}
