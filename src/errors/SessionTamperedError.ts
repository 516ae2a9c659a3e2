import { SessionStoreError } from './SessionStoreError';

/**
 * A kept session record failed its MAC: it was edited, forged or copied outside intentgate.
 * Every call of that session is refused (`session_store_tampered`), as for any store that
 * cannot be used, and the record is left for a human to inspect and remove.
 */
export class SessionTamperedError extends SessionStoreError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SessionTamperedError';
  }
}
