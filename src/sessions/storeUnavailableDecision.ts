import { buildDecision, type Decision } from '../decision/decision';
import type { SessionStoreError } from '../errors/SessionStoreError';
import { SessionTamperedError } from '../errors/SessionTamperedError';
import { nameOnlyRequest } from '../tools/toolRequest';

/** The deny of a call whose session store cannot be used: nothing is decided by a fresh governor, or from memory. */
export function storeUnavailableDecision(tool: string, error: SessionStoreError): Decision {
  return buildDecision({
    code: error instanceof SessionTamperedError ? 'session_store_tampered' : 'session_store_unavailable',
    request: nameOnlyRequest(tool, 'DESTRUCTIVE'),
    facts: { state: 'REQUEST', intents: [], activeIntent: undefined, orchestrationDir: '' },
    problem: error.message,
  });
}
