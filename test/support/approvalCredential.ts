import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A human's home with the approval credential set up in it, as `intentgate approve --init` leaves it. */
export interface HumanHome {
  readonly home: string;
  /** the default credential, `<home>/.config/intentgate/approval-token`, owner-only */
  readonly tokenFile: string;
  /** an environment naming the home: what the agent's hooks and the human's terminal both run with */
  readonly env: NodeJS.ProcessEnv;
}

/** Writes `token` to `file` with owner-only permissions, in an owner-only folder. */
export function writeTokenFile(file: string, token: string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** A fresh home; with `credential: false`, the credential is not made yet. */
export function humanHome(options: { readonly credential?: boolean } = {}): HumanHome {
  const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'human-home-'));
  const tokenFile = path.join(home, '.config', 'intentgate', 'approval-token');
  if (options.credential !== false) writeTokenFile(tokenFile, `human-token-${path.basename(home)}-0123456789abcdef`);
  return { home, tokenFile, env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' } };
}
