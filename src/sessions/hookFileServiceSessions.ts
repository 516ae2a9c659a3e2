import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';
import { SessionTamperedError } from '../errors/SessionTamperedError';
import { withAgentPreset } from '../hooks/agentGovernorOptions';
import { findHookAdapter } from '../hooks/hookAdapters';
import type { SessionEvent } from '../server/sessionEvents';
import { markRefused } from '../server/refusedSessions';
import { hookSessionRefusal, type ServiceSessions } from '../server/serviceSessions';
import { unknownSession } from '../server/unknownSession';
import { createFileSessions, DEFAULT_SESSION_LIMITS } from './fileSessions';
import type { SessionNotes } from './governorSessions';
import { keptSessionFiles, sessionIdOfFile, type KeptSessionFile } from './keptSessionFiles';
import { sessionPaths } from './sessionFiles';

/** The file store of a workspace's command hooks, as the service opens it beside its own sessions. */
export interface HookFileSessionsOptions {
  /** the sessions folder the workspace's `intentgate hook` keeps its sessions in (`stateSessionsDir`) */
  readonly dir: string;
  /** the key the hooks authenticate each file with (`sessionKeyFile`), as the hooks' environment names it */
  readonly keyFile: string;
  /** the service's governor options: a session is restored with its agent's preset over them, as `intentgate approve` does */
  readonly governor: GovernorOptions;
  readonly prefix: string;
  /** told when a session file appears or changes, so the console redraws (the service's event bus) */
  readonly onChange?: (event: SessionEvent) => void;
  /** how often the folder is looked at for new or changed sessions (default 1 s) */
  readonly pollMs?: number;
}

/** The console lists at most this many hook sessions, the most recently used first. */
const MAX_LISTED = 200;
/** The watch looks at most at this many files per look: the hooks' store keeps 256 by default. */
const MAX_WATCHED = 1024;
const DEFAULT_POLL_MS = 1000;

/** The options of a session of `profile`: the service's, with that agent's preset when an agent's hook made it. */
function presetFor(governor: GovernorOptions): (profile: string) => GovernorOptions {
  return (profile) => {
    if (profile === '') return governor;
    const adapter = findHookAdapter(profile);
    // a session of an agent this build does not know cannot be restored faithfully: refuse rather than guess
    if (!adapter)
      throw new SessionStoreError(
        `the session was made by the hooks of agent '${profile.slice(0, 64)}', which this intentgate does not know`,
      );
    return withAgentPreset(governor, adapter);
  };
}

/**
 * The service's sessions with the sessions a workspace's command hooks keep in their file store
 * besides: the session routes and the console find, list and answer both. A session id kept in
 * the folder is the hooks': it is read without a lock and written under the same lock the hook
 * and `intentgate approve` take, its MAC checked at every read (a file that fails it refuses
 * every use, and is listed as a marked stand-in, `refused` saying why); the service's own
 * routes refuse it as they refuse any session an agent's hooks made. Every other id is `inner`'s.
 * The folder is looked at every `pollMs`, and a session file that appears or changes is told to
 * `onChange`, so a console redraws without waiting for its own poll.
 */
export function withHookFileSessions(inner: ServiceSessions, options: HookFileSessionsOptions): ServiceSessions {
  const files = createFileSessions({
    governor: options.governor,
    dir: options.dir,
    keyFile: options.keyFile,
    governorFor: presetFor(options.governor),
  });
  // the id each file names, by its name, read again only when the file changes
  const seen = new Map<string, { readonly signature: string; readonly id: string | undefined }>();
  const idOf = (entry: KeptSessionFile): string | undefined => {
    const signature = `${entry.usedAt}:${entry.size}`;
    const known = seen.get(entry.name);
    if (known?.signature === signature) return known.id;
    const named = sessionIdOfFile(entry.file, DEFAULT_SESSION_LIMITS.maxFileBytes);
    // a file under another session's name is no session of the id it names
    const id = named !== undefined && sessionPaths(options.dir, named).file === entry.file ? named : undefined;
    seen.set(entry.name, { signature, id });
    if (id !== undefined)
      options.onChange?.({ type: known === undefined ? 'session.started' : 'session.changed', sessionId: id });
    return id;
  };
  const look = (): void => {
    const entries = keptSessionFiles(options.dir, MAX_WATCHED);
    const names = new Set(entries.map((entry) => entry.name));
    for (const name of seen.keys()) if (!names.has(name)) seen.delete(name);
    for (const entry of entries) idOf(entry);
  };
  look();
  const timer = setInterval(look, options.pollMs ?? DEFAULT_POLL_MS);
  timer.unref();

  /** The view of a fresh stand-in for a session whose file fails its MAC, marked with why. */
  const refusedView = <T>(id: string, error: Error, view: (governor: Governor, notes: undefined) => T): T => {
    const standIn = markRefused(createGovernor({ ...options.governor, sessionId: id }), error.message);
    try {
      return view(standIn, undefined);
    } finally {
      standIn.stop();
    }
  };

  const isHooks = (id: string): boolean => {
    try {
      return files.has(id);
    } catch {
      // not an id an agent's session can have
      return false;
    }
  };

  return {
    kind: inner.kind,
    async withExisting<T>(
      id: string,
      access: 'read' | 'write',
      work: (governor: Governor, agentNotes: SessionNotes | undefined) => T | Promise<T>,
    ): Promise<T> {
      if (!isHooks(id)) return inner.withExisting(id, access, work);
      const used = access === 'read' ? await files.read(id, work) : await files.withKept(id, work);
      if (!used.found) throw unknownSession(id, options.prefix);
      return used.value;
    },
    withCreated: async (id, work) => {
      if (isHooks(id)) throw hookSessionRefusal(id);
      return inner.withCreated(id, work);
    },
    withOwn: async (id, work) => {
      if (isHooks(id)) throw hookSessionRefusal(id);
      return inner.withOwn(id, work);
    },
    hookSessions: (adapter) => inner.hookSessions(adapter),
    async list<T>(view: (governor: Governor, agentNotes: SessionNotes | undefined) => T): Promise<T[]> {
      const own = await inner.list(view);
      const hooks: T[] = [];
      for (const entry of keptSessionFiles(options.dir, MAX_LISTED)) {
        const id = idOf(entry);
        if (id === undefined) continue;
        try {
          const read = await files.read(id, view);
          if (read.found) hooks.push(read.value);
        } catch (error) {
          // a file that fails its MAC is listed, marked, so a human sees it and removes it; one
          // that cannot be read for another reason is refused by its own route, which says why
          if (error instanceof SessionTamperedError) hooks.push(refusedView(id, error, view));
          else if (!(error instanceof SessionStoreError)) throw error;
        }
      }
      return [...own, ...hooks];
    },
    count: async () => (await inner.count()) + keptSessionFiles(options.dir, MAX_WATCHED).length,
    healthy: () => inner.healthy(),
    async close() {
      clearInterval(timer);
      await inner.close();
    },
  };
}
