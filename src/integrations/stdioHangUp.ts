/**
 * Calls `stop` once when an MCP server on stdio should stop: the client hangs up (stdin ends or
 * closes; the SDK's stdio transport does not notice), stdout fails, or SIGINT or SIGTERM arrives.
 * Returns the function that removes the listeners.
 */
export function onStdioHangUp(stop: () => void): () => void {
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  process.stdout.once('error', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return () => {
    process.stdin.off('end', stop);
    process.stdin.off('close', stop);
    process.stdout.off('error', stop);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}
