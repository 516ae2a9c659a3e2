import type { ToolClass } from '../../tools/toolClass';
import { annotationClaim, type UpstreamTool } from './upstreamClassification';

/**
 * Classes are fixed when the proxy starts. A tool that is SAFE to the governor but whose
 * annotations now claim it changes things (after the upstream's list_changed) is held back:
 * hidden and refused until the proxy restarts. Names the host classified itself are left alone.
 */
export function toolsTurnedMutating(
  tools: readonly UpstreamTool[],
  classOf: (name: string) => ToolClass,
  hostClassified: ReadonlySet<string>,
): Set<string> {
  const turned = new Set<string>();
  for (const tool of tools) {
    if (hostClassified.has(tool.name)) continue;
    if (annotationClaim(tool) === 'mutating' && classOf(tool.name) === 'SAFE') turned.add(tool.name);
  }
  return turned;
}
