import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { humanHome, type HumanHome } from '../support/approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli } from './cliHarness';

// `intentgate widen` adds scope globs to an agent session's intent through its governor, with the
// approval credential and a human, as `approve` needs them; what the hook tells the model never
// names it.

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerHookAdapter(testHookAdapter);
});
afterAll(() => unregister());

const WRITE_DOCS = { event: 'pre', tool: 'write_to_file', args: { path: 'docs/guide.md', content: 'x' } };

async function hook(root: string, human: HumanHome, event: Record<string, unknown>): Promise<Record<string, unknown>> {
  const run = await cli(['hook', 'test-agent', '--workspace', root], {
    stdin: JSON.stringify({ session: 's1', ...event }),
    env: human.env,
  });
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** A workspace whose session s1 (INT-001: src/auth/**, tests/auth/) was refused a write to docs/. */
async function refused(
  human: HumanHome,
): Promise<{ readonly root: string; readonly refusal: Record<string, unknown> }> {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  await hook(root, human, { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  const refusal = await hook(root, human, WRITE_DOCS);
  expect(refusal).toMatchObject({ answer: 'deny', code: 'scope_violation' });
  return { root, refusal };
}

const intentsOf = (root: string): string =>
  readFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'utf8');

describe('intentgate widen', () => {
  it("adds the globs to the session's active intent with the credential named; the agent's retry passes the scope", async () => {
    const human = humanHome();
    const { root, refusal } = await refused(human);
    const run = await cli(
      ['widen', '--workspace', root, '--session', 's1', '--token-file', human.tokenFile, 'docs/**'],
      { env: human.env },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('The scope of INT-001 is now: src/auth/**, tests/auth/, docs/**');
    expect(run.code).toBe(0);
    expect(intentsOf(root)).toContain('docs/**');
    const retry = await hook(root, human, WRITE_DOCS);
    expect(retry.code).not.toBe('scope_violation');
    expect(['allow', 'ask']).toContain(retry.answer);
    // the model's message never hands it the command that widens
    expect(JSON.stringify(refusal)).not.toMatch(/intentgate widen|widen-scope|widenScope/);
    expect(JSON.stringify(retry)).not.toMatch(/intentgate widen|widen-scope|widenScope/);
  });

  it.each([
    {
      name: 'without a terminal and with the credential at its default place',
      argv: [] as string[],
      says: 'interactive terminal',
    },
    {
      name: 'a glob outside the workspace',
      argv: ['--token-file', '{token}'],
      glob: '/etc/**',
      says: 'relative to the workspace',
    },
    {
      name: 'an unknown intent',
      argv: ['--token-file', '{token}', '--intent', 'INT-404'],
      says: "no intent 'INT-404'",
    },
  ])('refuses $name with exit 3 and changes nothing', async ({ argv, glob, says }) => {
    const human = humanHome();
    const { root } = await refused(human);
    const before = intentsOf(root);
    const flags = argv.map((arg) => (arg === '{token}' ? human.tokenFile : arg));
    const run = await cli(['widen', '--workspace', root, '--session', 's1', ...flags, glob ?? 'docs/**'], {
      env: human.env,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(says);
    expect(intentsOf(root)).toBe(before);
  });

  it('refuses without any credential, and names an unknown session', async () => {
    const human = humanHome({ credential: false });
    const { root } = await refused(human);
    const none = await cli(['widen', '--workspace', root, '--session', 's1', 'docs/**'], { env: human.env });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('approving needs the approval credential');
    const other = humanHome();
    const unknown = await cli(
      ['widen', '--workspace', root, '--session', 'nobody', '--token-file', other.tokenFile, 'docs/**'],
      { env: other.env },
    );
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("no agent session 'nobody'");
  });
});
