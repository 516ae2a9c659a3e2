import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSockets } from '../../src/containment/hostSockets';
import { BWRAP, contained, makeRepository, profileFor } from './sandboxSupport';

// A listener the test runs on 127.0.0.1, and one on a Unix socket: does a contained command reach them?

let root: string;
let server: Server;
let port: number;
let seen: string[] = [];

/** Waits until every connection made before now was seen: the test's own probe arrives after them. */
async function settled(): Promise<void> {
  const before = seen.length;
  await new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end('GET /probe HTTP/1.0\r\n\r\n'));
    socket.on('close', () => resolve());
    socket.resume();
  });
  await new Promise<void>((resolve) => {
    const check = (): void => void (seen.slice(before).includes('/probe') ? resolve() : setImmediate(check));
    check();
  });
  seen = seen.filter((url) => url !== '/probe');
}

beforeAll(async () => {
  root = makeRepository().root;
  server = createHttpServer((request, response) => {
    seen.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const COMMANDS = [
  { name: 'curl', command: (at: number) => `curl -s --max-time 30 http://127.0.0.1:${at}/curl`, url: '/curl' },
  {
    name: "bash's /dev/tcp",
    command: (at: number) =>
      `exec 3<>/dev/tcp/127.0.0.1/${at} && printf 'GET /devtcp HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`,
    url: '/devtcp',
  },
];

describe.skipIf(BWRAP === undefined)('the network of a contained command', () => {
  it.each(COMMANDS)('$name gets no connection to 127.0.0.1 without NETWORK_RISK', async ({ command, url }) => {
    const outcome = await contained(profileFor(root), command(port));
    expect(outcome.code).not.toBe(0);
    await settled();
    expect(seen).not.toContain(url);
  });

  it.each(COMMANDS)('$name connects with NETWORK_RISK approved', async ({ command, url }) => {
    const outcome = await contained(profileFor(root, { approvedCategories: ['NETWORK_RISK'] }), command(port));
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain('ok');
    expect(seen).toContain(url);
  });

  it('connects when a grant names a host, as bubblewrap cannot filter by host', async () => {
    const profile = profileFor(root, { grantHosts: ['registry.npmjs.org'] });
    expect(profile.network.open).toBe(true);
    const outcome = await contained(profile, COMMANDS[0]?.command(port) ?? '');
    expect(outcome.code).toBe(0);
  });

  it('stays closed for a host grant when the policy says so', () => {
    const profile = profileFor(root, {
      grantHosts: ['registry.npmjs.org'],
      policy: { mode: 'auto', secrets: [], hostGrantNetwork: 'closed' },
    });
    expect(profile.network).toMatchObject({ open: false });
  });

  describe('a Unix socket of a service', () => {
    let socketServer: ReturnType<typeof createServer>;
    let socketPath: string;
    let accepted = 0;

    beforeAll(async () => {
      socketPath = path.join(root, 'docs', 'service.sock');
      socketServer = createServer((socket) => {
        accepted += 1;
        socket.end('hello\n');
      });
      await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => socketServer.close(() => resolve()));
    });

    const talk = `python3 -c "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); print(s.recv(16).decode())"`;

    it('is reached through a read-only mount when it is not masked', async () => {
      const outcome = await contained(profileFor(root), `${talk} docs/service.sock`);
      expect(outcome.stdout).toContain('hello');
    });

    it('is found by the socket search of a folder', () => {
      expect(hostSockets([path.join(root, 'docs')])).toEqual([socketPath]);
    });

    it('is not reached once masked', async () => {
      const before = accepted;
      const outcome = await contained(profileFor(root, { sockets: [socketPath] }), `${talk} docs/service.sock`);
      expect(outcome.code).not.toBe(0);
      expect(outcome.stdout).not.toContain('hello');
      expect(accepted).toBe(before);
    });
  });
});
