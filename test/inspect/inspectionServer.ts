import { WebSocketServer, type WebSocket } from 'ws';

/** What the tests read of a Stately inspection event; the rest stays unknown. */
export interface ReceivedEvent {
  readonly type: string;
  readonly sessionId: string;
  readonly name?: string;
  readonly definition?: string;
  readonly snapshot?: { readonly value?: unknown; readonly status?: string };
  readonly event?: { readonly type: string } & Readonly<Record<string, unknown>>;
}

/** A WebSocket server on 127.0.0.1 that keeps every inspection event it receives. */
export interface InspectionServer {
  readonly url: string;
  readonly received: ReceivedEvent[];
  /** the close code of each client that left: 1005 for a clean close without a code, 1006 for a dropped connection */
  readonly closeCodes: number[];
  /** resolves once every client that connected has disconnected */
  readonly clientsGone: () => Promise<void>;
  readonly waitFor: (predicate: (received: readonly ReceivedEvent[]) => boolean, timeoutMs?: number) => Promise<void>;
  readonly close: () => Promise<void>;
}

export async function startInspectionServer(): Promise<InspectionServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error(`inspection server: unexpected address ${String(address)}`);
  const received: ReceivedEvent[] = [];
  const closed: Promise<void>[] = [];
  const closeCodes: number[] = [];
  server.on('connection', (socket: WebSocket) => {
    closed.push(
      new Promise((resolve) =>
        socket.once('close', (code) => {
          closeCodes.push(code);
          resolve();
        }),
      ),
    );
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as ReceivedEvent));
  });
  return {
    url: `ws://127.0.0.1:${address.port}`,
    received,
    closeCodes,
    clientsGone: async () => {
      await Promise.all(closed);
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `inspection server: condition not met in ${timeoutMs} ms; received ${received.length} events`,
          );
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        // terminate clients so close() does not wait for them
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** The lifecycle state (REQUEST, REASONING, ACTION) of a snapshot value like `{ lifecycle: { ACTION: 'awaitingApproval' }, flow: 'clean' }`. */
export function topState(value: unknown): string | undefined {
  const region = typeof value === 'object' && value !== null && 'lifecycle' in value ? value.lifecycle : value;
  return typeof region === 'object' && region !== null ? Object.keys(region)[0] : undefined;
}

/** Drops consecutive repeats: the path through the states. */
export function withoutRepeats<T>(items: readonly T[]): T[] {
  return items.filter((item, index) => index === 0 || item !== items[index - 1]);
}
