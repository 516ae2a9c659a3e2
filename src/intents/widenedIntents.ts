import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml';
import { scopeGlobProblem } from './scopeGlob';

/** The intents file's text with an intent's scope widened, or why it cannot be. */
export type WidenedIntents =
  | { readonly ok: true; readonly text: string; readonly scope: readonly string[] }
  | { readonly ok: false; readonly problem: string };

/**
 * The text of `active_intents.yaml` with `entries` added to the `owned_scope` of intent `id`,
 * everything else (comments, order, other intents) as it was. An entry is a scope glob relative
 * to the workspace; one the intent already owns is not added twice. Never throws.
 */
export function widenedIntentsText(text: string, id: string, entries: readonly string[]): WidenedIntents {
  if (entries.length === 0) return { ok: false, problem: 'no scope entry to add' };
  for (const entry of entries) {
    // a scope is relative to the workspace: an absolute path or a step out of it would own what lies outside
    if (entry.startsWith('/') || entry.split('/').includes('..'))
      return { ok: false, problem: `'${entry}': a scope entry is relative to the workspace, without '..'` };
    const problem = scopeGlobProblem(entry);
    if (problem !== undefined) return { ok: false, problem: `'${entry}': ${problem}` };
  }
  const document = parseDocument(text);
  if (document.errors.length > 0)
    return {
      ok: false,
      problem: `the intents file is not valid YAML: ${document.errors[0]?.message ?? 'unknown error'}`,
    };
  const intents = document.get('active_intents');
  if (!isSeq(intents)) return { ok: false, problem: 'the intents file has no active_intents list' };
  const intent = intents.items.find((item): item is YAMLMap => isMap(item) && item.get('id') === id);
  if (intent === undefined) return { ok: false, problem: `no intent '${id}' in the intents file` };
  const owned = intent.get('owned_scope');
  if (!isSeq(owned)) return { ok: false, problem: `intent '${id}' has no owned_scope list` };
  const scope = (owned.toJSON() as unknown[]).map(String);
  for (const entry of entries) {
    if (scope.includes(entry)) continue;
    owned.add(document.createNode(entry));
    scope.push(entry);
  }
  return { ok: true, text: document.toString(), scope };
}
