import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// access_mcp_resource with a file: URI reads that path: .intentignore, the workspace boundary
// and the secret rules apply as they do to read_file. Other schemes name no file.

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

function attackerSetting(): { governor: Governor; root: string } {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' });
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return { governor, root };
}

interface ResourceCase {
  readonly name: string;
  readonly uri: (root: string) => unknown;
  readonly code: string;
  readonly categories?: readonly string[];
}

const CASES: readonly ResourceCase[] = [
  { name: 'a file URI of an ignored path', uri: (root) => `file://${root}/secrets/key.txt`, code: 'path_ignored' },
  { name: 'a file URI of an ignored folder', uri: (root) => `file://${root}/secrets`, code: 'path_ignored' },
  {
    name: 'a file URI with an upper-case scheme',
    uri: (root) => `FILE://${root}/secrets/key.txt`,
    code: 'path_ignored',
  },
  { name: "a file URI on 'localhost'", uri: (root) => `file://localhost${root}/secrets/key.txt`, code: 'path_ignored' },
  {
    name: 'a file URI with a percent-encoded name',
    uri: (root) => `file://${root}/%73ecrets/key.txt`,
    code: 'path_ignored',
  },
  { name: 'a file URI with a leading space', uri: (root) => ` file://${root}/secrets/key.txt`, code: 'path_ignored' },
  {
    name: 'a file URI outside the workspace',
    uri: () => 'file:///etc/passwd',
    code: 'needs_approval',
    categories: ['FS_OUTSIDE_WORKSPACE'],
  },
  {
    name: 'a file URI on another host',
    uri: () => 'file://fileserver/share/notes.txt',
    code: 'needs_approval',
    categories: ['FS_OUTSIDE_WORKSPACE'],
  },
  {
    name: 'a file URI that climbs out of the workspace',
    uri: (root) => `file://${root}/src/../../x`,
    code: 'needs_approval',
    categories: ['FS_OUTSIDE_WORKSPACE'],
  },
  {
    name: 'a file URI of a secret',
    uri: (root) => `file://${root}/.env`,
    code: 'needs_approval',
    categories: ['FS_CONFIG_SECRETS'],
  },
  { name: 'a file URI of a source file', uri: (root) => `file://${root}/src/a.ts`, code: 'safe_tool' },
  {
    name: 'a file URI of the intents file, which may be read',
    uri: (root) => `file://${root}/.orchestration/active_intents.yaml`,
    code: 'safe_tool',
  },
  { name: 'an https URI, which names no file', uri: () => 'https://example.com/.env', code: 'safe_tool' },
  { name: "a server's own scheme, which names no file", uri: () => 'mcp://notes/secrets/key.txt', code: 'safe_tool' },
  { name: 'a database URI, which names no file', uri: () => 'postgres://db/secrets', code: 'safe_tool' },
  { name: 'a URI that is a number', uri: () => 5, code: 'invalid_arguments' },
  { name: 'a URI that is an array', uri: (root) => [`file://${root}/secrets/key.txt`], code: 'invalid_arguments' },
];

describe('access_mcp_resource, in ACTION with scope src/** and EXEC_ARBITRARY and FS_DELETE_OVERWRITE approved', () => {
  it.each(CASES)('decides $name as $code', ({ uri, code, categories }) => {
    const { governor, root } = attackerSetting();
    const decision = governor.handleToolCall('access_mcp_resource', { server_name: 'files', uri: uri(root) });
    expect(decision.code).toBe(code);
    expect(decision.verdict).toBe(code === 'safe_tool' ? 'allow' : code === 'needs_approval' ? 'ask' : 'deny');
    if (categories !== undefined)
      expect(decision.approval?.categories).toEqual(expect.arrayContaining([...categories]));
    if (code === 'safe_tool') expect(decision.categories).toEqual([]);
  });

  it('refuses an ignored path before an intent is selected too', () => {
    const root = makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' });
    const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
    governor.userPrompt('look around');
    expect(
      governor.handleToolCall('access_mcp_resource', { server_name: 'files', uri: `file://${root}/secrets/key.txt` })
        .code,
    ).toBe('path_ignored');
  });
});
