import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { runScript, stdoutMatching, type ChildRun } from './childScript';
import {
  startInspectionServer,
  topState,
  withoutRepeats,
  type InspectionServer,
  type ReceivedEvent,
} from './inspectionServer';

const INSPECT = fileURLToPath(new URL('../../scripts/inspect.ts', import.meta.url));
// a few seconds in practice; a backstop for a loaded 2-core machine, where a hang shows past it
const EXIT_WITHIN_MS = 120_000;
// the relay mode unless a test sets the URL
const RELAY_ENV = { INTENTGATE_INSPECT_URL: undefined, INTENTGATE_INSPECT_PORT: undefined };

const exitOf = async (run: ChildRun) => {
  const { code, signal } = await run.exited;
  return { code, signal };
};

describe('npm run inspect with INTENTGATE_INSPECT_URL', () => {
  let server: InspectionServer;
  let run: ChildRun;
  let exit: { code: number | null; signal: NodeJS.Signals | null; ms: number };

  beforeAll(async () => {
    server = await startInspectionServer();
    run = runScript(INSPECT, [], { INTENTGATE_INSPECT_URL: server.url });
    exit = await run.exited;
    // the child is gone; the server may still be reading its last frames
    await server.clientsGone();
  }, EXIT_WITHIN_MS + 5_000);
  afterAll(() => server.close());

  it('exits 0 by itself within a few seconds', () => {
    expect({ code: exit.code, signal: exit.signal, stderr: run.stderr() }).toEqual({
      code: 0,
      signal: null,
      stderr: '',
    });
    expect(exit.ms).toBeLessThan(EXIT_WITHIN_MS);
  });

  it('reports as many events sent as the server received', () => {
    expect(run.stdout()).toContain(`sending the agent session to the WebSocket inspector at ${server.url}`);
    expect(run.stdout()).toContain(`${server.received.length} inspection events sent to ${server.url}\n`);
  });

  it('closes its connection cleanly before it exits', () => {
    expect(server.closeCodes).toEqual([1005]);
  });

  it('sends the lifecycle and approvals actors, the lifecycle first', () => {
    expect(server.received.filter((event) => event.type === '@xstate.actor').map((event) => event.name)).toEqual([
      'lifecycle',
      'approvals',
    ]);
  });

  it('sends the lifecycle snapshots through the three tasks', () => {
    const lifecycle = server.received.find((event) => event.name === 'lifecycle')?.sessionId;
    const states = server.received
      .filter((event) => event.type === '@xstate.snapshot' && event.sessionId === lifecycle)
      .map((event) => topState(event.snapshot?.value));
    expect(withoutRepeats(states)).toEqual([
      'REQUEST',
      'REASONING',
      'ACTION',
      'REQUEST',
      'REASONING',
      'ACTION',
      'REQUEST',
      'REASONING',
      'ACTION',
    ]);
  });

  it('sends the flow region moving to secretRead once the session reads .env', () => {
    const lifecycle = server.received.find((event) => event.name === 'lifecycle')?.sessionId;
    const flows = server.received
      .filter((event) => event.type === '@xstate.snapshot' && event.sessionId === lifecycle)
      .map((event) => (event.snapshot?.value as { flow?: string } | undefined)?.flow);
    expect(withoutRepeats(flows)).toEqual(['clean', 'secretRead']);
  });

  it('sends the approval round: Continue once, then Cancel, and the flow hold cancelled', () => {
    const approvals = server.received.flatMap((event: ReceivedEvent) =>
      event.type === '@xstate.event' && event.event?.type.startsWith('approval.') ? [event.event] : [],
    );
    expect(approvals).toEqual([
      { type: 'approval.granted', id: 'approval-1', scope: 'session' },
      { type: 'approval.granted', id: 'approval-2', scope: 'once' },
      { type: 'approval.denied', id: 'approval-3' },
      // the upload held by the flow rules, cancelled
      { type: 'approval.denied', id: 'approval-4' },
    ]);
  });
});

