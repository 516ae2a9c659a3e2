import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IntentGateError } from '../../src/errors/IntentGateError';
import { IntentsFileError } from '../../src/errors/IntentsFileError';
import type { Intent } from '../../src/intents/intent';
import { INTENTS_FILE_NAME, loadIntentsFile, parseIntentsFile } from '../../src/intents/intentsFile';

const FILE = '/ws/.orchestration/active_intents.yaml';

const FULL_YAML = `active_intents:
  - id: INT-001
    name: JWT authentication
    status: IN_PROGRESS
    owned_scope:
      - src/auth/**
      - tests/auth/
    constraints:
      - keep the session API stable
    acceptance_criteria:
      - login returns a token
  - id: INT-002
    owned_scope: [docs/**]
`;

const FULL_INTENTS: readonly Intent[] = [
  {
    id: 'INT-001',
    name: 'JWT authentication',
    status: 'IN_PROGRESS',
    owned_scope: ['src/auth/**', 'tests/auth/'],
    constraints: ['keep the session API stable'],
    acceptance_criteria: ['login returns a token'],
  },
  { id: 'INT-002', owned_scope: ['docs/**'] },
];

/** Runs `run`, expecting an IntentsFileError, and returns it. */
function intentsFileError(run: () => unknown): IntentsFileError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(IntentsFileError);
  const error = thrown as IntentsFileError;
  expect(error).toBeInstanceOf(IntentGateError);
  expect(error.code).toBe('invalid_intents_file');
  expect(Array.isArray(error.issues)).toBe(true);
  expect(error.issues.length).toBeGreaterThan(0);
  return error;
}

// the field an issue names: the text before the first ': '
const issueSubjects = (error: IntentsFileError): string[] => error.issues.map((issue) => issue.split(': ')[0] ?? issue);

