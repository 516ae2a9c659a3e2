import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/index';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MARKER = '<!-- offline example: test/integrations/aiSdk/offlineExample.ts -->';

// the docs import the published entry points; the example file imports the sources
const asPublished = (source: string): string =>
  source
    .replace("'../../../src/integrations/aiSdk/index'", "'intentgate/ai-sdk'")
    .replace("'../../../src/index'", "'intentgate'");

function docsExample(): string {
  const docs = readFileSync(`${REPO_ROOT}/docs/integrations/ai-sdk.md`, 'utf8');
  const start = docs.indexOf(MARKER);
  if (start === -1) throw new Error('the offline example marker is missing from docs/integrations/ai-sdk.md');
  const block = /```ts\n([\s\S]*?)```/.exec(docs.slice(start));
  if (!block?.[1]) throw new Error('no ts block follows the offline example marker');
  return block[1];
}

describe('the offline example of docs/integrations/ai-sdk.md', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is the code of offlineExample.ts', () => {
    expect(docsExample()).toBe(
      asPublished(readFileSync(fileURLToPath(new URL('./offlineExample.ts', import.meta.url)), 'utf8')),
    );
  });

  it('runs offline: refused before the handshake and out of scope, approved sudo runs, then the final text', async () => {
    vi.stubEnv('TMPDIR', process.env.INTENTGATE_TEST_TMP ?? '');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    await import('./offlineExample');

    expect(lines[0]).toBe(`write_to_file -> "Error repairing tool call: ${STATE_VIOLATION_MESSAGE}"`);
    expect(lines[1]).toMatch(/^select_active_intent -> "Active intent: INT-001: Login page \(scope: src\/\*\*\)\./);
    expect(JSON.parse(lines[2]?.replace(/^write_to_file -> /, '') ?? '')).toEqual({
      error: 'denied',
      tool: 'write_to_file',
      code: 'scope_violation',
      reason: "Scope Violation: 'docs/login.md' is outside the scope of intent 'INT-001' (src/**).",
    });
    expect(lines[3]).toMatch(
      /^1\) What I want to do: Run the command: sudo apt-get install x\n[\s\S]*\n5\) \[Continue\] \[Cancel\]/,
    );
    expect(JSON.parse(lines[4] ?? '')).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'c4',
        toolName: 'execute_command',
        output: { type: 'text', value: 'ran sudo apt-get install x' },
      },
    ]);
    expect(lines.at(-1)).toBe('Installed x.');
    expect(lines).toHaveLength(6);
  });
});