describe('npm run inspect with the local relay', () => {
  it(
    'prints the address, runs the session and exits 0 with --once --port 0',
    async () => {
      const run = runScript(INSPECT, ['--once', '--port', '0'], RELAY_ENV);
      expect(await exitOf(run)).toEqual({ code: 0, signal: null });
      expect(run.stdout()).toMatch(/^intentgate inspector relay: open http:\/\/localhost:[1-9]\d* in a browser\n/);
      expect(run.stdout()).toContain('  16  ACTION                (human answers) continue: ALLOW (approved_once)\n');
      expect(run.stdout()).toMatch(/\n\d+ inspection events sent to the relay\n$/);
      expect(run.stderr()).toBe('');
    },
    EXIT_WITHIN_MS,
  );

  describe('serving until a signal', () => {
    let run: ChildRun;
    let port: string;
    beforeAll(async () => {
      run = runScript(INSPECT, ['--port', '0'], RELAY_ENV);
      port = (await stdoutMatching(run, /open http:\/\/localhost:(\d+) in a browser/))[1] ?? '';
      await stdoutMatching(run, /Ctrl-C to stop/);
    }, EXIT_WITHIN_MS + 5_000);
    afterAll(() => {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    });

    it('serves the page that embeds the Stately inspector and connects to the relay', async () => {
      const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(page).toContain('<iframe id="inspector" src="https://stately.ai/inspect"></iframe>');
      expect(page).toContain(`new WebSocket('ws://localhost:${port}')`);
    });

    it('replays the session to a browser that connects after it ran', async () => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`);
      const received: ReceivedEvent[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data)) as ReceivedEvent));
      const sent = Number(/(\d+) inspection events sent to the relay/.exec(run.stdout())?.[1]);
      const deadline = Date.now() + 5_000;
      while (received.length < sent && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      socket.close();
      expect(received.length).toBe(sent);
      expect(received.filter((event) => event.type === '@xstate.actor').map((event) => event.name)).toEqual([
        'lifecycle',
        'approvals',
      ]);
    });

    it(
      'stops cleanly on SIGTERM with exit code 0',
      async () => {
        run.child.kill('SIGTERM');
        expect(await exitOf(run)).toEqual({ code: 0, signal: null });
        expect(run.stdout()).toContain('SIGTERM: stopping the relay\n');
      },
      EXIT_WITHIN_MS,
    );
  });

  describe('on a port already in use', () => {
    let taken: Server;
    let port: number;
    beforeAll(async () => {
      // no host, like the relay
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, resolve));
      const address = taken.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
    });
    afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    it(
      'exits 1 and suggests --port 0',
      async () => {
        const run = runScript(INSPECT, ['--once', '--port', String(port)], RELAY_ENV);
        expect(await exitOf(run)).toEqual({ code: 1, signal: null });
        expect(run.stderr()).toMatch(
          new RegExp(`^inspect: cannot listen on port ${port}: listen EADDRINUSE.*; try --port 0\\n$`),
        );
      },
      EXIT_WITHIN_MS,
    );
  });
});

describe('npm run inspect with bad arguments', () => {
  const cases = [
    {
      name: 'a port that is not a number',
      args: ['--port', 'eighty'],
      env: RELAY_ENV,
      problem: "--port must be an integer from 0 to 65535, got 'eighty'",
    },
    {
      name: 'a port above 65535',
      args: ['--port', '70000'],
      env: RELAY_ENV,
      problem: "--port must be an integer from 0 to 65535, got '70000'",
    },
    {
      name: 'a bad port in the environment',
      args: [],
      env: { ...RELAY_ENV, INTENTGATE_INSPECT_PORT: 'x' },
      problem: "INTENTGATE_INSPECT_PORT must be an integer from 0 to 65535, got 'x'",
    },
    { name: 'an unknown flag', args: ['--open'], env: RELAY_ENV, problem: "Unknown option '--open'" },
    { name: 'a positional argument', args: ['now'], env: RELAY_ENV, problem: "Unexpected argument 'now'" },
    {
      name: 'an http URL',
      args: [],
      env: { INTENTGATE_INSPECT_URL: 'http://127.0.0.1:1' },
      problem: "INTENTGATE_INSPECT_URL must be a ws:// or wss:// address, got 'http://127.0.0.1:1'",
    },
    {
      name: '--port with a URL',
      args: ['--port', '0'],
      env: { INTENTGATE_INSPECT_URL: 'ws://127.0.0.1:1' },
      problem: "--port is the local relay's port; unset INTENTGATE_INSPECT_URL to use the relay",
    },
  ];

  it.each(cases)(
    'exits 2 with the usage on $name',
    async ({ args, env, problem }) => {
      const run = runScript(INSPECT, args, env);
      expect(await exitOf(run)).toEqual({ code: 2, signal: null });
      expect(run.stderr()).toContain(`inspect: ${problem}`);
      expect(run.stderr()).toContain('usage: npm run inspect -- [--port N] [--once]');
      expect(run.stdout()).toBe('');
    },
    EXIT_WITHIN_MS,
  );
});
