import { IntentGateError } from './IntentGateError';

/**
 * A session store could not read, lock or write a session: the call that needed it is refused
 * (`session_store_unavailable`), never decided by a fresh governor in its place.
 */
export class SessionStoreError extends IntentGateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('session_store_unavailable', message, options);
    this.name = 'SessionStoreError';
  }
}
