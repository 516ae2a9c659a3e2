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

/** `POST /approve-session` with a bearer token; the status. */
export async function approveWithToken(
  url: string,
  token: string,
  sessionId: string,
  categories: readonly string[],
): Promise<number> {
  const response = await fetch(`${url}/approve-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ session_id: sessionId, categories }),
  });
  return response.status;
}
