import path from 'node:path';
import { isWithin } from './profilePaths';

/**
 * Where a profile's place is, for a person: relative to the workspace inside it, `~/` in the
 * home folder, else absolute. `explain` and the console show places so.
 */
export function placeLabel(place: string, workspaceRoot: string, home?: string): string {
  if (place === workspaceRoot) return '. (the workspace)';
  if (isWithin(place, workspaceRoot)) return path.relative(workspaceRoot, place);
  if (home !== undefined && home !== '/' && isWithin(place, home)) return `~/${path.relative(home, place)}`;
  return place;
}
