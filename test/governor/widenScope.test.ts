// A person answers work outside the scope by widening the intent: the governor writes the
// intents file itself and adopts it as the person's edit, keeping what else the file says.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGovernor, InvalidArgumentError, type Governor } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

const INTENTS = `# the team's intents
active_intents:
  - id: INT-001
    name: JWT authentication
    owned_scope:
      - src/auth/**   # the login code
  - id: INT-002
    name: Docs
    owned_scope: [docs/api/**]
`;

const running: Governor[] = [];
afterEach(() => {
  for (const governor of running.splice(0)) governor.stop();
});

function inAction(): { governor: Governor; intentsFile: string } {
  const root = makeWorkspace({ intentsYaml: INTENTS });
  const governor = createGovernor({ workspaceRoot: root, trace: () => {} });
  running.push(governor);
  governor.approveSession(['FS_DELETE_OVERWRITE']);
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return { governor, intentsFile: path.join(root, '.orchestration', 'active_intents.yaml') };
}

const write = (governor: Governor, file: string) =>
  governor.handleToolCall('write_to_file', { path: file, content: 'x' });

describe('widenScope', () => {
  it('lets the next call run where the scope did not reach, with no control-file hold', () => {
    const { governor, intentsFile } = inAction();
    expect(write(governor, 'src/auth/a.ts').verdict).toBe('allow');
    expect(write(governor, 'docs/guide.md').code).toBe('scope_violation');
    expect(governor.widenScope('INT-001', ['docs/**'])).toEqual(['src/auth/**', 'docs/**']);
    // a DESTRUCTIVE tool ran before the edit, yet the governor made it: nothing is held
    expect(write(governor, 'docs/guide.md')).toMatchObject({ verdict: 'allow', code: 'destructive_in_scope' });
    expect(governor.activeIntent?.owned_scope).toEqual(['src/auth/**', 'docs/**']);
    const text = readFileSync(intentsFile, 'utf8');
    expect(text).toContain("# the team's intents");
    expect(text).toContain('# the login code');
    // the other intent keeps its scope (the YAML writer may space a flow list differently)
    expect(text).toMatch(/owned_scope: \[ ?docs\/api\/\*\* ?\]/);
  });

  it('adds an entry the intent owns only once', () => {
    const { governor } = inAction();
    expect(governor.widenScope('INT-001', ['src/auth/**', 'tests/auth/'])).toEqual(['src/auth/**', 'tests/auth/']);
  });

  it('refuses while the file holds a change the governor has not adopted, and puts that change to a human', () => {
    const { governor, intentsFile } = inAction();
    expect(write(governor, 'src/auth/a.ts').verdict).toBe('allow');
    // as an agent's command would, after a DESTRUCTIVE call
    writeFileSync(intentsFile, INTENTS.replace('src/auth/**', '**'));
    expect(() => governor.widenScope('INT-001', ['docs/**'])).toThrow(InvalidArgumentError);
    expect(write(governor, 'src/auth/b.ts').code).toBe('control_file_changed');
    expect(readFileSync(intentsFile, 'utf8')).toContain('- **   # the login code');
  });

  const refusals = [
    { name: 'an absolute path', intent: 'INT-001', entries: ['/etc/**'] },
    { name: 'a step out of the workspace', intent: 'INT-001', entries: ['../other/**'] },
    { name: 'an unknown intent', intent: 'INT-404', entries: ['docs/**'] },
    { name: 'no entry', intent: 'INT-001', entries: [] },
  ];
  for (const { name, intent, entries } of refusals) {
    it(`refuses ${name} and leaves the file as it was`, () => {
      const { governor, intentsFile } = inAction();
      expect(() => governor.widenScope(intent, entries)).toThrow(InvalidArgumentError);
      expect(readFileSync(intentsFile, 'utf8')).toBe(INTENTS);
    });
  }

  it('refuses when the intents come from the options', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS }),
      intents: [{ id: 'INT-001', owned_scope: ['src/**'] }],
      trace: () => {},
    });
    running.push(governor);
    expect(() => governor.widenScope('INT-001', ['docs/**'])).toThrow(/options/);
  });
});
