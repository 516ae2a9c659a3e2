import type { AgentHookAdapter } from './agentHookAdapter';
import { AGENT_HOOK_ADAPTERS } from './agents/index';

// adapters registered at run time, for tests of the hook command and route with a tiny adapter of their own
const registered = new Map<string, AgentHookAdapter>();

/** The adapter of an agent name, or undefined when intentgate has none. */
export function findHookAdapter(name: string): AgentHookAdapter | undefined {
  return Object.hasOwn(AGENT_HOOK_ADAPTERS, name) ? AGENT_HOOK_ADAPTERS[name] : registered.get(name);
}

/** The agent names intentgate answers hooks for, sorted. */
export function hookAdapterNames(): string[] {
  return [...new Set([...Object.keys(AGENT_HOOK_ADAPTERS), ...registered.keys()])].sort();
}

/**
 * Registers an adapter under its name until the returned function is called (a test seam: the
 * shipped adapters are in `agents/index.ts`). A shipped adapter's name cannot be taken.
 */
export function registerHookAdapter(adapter: AgentHookAdapter): () => void {
  if (Object.hasOwn(AGENT_HOOK_ADAPTERS, adapter.name) || registered.has(adapter.name))
    throw new Error(`an adapter named '${adapter.name}' is already registered`);
  registered.set(adapter.name, adapter);
  return () => {
    registered.delete(adapter.name);
  };
}
