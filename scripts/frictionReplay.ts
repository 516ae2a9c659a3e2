// Replays real agent sessions (test/corpus/data/sessions) through intentgate with the approvals a
// coding session gives, and reports what a human would be asked (docs/friction.md).
//   npm run friction [-- --json FILE] [-- --write-baseline]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { frictionText } from './friction/frictionText';
import { figuresJson, replayStoredSessions } from './friction/replayStoredSessions';
import { BASELINE_FILE } from './friction/sessionData';

function main(): void {
  const { values } = parseArgs({ options: { json: { type: 'string' }, 'write-baseline': { type: 'boolean' } } });
  const { figures } = replayStoredSessions();
  process.stdout.write(frictionText(figures));
  if (values.json !== undefined) {
    writeFileSync(values.json, figuresJson(figures));
    process.stdout.write(`wrote ${values.json}\n`);
  }
  if (values['write-baseline'] === true) {
    writeFileSync(BASELINE_FILE, figuresJson(figures));
    process.stdout.write(`wrote ${BASELINE_FILE}\n`);
  }
}

main();
