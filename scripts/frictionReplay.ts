// Replays real agent sessions (test/corpus/data/sessions) through intentgate with the approvals a
// coding session gives, and reports what a human would be asked (docs/friction.md).
//   npm run friction [-- --json FILE] [-- --write-baseline] [-- --bare] [-- --contained]
// --bare replays in workspaces holding no files but the repository's, to show what the layout changes.
// --contained replays for a host that runs every shell command in the containment sandbox.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { frictionText } from './friction/frictionText';
import { baselineFile, figuresJson, replayStoredSessions } from './friction/replayStoredSessions';

function main(): void {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      'write-baseline': { type: 'boolean' },
      bare: { type: 'boolean' },
      contained: { type: 'boolean' },
    },
  });
  if (values.bare === true && values['write-baseline'] === true)
    throw new Error('--write-baseline records the named layout: leave out --bare');
  const containment = values.contained === true ? 'contained' : 'analysisOnly';
  const { figures } = replayStoredSessions(values.bare === true ? 'bare' : 'named', containment);
  process.stdout.write(frictionText(figures));
  if (values.json !== undefined) {
    writeFileSync(values.json, figuresJson(figures));
    process.stdout.write(`wrote ${values.json}\n`);
  }
  if (values['write-baseline'] === true) {
    const file = baselineFile(containment);
    writeFileSync(file, figuresJson(figures));
    process.stdout.write(`wrote ${file}\n`);
  }
}

main();
