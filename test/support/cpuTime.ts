/**
 * The CPU time of this process while `run` runs, in milliseconds. Unlike wall time it does not
 * count the waits for a core that a busy machine adds, so a bound on it holds beside other
 * work; it does count the collector's helper threads, which vitest.config.ts turns off for the
 * timing project.
 */
export function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}