describe('parseIntentsFile', () => {
  it('returns every field of a valid file', () => {
    expect(parseIntentsFile(FULL_YAML, FILE)).toEqual(FULL_INTENTS);
  });

  const validCases: ReadonlyArray<{ name: string; text: string; expected: readonly Intent[] }> = [
    { name: 'returns no intents for an empty list', text: 'active_intents: []\n', expected: [] },
    {
      name: 'accepts an intent with an empty owned_scope',
      text: 'active_intents:\n  - id: A\n    owned_scope: []\n',
      expected: [{ id: 'A', owned_scope: [] }],
    },
    {
      name: 'trims whitespace around an intent id',
      text: 'active_intents:\n  - id: " A "\n    owned_scope: [src/**]\n',
      expected: [{ id: 'A', owned_scope: ['src/**'] }],
    },
    {
      name: "accepts a scope glob with a leading './'",
      text: 'active_intents:\n  - id: A\n    owned_scope: [./src/**]\n',
      expected: [{ id: 'A', owned_scope: ['./src/**'] }],
    },
    {
      name: "accepts a scope glob whose name only starts with '..'",
      text: 'active_intents:\n  - id: A\n    owned_scope: [..foo/**]\n',
      expected: [{ id: 'A', owned_scope: ['..foo/**'] }],
    },
  ];

  it.each(validCases)('$name', ({ text, expected }) => {
    expect(parseIntentsFile(text, FILE)).toEqual(expected);
  });

  const invalidCases: ReadonlyArray<{ name: string; text: string; subjects: string[] }> = [
    { name: 'rejects a file without the active_intents key', text: 'intents: []\n', subjects: ['active_intents'] },
    { name: 'rejects an empty file', text: '', subjects: ['(root)'] },
    { name: 'rejects a file that is a plain string', text: 'hello\n', subjects: ['(root)'] },
    { name: 'rejects active_intents given as a map', text: 'active_intents:\n  id: A\n', subjects: ['active_intents'] },
    {
      name: 'rejects owned_scope given as a string',
      text: 'active_intents:\n  - id: A\n    owned_scope: src/**\n',
      subjects: ['active_intents[0].owned_scope'],
    },
    {
      name: 'rejects an intent without an id',
      text: 'active_intents:\n  - owned_scope: [src/**]\n',
      subjects: ['active_intents[0].id'],
    },
    {
      name: 'rejects an intent without owned_scope',
      text: 'active_intents:\n  - id: A\n',
      subjects: ['active_intents[0].owned_scope'],
    },
    {
      name: 'rejects an id of only whitespace',
      text: 'active_intents:\n  - id: "  "\n    owned_scope: []\n',
      subjects: ['active_intents[0].id'],
    },
    {
      name: 'rejects a numeric id',
      text: 'active_intents:\n  - id: 5\n    owned_scope: []\n',
      subjects: ['active_intents[0].id'],
    },
    {
      name: 'rejects a duplicate id, naming the second intent',
      text: 'active_intents:\n  - id: A\n    owned_scope: [src/**]\n  - id: A\n    owned_scope: [docs/**]\n',
      subjects: ['active_intents[1].id'],
    },
    {
      name: 'rejects ids that are duplicates after trimming',
      text: 'active_intents:\n  - id: A\n    owned_scope: []\n  - id: " A"\n    owned_scope: []\n',
      subjects: ['active_intents[1].id'],
    },
    {
      name: "rejects a scope glob starting with '..'",
      text: 'active_intents:\n  - id: A\n    owned_scope: [../x/**]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: "rejects a scope glob with a '..' segment in the middle",
      text: 'active_intents:\n  - id: A\n    owned_scope: [src/**, src/../../etc/**]\n',
      subjects: ['active_intents[0].owned_scope[1]'],
    },
    {
      name: "rejects a scope glob with a backslash '..' segment",
      text: 'active_intents:\n  - id: A\n    owned_scope: ["src\\\\..\\\\..\\\\x"]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: 'rejects an absolute scope glob',
      text: 'active_intents:\n  - id: A\n    owned_scope: [/etc/**]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: 'rejects a drive-letter scope glob',
      text: 'active_intents:\n  - id: A\n    owned_scope: ["C:/x/**"]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: "rejects a scope glob under '~'",
      text: 'active_intents:\n  - id: A\n    owned_scope: ["~/x"]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: 'rejects an absolute scope glob written with backslashes',
      text: 'active_intents:\n  - id: A\n    owned_scope: ["\\\\etc\\\\**"]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: 'rejects a UNC scope glob',
      text: 'active_intents:\n  - id: A\n    owned_scope: ["\\\\\\\\server\\\\share\\\\**"]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: 'rejects an empty scope glob',
      text: 'active_intents:\n  - id: A\n    owned_scope: [""]\n',
      subjects: ['active_intents[0].owned_scope[0]'],
    },
    {
      name: 'reports every bad field at once',
      text: 'active_intents:\n  - id: A\n    owned_scope: src/**\n  - owned_scope: [/abs]\n',
      subjects: ['active_intents[0].owned_scope', 'active_intents[1].id', 'active_intents[1].owned_scope[0]'],
    },
    {
      name: 'rejects a YAML syntax error',
      text: 'active_intents:\n  - id: A\n    owned_scope: [src/**\n',
      subjects: ['YAML syntax'],
    },
    {
      name: 'rejects duplicate YAML keys',
      text: 'active_intents:\n  - id: A\n    id: B\n    owned_scope: []\n',
      subjects: ['YAML syntax'],
    },
    {
      name: 'rejects a file with several YAML documents',
      text: 'active_intents: []\n---\nactive_intents: []\n',
      subjects: ['YAML syntax'],
    },
  ];

  it.each(invalidCases)('$name', ({ text, subjects }) => {
    const error = intentsFileError(() => parseIntentsFile(text, FILE));
    expect({ subjects: issueSubjects(error), file: error.file, namesFile: error.message.includes(FILE) }).toEqual({
      subjects,
      file: FILE,
      namesFile: true,
    });
  });

  it('lists every issue in the message', () => {
    const error = intentsFileError(() => parseIntentsFile('active_intents:\n  - owned_scope: src/**\n', FILE));
    expect(error.issues.every((issue) => error.message.includes(issue))).toBe(true);
  });

  it('rejects an alias bomb with an IntentsFileError', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 9; level += 1) {
      const name = String.fromCharCode(97 + level);
      const previous = `*${String.fromCharCode(96 + level)}`;
      levels.push(`${name}: &${name} [${Array.from({ length: 9 }, () => previous).join(', ')}]`);
    }
    levels.push('active_intents: []');
    intentsFileError(() => parseIntentsFile(levels.join('\n'), FILE));
  });

  it('returns frozen intents, scopes and lists', () => {
    const intents = parseIntentsFile(FULL_YAML, FILE);
    const first = intents[0];
    expect({
      list: Object.isFrozen(intents),
      intent: Object.isFrozen(first),
      scope: Object.isFrozen(first?.owned_scope),
      constraints: Object.isFrozen(first?.constraints),
      criteria: Object.isFrozen(first?.acceptance_criteria),
      secondIntent: Object.isFrozen(intents[1]),
      secondScope: Object.isFrozen(intents[1]?.owned_scope),
    }).toEqual({
      list: true,
      intent: true,
      scope: true,
      constraints: true,
      criteria: true,
      secondIntent: true,
      secondScope: true,
    });
  });
});

