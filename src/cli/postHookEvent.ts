import { z } from 'zod';
import { readRegularFile } from '../files/readRegularFile';
import type { HookOutput } from '../hooks/agentHookAdapter';
import { APPROVAL_TOKEN_FILE_ENV, approvalTokenFile, readApprovalCredential } from '../hooks/approvalCredential';

const hookOutputSchema = z.strictObject({
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().int().min(0).max(255),
});

/** How an event is posted: within a time, and with the approval token the hook's environment names, if it does. */
export interface PostOptions {
  readonly timeoutMs: number;
  /** sent as `Authorization: Bearer <token>`: the service's hook routes let a report answer a held call, or end a session, only with it */
  readonly approvalToken?: string | undefined;
}

/**
 * The approval token of the file the hook's environment names (`INTENTGATE_APPROVAL_TOKEN_FILE`),
 * when it is a sound owner-only file outside the workspace; undefined otherwise. The agent's own
 * commands cannot change the environment its hooks start with.
 */
export function hookApprovalToken(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const named = env[APPROVAL_TOKEN_FILE_ENV];
  if (named === undefined || named === '') return undefined;
  const file = approvalTokenFile(env, cwd);
  if (readApprovalCredential(file, cwd).kind !== 'ok') return undefined;
  const read = readRegularFile(file, 1024);
  return read.kind === 'text' ? read.text.trim() : undefined;
}

/**
 * Posts a raw hook event to the governance service's `POST <server>/hooks/<agent>/output` and
 * returns the output it answers, with the approval token when one is given. Throws when the service cannot be reached in `timeoutMs`, or
 * answers anything but that output: the caller answers with the agent's block.
 */
export async function postHookEvent(
  server: string,
  agent: string,
  event: string,
  { timeoutMs, approvalToken }: PostOptions,
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
      headers: {
        'content-type': 'application/json',
        ...(approvalToken !== undefined && { authorization: `Bearer ${approvalToken}` }),
      },
      body: event,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    throw new Error(
      `the intentgate service at ${url.origin} cannot be reached: ` +
        `${cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error)}`,
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
