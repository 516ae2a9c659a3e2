import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { DURATIONS_FILE, type FileDuration, type RecordedRun } from '../../scripts/testDurations';

/** A file's own time: importing it, its setup and every test and hook in it. */
function fileMs(module: TestModule): number {
  const diagnostic = module.diagnostic();
  return (
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration
  );
}

/**
 * Ends a run with its wall-clock duration and keeps every file's duration in
 * `node_modules/.cache/intentgate-tests/durations.json`, which `npm run test:slowest` lists,
 * so a new slow file is seen rather than found later as a timeout on a busy machine.
 */
export default class DurationReporter implements Reporter {
  private startedAt = Date.now();
  private root = process.cwd();
  private log: (text: string) => void = (text) => process.stdout.write(`${text}\n`);

  onInit(vitest: Vitest): void {
    this.startedAt = Date.now();
    this.root = vitest.config.root;
    this.log = (text) => vitest.logger.log(text);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const wallMs = Date.now() - this.startedAt;
    const files: FileDuration[] = modules
      .map((module) => ({
        file: path.relative(this.root, module.moduleId),
        project: module.project.name,
        ms: Math.round(fileMs(module)),
        state: module.state(),
      }))
      .sort((a, b) => b.ms - a.ms);
    const run: RecordedRun = { endedAt: new Date().toISOString(), wallMs, files };
    const record = path.join(this.root, DURATIONS_FILE);
    try {
      mkdirSync(path.dirname(record), { recursive: true });
      writeFileSync(record, `${JSON.stringify(run, null, 1)}\n`);
    } catch {
      // a read-only checkout still gets the summary line
    }
    const slowest = files[0];
    const slowestText =
      slowest === undefined
        ? ''
        : `; slowest file ${slowest.file} (${(slowest.ms / 1000).toFixed(1)} s); npm run test:slowest lists the rest`;
    this.log(`intentgate tests: ${files.length} files in ${(wallMs / 1000).toFixed(1)} s${slowestText}`);
  }
}
