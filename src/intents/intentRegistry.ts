import type { Intent } from './intent';

/** Finds the intent with this id; undefined for a missing or non-matching id. */
export function findIntent(intents: readonly Intent[], id: string | undefined): Intent | undefined {
  return id === undefined ? undefined : intents.find((intent) => intent.id === id);
}

/** The ids a caller may pass to select_active_intent, in file order. */
export function intentIds(intents: readonly Intent[]): string[] {
  return intents.map((intent) => intent.id);
}
