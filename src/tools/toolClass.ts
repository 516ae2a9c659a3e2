/** Seed 000's two tool classes: SAFE tools run in every state, DESTRUCTIVE ones need an intent. */
export const TOOL_CLASSES = ['SAFE', 'DESTRUCTIVE'] as const;

export type ToolClass = (typeof TOOL_CLASSES)[number];
