import { z } from 'zod';
import type { HookOutput } from '../hooks/agentHookAdapter';

const hookOutputSchema = z.strictObject({
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().int().min(0).max(255),
});

/**
 * Posts a raw hook event to the governance service's `POST <server>/hooks/<agent>/output` and
 * returns the output it answers. Throws when the service cannot be reached in `timeoutMs`, or
 * answers anything but that output: the caller answers with the agent's block.
 */
export async function postHookEvent(
  server: string,
  agent: string,
  event: string,
  timeoutMs: number,
): Promise<HookOutput> {
  let url: URL;
  try {
    url = new URL(`${server.replace(/\/+$/, '')}/hooks/${encodeURIComponent(agent)}/output`);
  } catch {
    throw new Error(`--server ${server} is not a URL like http://127.0.0.1:8787`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--server ${server} is not an http:// or https:// URL`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: event,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    throw new Error(
      `the intentgate service at ${url.origin} cannot be reached: ${cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`the intentgate service at ${url.origin} answered ${response.status}: ${text.slice(0, 300)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const output = hookOutputSchema.safeParse(body);
  if (!output.success) throw new Error(`the intentgate service at ${url.origin} did not answer a hook output`);
  return output.data;
}
