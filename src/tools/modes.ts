import picomatch from 'picomatch';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';

export const modeSchema = z.strictObject({
  /** tool names or globs (picomatch) the mode permits */
  tools: z.array(z.string().min(1)),
});

/** A mode: the tools (names or globs) it lets the model see. */
export type ModeDefinition = z.infer<typeof modeSchema>;

export type ToolFilter = (toolName: string) => boolean;

const everyTool: ToolFilter = () => true;

/**
 * The filter of one mode (seed 004 FR-005): the tools it lists, by name or glob. No mode
 * means no mode filtering; a mode that is not configured is a usage error.
 */
export function compileModeFilter(
  modes: Readonly<Record<string, ModeDefinition>>,
  mode: string | undefined,
): ToolFilter {
  if (mode === undefined) return everyTool;
  if (!Object.hasOwn(modes, mode)) {
    const known = Object.keys(modes);
    throw new InvalidArgumentError(
      `Unknown mode '${mode}': ${known.length > 0 ? `configured modes are ${known.join(', ')}` : 'no modes are configured (options.modes)'}.`,
    );
  }
  const tools = modes[mode]?.tools ?? [];
  return tools.length === 0 ? () => false : picomatch(tools, { dot: true });
}
