import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MARKER = '<!-- offline example: test/integrations/openaiAgents/offlineExample.ts -->';

// the docs import the published entry points; the example file imports the sources
const asPublished = (source: string): string =>
  source
    .replace("'../../../src/integrations/openaiAgents/index'", "'intentgate/openai-agents'")
    .replace("'../../../src/index'", "'intentgate'");

function docsExample(): string {
  const docs = readFileSync(`${REPO_ROOT}/docs/integrations/openai-agents.md`, 'utf8');
  const start = docs.indexOf(MARKER);
  if (start === -1) throw new Error('the offline example marker is missing from docs/integrations/openai-agents.md');
  const block = /```ts\n([\s\S]*?)```/.exec(docs.slice(start));
  if (!block?.[1]) throw new Error('no ts block follows the offline example marker');
  return block[1];
}

/** The lines the docs say the example prints: the text block after 'It prints:'. */
function docsOutput(): string[] {
  const docs = readFileSync(`${REPO_ROOT}/docs/integrations/openai-agents.md`, 'utf8');
  const block = /It prints:\n\n```text\n([\s\S]*?)```/.exec(docs.slice(docs.indexOf(MARKER)));
  if (!block?.[1]) throw new Error("no text block follows 'It prints:' after the offline example");
  return block[1].trimEnd().split('\n');
}

describe('the offline example of docs/integrations/openai-agents.md', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is the code of offlineExample.ts', () => {
    expect(docsExample()).toBe(
      asPublished(readFileSync(fileURLToPath(new URL('./offlineExample.ts', import.meta.url)), 'utf8')),
    );
  });

  it('runs offline: refused before the handshake, approved sudo runs once', async () => {
    vi.stubEnv('TMPDIR', process.env.INTENTGATE_TEST_TMP ?? '');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    await import('./offlineExample');

    expect(lines[0]).toBe('turn: the model sees select_active_intent');
    expect(lines).toContain('turn: the model sees write_to_file, execute_command, select_active_intent');
    expect(lines.find((line) => line.startsWith('1) What I want to do:'))).toContain('sudo ls /');
    expect(lines).toContain(
      "write_to_file -> State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.",
    );
    expect(lines).toContain('execute_command -> ran sudo ls /');
    expect(lines.at(-1)).toBe('Done.');
    expect(lines.join('\n').split('\n')).toEqual(docsOutput());
  });
});
