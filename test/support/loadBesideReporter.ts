import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { burnerCount, startBurners } from '../../scripts/testUnderLoad';

/** The layers that run beside the CPU-bound processes: the work-heavy ones (docs/testing.md). */
export const LOADED_PROJECTS: readonly string[] = ['work', 'agents', 'browser', 'timing'];

/** `INTENTGATE_TEST_BURNERS`: how many CPU-bound processes; unset or 0 runs the suite as it is. */
export function burnersAsked(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.INTENTGATE_TEST_BURNERS;
  if (text === undefined || text === '') return 0;
  const count = burnerCount(text);
  if (count === undefined)
    throw new Error(`INTENTGATE_TEST_BURNERS takes a whole number from 0 to 16, got ${JSON.stringify(text)}`);
  return count;
}

/**
 * With `INTENTGATE_TEST_BURNERS=N`, starts N CPU-bound processes when the first file of a
 * work-heavy layer starts (vitest.config.ts runs those layers after the others) and stops them
 * when the run ends. CI sets it, so `npm test` itself shows that no work-heavy test needs an
 * idle machine, while the other layers keep the run short.
 */
export default class LoadBesideReporter implements Reporter {
  private readonly count = burnersAsked();
  private stop: (() => void) | undefined;
  private log: (text: string) => void = (text) => process.stdout.write(`${text}\n`);

  onInit(vitest: Vitest): void {
    this.log = (text) => vitest.logger.log(text);
  }

  onTestModuleStart(module: TestModule): void {
    if (this.count === 0 || this.stop !== undefined || !LOADED_PROJECTS.includes(module.project.name)) return;
    this.stop = startBurners(this.count).stop;
    this.log(
      `intentgate tests: ${this.count} CPU-bound processes run beside the ${LOADED_PROJECTS.join(', ')} layers from here on`,
    );
  }

  onTestRunEnd(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
