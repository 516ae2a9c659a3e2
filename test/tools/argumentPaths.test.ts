import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/index';
import type { Governor } from '../../src/index';
import { ARGUMENT_WALK_LIMITS, argumentStrings } from '../../src/tools/argumentStrings';
import { makeWorkspace } from '../support/workspace';

// A DESTRUCTIVE tool no kind describes has every string argument read as a possible path,
// whatever it is called and however deep it sits (issue 33, finding 7).

const INTENTS =
  'active_intents:\n  - id: INT-001\n    name: auth\n    status: IN_PROGRESS\n    owned_scope: ["src/**"]\n';

function workspace(): string {
  const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'secrets/\n' });
  for (const folder of ['src', 'docs', 'secrets']) mkdirSync(path.join(root, folder));
  writeFileSync(path.join(root, 'docs', 'guide.md'), '# Guide\n');
  writeFileSync(path.join(root, 'secrets', 'key.pem'), 'k');
  writeFileSync(path.join(root, 'README.md'), '# Project\n');
  return root;
}

/** A governor past the handshake with INT-001 (src/**) active. */
function withIntent(root: string, options: Parameters<typeof createGovernor>[0] = { workspaceRoot: root }): Governor {
  const governor = createGovernor({ ...options, workspaceRoot: root });
  governor.userPrompt('go');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' }).verdict).toBe('allow');
  return governor;
}

const CONTROL = '.orchestration/active_intents.yaml';

interface Case {
  readonly name: string;
  readonly args: (root: string) => Record<string, unknown>;
  readonly verdict: 'allow' | 'ask' | 'deny';
  /** the deciding reason's code */
  readonly code: string;
}

const nest = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { inner: nest(depth - 1, leaf) });

const cases: readonly Case[] = [
  // control files, under any name
  {
    name: 'refuses a control file named by `target`',
    args: () => ({ target: CONTROL }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file named by `file` with ./',
    args: () => ({ file: `./${CONTROL}` }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses an absolute control file named by `dest`',
    args: (root) => ({ dest: path.join(root, '.intentignore') }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file named by a `file:` URI in `uri`',
    args: (root) => ({ uri: `file://${root}/${CONTROL}` }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a missing control file named by `output`',
    args: () => ({ output: '.orchestration/new_intents.yaml' }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file in another case',
    args: () => ({ to: '.ORCHESTRATION/active_intents.yaml' }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file with whitespace around it',
    args: () => ({ target: ` ${CONTROL}\t` }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file inside an array of objects',
    args: () => ({
      ops: [
        { kind: 'delete', at: 'src/a.ts' },
        { kind: 'delete', at: CONTROL },
      ],
    }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file named by a nested key',
    args: () => ({ files: { '.intentignore': '' } }),
    verdict: 'deny',
    code: 'protected_path',
  },
  {
    name: 'refuses a control file at the deepest level walked',
    args: () => ({ spec: nest(ARGUMENT_WALK_LIMITS.depth - 2, CONTROL) }),
    verdict: 'deny',
    code: 'protected_path',
  },
  // scope and .intentignore
  {
    name: 'refuses an existing file outside the scope',
    args: () => ({ target: 'docs/guide.md' }),
    verdict: 'deny',
    code: 'scope_violation',
  },
  {
    name: 'refuses a new file in an existing folder outside the scope',
    args: () => ({ target: 'docs/new.md' }),
    verdict: 'deny',
    code: 'scope_violation',
  },
  {
    name: 'refuses a file above the workspace',
    args: () => ({ target: '../outside.txt' }),
    verdict: 'deny',
    code: 'scope_violation',
  },
  // a literal path outside the workspace is held for a human's answer to this call, never allowed by itself
  {
    name: 'holds a file in the home folder for a human',
    args: () => ({ target: '~/.bashrc' }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  { name: 'refuses an ignored file', args: () => ({ uri: 'secrets/key.pem' }), verdict: 'deny', code: 'path_ignored' },
  // texts that name nothing: the call is decided as before (an unmapped tool is held for a human)
  {
    name: 'holds a file in scope for a human, as an unmapped tool',
    args: () => ({ target: 'src/new.ts' }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  {
    name: 'does not read words, numbers and flags as paths',
    args: () => ({ message: 'hello world', reason: 'force', count: 3, recursive: true }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  {
    name: 'does not read a web URL as a path',
    args: () => ({ url: 'https://example.com/docs/guide.md' }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  {
    name: 'does not read text spanning lines as a path',
    args: () => ({ body: '/etc/passwd\nis a file' }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  {
    name: 'does not read a line of code with a comment as a path',
    args: () => ({ edits: [{ oldText: 'let a = 1;', newText: '// why a is one' }, { newText: '/* kept */' }] }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  {
    name: "does not read '~' before a number as a home folder",
    args: () => ({ note: '~50 files' }),
    verdict: 'ask',
    code: 'needs_approval',
  },
  // the path analysis reads '//' as a share, outside the workspace, as for a named path argument
  {
    name: "refuses a path written with '//'",
    args: (root) => ({ target: `/${path.join(root, CONTROL)}` }),
    verdict: 'deny',
    code: 'scope_violation',
  },
  // fail closed
  {
    name: 'refuses a path with a NUL character',
    args: () => ({ target: `${CONTROL}\0.txt` }),
    verdict: 'deny',
    code: 'invalid_arguments',
  },
  {
    name: 'refuses arguments nested deeper than the walk goes',
    args: () => ({ spec: nest(ARGUMENT_WALK_LIMITS.depth, 'x') }),
    verdict: 'deny',
    code: 'invalid_arguments',
  },
  {
    name: 'refuses arguments with more values than the walk visits',
    args: () => ({ list: Array.from({ length: ARGUMENT_WALK_LIMITS.values + 1 }, (_, index) => index) }),
    verdict: 'deny',
    code: 'invalid_arguments',
  },
];

describe('the paths of a DESTRUCTIVE tool no kind describes', () => {
  const root = workspace();
  it.each(cases)('$name', ({ args, verdict, code }) => {
    const decision = withIntent(root).handleToolCall('mcp__fs__delete', args(root));
    expect({ verdict: decision.verdict, code: decision.reasons[0]?.code }).toEqual({ verdict, code });
  });

  it('reads the same arguments of a tool whose kind names its paths as the kind says', () => {
    const options = {
      workspaceRoot: root,
      classification: { save_note: 'DESTRUCTIVE' as const },
      toolKinds: { save_note: { kind: 'file_write' as const, path: 'file' } },
    };
    const decision = withIntent(root, options).handleToolCall('save_note', { file: 'src/note.md', content: CONTROL });
    expect(decision.reasons.map((reason) => reason.code)).not.toContain('protected_path');
    expect(withIntent(root, options).handleToolCall('save_note', { file: CONTROL }).reasons[0]?.code).toBe(
      'protected_path',
    );
  });

  it("leaves a SAFE tool's arguments to its class", () => {
    const options = { workspaceRoot: root, classification: { peek: 'SAFE' as const } };
    expect(withIntent(root, options).handleToolCall('peek', { target: CONTROL }).verdict).toBe('allow');
  });
});

describe('argumentStrings', () => {
  it('names where each string is, keys of nested objects included', () => {
    expect(argumentStrings({ path: 'skipped', a: [{ b: 'x' }], n: 1 }, ['path'])).toEqual({
      ok: true,
      strings: [
        { where: 'a[0]{b}', text: 'b' },
        { where: 'a[0].b', text: 'x' },
      ],
    });
  });
});
