/** What reading stdin found: its text, or why there is none. */
export type StdinRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: string };

/** Stops a stream that will not be read any more, so it keeps nothing open. */
function discard(stream: NodeJS.ReadableStream): void {
  stream.pause();
  const destroy: unknown = Reflect.get(stream, 'destroy');
  if (typeof destroy === 'function') Reflect.apply(destroy, stream, []);
}

/**
 * Reads a whole stream as UTF-8, at most `maxBytes`, within `timeoutMs`: more bytes, a stream
 * that does not end in time (a terminal, an agent that keeps stdin open), a read error or text
 * that is not UTF-8 answer a problem instead. It never waits past the timeout.
 */
export function readStdinBounded(
  stream: NodeJS.ReadableStream,
  maxBytes: number,
  timeoutMs: number,
): Promise<StdinRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: StdinRead, stop: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      if (stop) discard(stream);
      resolve(result);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      size += bytes.length;
      if (size > maxBytes)
        settle({ ok: false, problem: `the hook event on stdin is larger than ${maxBytes} bytes` }, true);
      else chunks.push(bytes);
    };
    const onEnd = (): void => {
      try {
        settle(
          { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size)) },
          false,
        );
      } catch {
        settle({ ok: false, problem: 'the hook event on stdin is not UTF-8 text' }, false);
      }
    };
    const onError = (error: Error): void =>
      settle({ ok: false, problem: `cannot read the hook event on stdin: ${error.message}` }, true);
    const timer = setTimeout(
      () => settle({ ok: false, problem: `no complete hook event arrived on stdin within ${timeoutMs} ms` }, true),
      timeoutMs,
    );
    stream.on('data', onData).on('end', onEnd).on('error', onError);
    stream.resume();
  });
}
