// Categorizes every command of a JSON list, ROUNDS times, with a checkout's built library, in a
// workspace left to settle for SETTLE_MS first: run under valgrind by scripts/countInstructions.ts,
// which counts the instructions it takes.
//   node scripts/countInstructionsChild.mjs CHECKOUT COMMANDS.json ROUNDS SETTLE_MS
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const [checkout, commandsFile, roundsText, settleText] = process.argv.slice(2);
if (settleText === undefined)
  throw new Error('usage: node scripts/countInstructionsChild.mjs CHECKOUT COMMANDS.json ROUNDS SETTLE_MS');
const { categorize } = await import(pathToFileURL(path.resolve(checkout, 'dist/index.js')).href);
const commands = JSON.parse(readFileSync(commandsFile, 'utf8'));
const workspaceRoot = mkdtempSync(path.join(tmpdir(), 'intentgate-instructions-'));
// as a running host's folders mostly are: settled, so their listings are kept (src/files/settledListings.ts)
await sleep(Number(settleText));
try {
  for (let round = 0; round < Number(roundsText); round++)
    for (const command of commands) categorize('shell', { command }, { workspaceRoot });
} finally {
  rmSync(workspaceRoot, { recursive: true, force: true });
}