describe('loadIntentsFile', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-intents-'));
  const fileIn = (name: string, text?: string): string => {
    const dir = path.join(root, name);
    mkdirSync(dir);
    const file = path.join(dir, INTENTS_FILE_NAME);
    if (text !== undefined) writeFileSync(file, text);
    return file;
  };

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names the file active_intents.yaml', () => {
    expect(INTENTS_FILE_NAME).toBe('active_intents.yaml');
  });

  it('returns every field of a valid file', () => {
    expect(loadIntentsFile(fileIn('valid', FULL_YAML))).toEqual(FULL_INTENTS);
  });

  it('returns a frozen empty list when the file is missing', () => {
    const intents = loadIntentsFile(fileIn('missing'));
    expect({ intents, frozen: Object.isFrozen(intents) }).toEqual({ intents: [], frozen: true });
  });

  it('returns an empty list when the directory is missing too', () => {
    expect(loadIntentsFile(path.join(root, 'nowhere', INTENTS_FILE_NAME))).toEqual([]);
  });

  it('accepts a file of exactly 1 MB', () => {
    const text = 'active_intents: []\n#';
    const file = fileIn('one-megabyte', text.padEnd(1024 * 1024, 'x'));
    expect(loadIntentsFile(file)).toEqual([]);
  });

  it('rejects a file over 1 MB', () => {
    const text = 'active_intents: []\n#';
    const file = fileIn('too-large', text.padEnd(1024 * 1024 + 1, 'x'));
    const error = intentsFileError(() => loadIntentsFile(file));
    expect({
      file: error.file,
      issues: error.issues.length,
      namesSize: error.issues[0]?.includes(String(1024 * 1024 + 1)),
    }).toEqual({
      file,
      issues: 1,
      namesSize: true,
    });
  });

  it('rejects a path that is a directory', () => {
    const file = fileIn('directory');
    mkdirSync(file);
    const error = intentsFileError(() => loadIntentsFile(file));
    expect({ file: error.file, issues: error.issues.length }).toEqual({ file, issues: 1 });
  });

  it('rejects a malformed file, naming the file and the field', () => {
    const file = fileIn('malformed', 'active_intents:\n  - id: A\n    owned_scope: src/**\n');
    const error = intentsFileError(() => loadIntentsFile(file));
    expect({ file: error.file, subjects: issueSubjects(error) }).toEqual({
      file,
      subjects: ['active_intents[0].owned_scope'],
    });
  });

  it('returns frozen intents from a file', () => {
    const [intent] = loadIntentsFile(fileIn('frozen', FULL_YAML));
    expect([Object.isFrozen(intent), Object.isFrozen(intent?.owned_scope)]).toEqual([true, true]);
  });
});
