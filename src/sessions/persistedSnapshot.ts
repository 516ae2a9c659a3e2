import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { InvalidSnapshotError } from '../errors/InvalidSnapshotError';
import { SessionStoreError } from '../errors/SessionStoreError';

/** The governor's snapshot; one it cannot take (a held call's arguments too large) is the store's failure. */
export function persistedSnapshot(governor: Governor): ReturnType<Governor['persist']> {
  try {
    return governor.persist();
  } catch (error) {
    if (!(error instanceof InvalidSnapshotError)) throw error;
    throw new SessionStoreError(`the session state cannot be kept: ${error.message}`, { cause: error });
  }
}

/** A governor restored from a kept snapshot; one that does not restore fails closed, naming `where` it was kept. */
export function restoredGovernor(
  options: GovernorOptions,
  sessionId: string,
  snapshot: unknown,
  where: string,
): Governor {
  try {
    return createGovernor({ ...options, sessionId, restore: snapshot });
  } catch (error) {
    if (!(error instanceof InvalidSnapshotError)) throw error;
    throw new SessionStoreError(
      `${where} does not hold a governor this workspace can restore (${error.message}); a human should remove it`,
      { cause: error },
    );
  }
}
