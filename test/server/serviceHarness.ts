import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGovernanceServer, type GovernanceServer } from '../../src/server/createGovernanceServer';
import type { GovernanceServerOptions } from '../../src/server/serverOptions';

/** A token long enough for the option's check, fixed so tests can send it. */
export const TEST_TOKEN = 'test-approval-token-0123456789';

export const INTENTS_YAML = `active_intents:
  - id: INT-001
    name: Server tests
    owned_scope: ['src/**']
`;

/** A temporary workspace under the OS temp folder with `.orchestration/active_intents.yaml`. */
export function makeServiceWorkspace(intentsYaml: string = INTENTS_YAML): string {
  const root = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'server-workspace-'));
  mkdirSync(path.join(root, '.orchestration'));
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), intentsYaml);
  return root;
}

export interface RunningService {
  readonly service: GovernanceServer;
  /** base URL, prefix included */
  readonly url: string;
  readonly workspace: string;
}

/** Starts the service on 127.0.0.1, port 0, over a fresh workspace unless one is given. */
export async function startService(
  options: GovernanceServerOptions = {},
  workspace = makeServiceWorkspace(),
): Promise<RunningService> {
  const service = createGovernanceServer({
    approvalToken: TEST_TOKEN,
    onError: () => undefined,
    ...options,
    governor: { workspaceRoot: workspace, ...options.governor },
  });
  const { url } = await service.listen(0, '127.0.0.1');
  return { service, url, workspace };
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  /** the parsed JSON body */
  readonly json: Record<string, unknown>;
}

export interface RequestSpec {
  readonly method?: string;
  /** a value sent as JSON, or a string sent as is */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** sends `Authorization: Bearer <token>` */
  readonly token?: string;
}

/** One request over real HTTP; JSON bodies get `Content-Type: application/json` unless headers say otherwise. */
export async function request(url: string, spec: RequestSpec = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  if (spec.token !== undefined) headers.authorization = `Bearer ${spec.token}`;
  Object.assign(headers, spec.headers);
  const body =
    spec.body === undefined ? undefined : typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body);
  const response = await fetch(url, {
    method: spec.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body !== undefined && { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** POST with a JSON body. */
export function post(url: string, body?: unknown, token?: string): Promise<Reply> {
  return request(url, { method: 'POST', ...(body !== undefined && { body }), ...(token !== undefined && { token }) });
}

/** The error object of an error reply. */
export function errorOf(reply: Reply): { code?: unknown; message?: unknown; [key: string]: unknown } {
  const error: unknown = reply.json.error;
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
}

/** seed 001's exact message */
export const SEED_001_MESSAGE =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";

export interface TextReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** A GET with exactly these headers, Host included (fetch does not let a caller set Host); the body as text. */
export function getText(url: string, headers: Readonly<Record<string, string>> = {}): Promise<TextReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}
