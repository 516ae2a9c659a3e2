import type { Governor } from '../governor/createGovernor';

/** The longest first prompt a session keeps for its label: enough to recognize the task. */
export const MAX_LABEL_PROMPT = 200;

/** The longest agent name kept: a hook preset's name. */
export const MAX_AGENT_NAME = 64;

/** What the console knows of a session beyond its governor's state, for a label a person recognizes. */
interface SessionLabelNotes {
  firstPrompt?: string;
  agent?: string;
}

// the governor does not keep prompt texts; keyed by the live governor, a note goes with its session
// and costs nothing once the store drops it; a store that restores a governor per use (the files,
// Redis) keeps the notes beside its snapshot (`keptLabel`) and gives them back (`restoreLabel`)
const notes = new WeakMap<Governor, SessionLabelNotes>();

const notesOf = (governor: Governor): SessionLabelNotes => {
  let found = notes.get(governor);
  if (!found) {
    found = {};
    notes.set(governor, found);
  }
  return found;
};

/** Clips a text to `max` characters with an ellipsis, whitespace runs made one space. */
export function clipText(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Keeps a session's first non-empty user prompt, clipped to MAX_LABEL_PROMPT; later prompts change nothing. */
export function noteSessionPrompt(governor: Governor, text: string | undefined): void {
  if (text === undefined || text.trim() === '') return;
  const found = notesOf(governor);
  found.firstPrompt ??= clipText(text, MAX_LABEL_PROMPT);
}

/** Keeps the name of the agent whose hooks drive a session (its hook preset, like `claude-code`). */
export function noteSessionAgent(governor: Governor, agent: string): void {
  notesOf(governor).agent = agent.slice(0, MAX_AGENT_NAME);
}

/** What was noted of a session: its first prompt and its agent, each null when unknown. */
export function sessionLabelNotes(governor: Governor): {
  readonly firstPrompt: string | null;
  readonly agent: string | null;
} {
  const found = notes.get(governor);
  return { firstPrompt: found?.firstPrompt ?? null, agent: found?.agent ?? null };
}

/** A session's label as a store keeps it beside the governor's snapshot; each part absent when unknown. */
export interface KeptLabel {
  readonly firstPrompt?: string;
  readonly agent?: string;
}

/** What was noted of a session, for a store to keep; undefined when nothing was. */
export function keptLabel(governor: Governor): KeptLabel | undefined {
  const found = notes.get(governor);
  if (found === undefined || (found.firstPrompt === undefined && found.agent === undefined)) return undefined;
  return {
    ...(found.firstPrompt !== undefined && { firstPrompt: found.firstPrompt }),
    ...(found.agent !== undefined && { agent: found.agent }),
  };
}

/**
 * Gives a governor a store restored the label it kept. A session an agent's hooks made (`profile`,
 * the agent's name) is named by it when its label names no agent: a command hook notes none.
 */
export function restoreLabel(governor: Governor, label: KeptLabel | undefined, profile = ''): void {
  const agent = label?.agent ?? (profile === '' ? undefined : profile);
  if (label?.firstPrompt === undefined && agent === undefined) return;
  const found = notesOf(governor);
  if (label?.firstPrompt !== undefined) found.firstPrompt ??= clipText(label.firstPrompt, MAX_LABEL_PROMPT);
  if (agent !== undefined) found.agent ??= agent.slice(0, MAX_AGENT_NAME);
}
