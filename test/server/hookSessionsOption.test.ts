import { describe, expect, it } from 'vitest';
import { hookSessionFiles, serviceSettings } from '../../src/cli/commands/serve';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { memoryIo } from '../cli/cliHarness';

// Which file store of command hooks `intentgate serve` sees beside its own sessions: on by
// default with --workspace and a store that is not Redis, the one `intentgate hook` finds.

const CWD = '/srv/work';
const ENV = { HOME: '/home/dev', XDG_STATE_HOME: '/state' };
const KEY_FILE = '/home/dev/.config/intentgate/session-key';

interface OptionCase {
  readonly name: string;
  readonly flags: Record<string, unknown>;
  /** the orchestration folder whose hook sessions are seen; undefined when none are */
  readonly seen: string | undefined;
}

const CASES: readonly OptionCase[] = [
  {
    name: 'sees the hooks of the workspace --workspace names',
    flags: { workspace: 'repo' },
    seen: '/srv/work/repo/.orchestration',
  },
  {
    name: 'sees the hooks of an orchestration folder given elsewhere',
    flags: { workspace: 'repo', orchestrationDir: '/elsewhere/orch' },
    seen: '/elsewhere/orch',
  },
  { name: 'sees none without --workspace', flags: {}, seen: undefined },
  {
    name: 'sees none with a Redis store, shared by machines with no one folder',
    flags: { workspace: 'repo', store: 'redis://127.0.0.1:6379', deployment: 'd' },
    seen: undefined,
  },
  {
    name: 'sees the hooks of the current folder with --hook-sessions',
    flags: { hookSessions: true },
    seen: '/srv/work/.orchestration',
  },
  { name: 'sees none with --no-hook-sessions', flags: { workspace: 'repo', hookSessions: false }, seen: undefined },
];

describe("the command hooks' sessions intentgate serve sees", () => {
  it.each(CASES)('$name', ({ flags, seen }) => {
    const io = memoryIo({ cwd: CWD, env: { ...ENV } });
    const settings = serviceSettings(flags, undefined, io);
    expect(hookSessionFiles(flags, settings, undefined, io)).toEqual(
      seen === undefined ? undefined : { dir: stateSessionsDir(seen, ENV), keyFile: KEY_FILE },
    );
  });
});
