import type { MemoryOutput } from './cliHarness';

const STARTUP_MS = 10_000;

/** The URL `serve` prints once its whole banner (which ends with the token line) is out. */
export async function listeningUrl(stdout: MemoryOutput): Promise<string> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/\S+)/.exec(stdout.text);
    if (match?.[1] && stdout.text.includes('approval token: ')) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`serve did not start: ${stdout.text}`);
}
