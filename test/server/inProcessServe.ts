import { runCli } from '../../src/cli/runCli';
import { memoryIo } from '../cli/cliHarness';

// a backstop for a start on a machine busy with other suites, not a measure of it
const STARTUP_BACKSTOP_MS = 120_000;

/** `intentgate serve` run in this process, as the CLI runs it. */
export interface InProcessServe {
  readonly url: string;
  /** Stops the service; resolves with its exit code. */
  stop(): Promise<number>;
}

/** Starts `intentgate serve ARGS` in `cwd` with `env`; resolves once its whole banner is out. */
export async function startServe(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<InProcessServe> {
  const stop = new AbortController();
  const io = memoryIo({ cwd, stop: stop.signal, env });
  const exited = runCli(['serve', ...args], io);
  let code: number | undefined;
  void exited.then((value) => (code = value));
  const started = Date.now();
  for (;;) {
    const url = /listening on (http:\/\/\S+)/.exec(io.stdout.text)?.[1];
    if (url !== undefined && io.stdout.text.includes('approval token: ')) {
      return { url, stop: () => (stop.abort(), exited) };
    }
    if (code !== undefined) throw new Error(`serve exited with ${code}: ${io.stderr.text}`);
    if (Date.now() - started > STARTUP_BACKSTOP_MS)
      throw new Error(`serve did not start: ${io.stdout.text} ${io.stderr.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
