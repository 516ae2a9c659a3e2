import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IntentGateError } from '../../src/errors/IntentGateError';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { INTENT_IGNORE_FILE, loadIntentIgnore, parseIntentIgnore } from '../../src/intents/intentIgnore';

interface Case {
  readonly name: string;
  readonly text: string;
  readonly path: string;
  readonly expected: boolean;
}

const cases: readonly Case[] = [
  // directory rules
  { name: "ignores the directory named by 'secrets/'", text: 'secrets/', path: 'secrets', expected: true },
  { name: "ignores a file under 'secrets/'", text: 'secrets/', path: 'secrets/a.txt', expected: true },
  { name: "ignores a deep file under 'secrets/'", text: 'secrets/', path: 'secrets/deep/b', expected: true },
  {
    name: "ignores a nested 'secrets/' directory at any depth",
    text: 'secrets/',
    path: 'x/secrets/a.txt',
    expected: true,
  },
  {
    name: "does not ignore a file that only shares the 'secrets' prefix",
    text: 'secrets/',
    path: 'secrets.txt',
    expected: false,
  },
  {
    name: "does not ignore a directory that only shares the 'secrets' prefix",
    text: 'secrets/',
    path: 'secretsx/a',
    expected: false,
  },
  { name: 'ignores a root-anchored directory', text: '/build', path: 'build/x.js', expected: true },
  {
    name: 'does not ignore a nested directory for a root-anchored rule',
    text: '/build',
    path: 'src/build/x.js',
    expected: false,
  },

  // file globs
  { name: "ignores a root file matched by '*.pem'", text: '*.pem', path: 'a.pem', expected: true },
  { name: "ignores a nested file matched by '*.pem'", text: '*.pem', path: 'x/y.pem', expected: true },
  { name: "does not ignore a file that only contains '.pem'", text: '*.pem', path: 'a.pem.txt', expected: false },
  { name: "does not ignore an unrelated file with '*.pem'", text: '*.pem', path: 'src/a.ts', expected: false },

  // negation
  {
    name: 'does not ignore a file re-included by a negation',
    text: '*.pem\n!keep.pem',
    path: 'keep.pem',
    expected: false,
  },
  {
    name: 'does not ignore a nested file re-included by a negation',
    text: '*.pem\n!keep.pem',
    path: 'x/keep.pem',
    expected: false,
  },
  {
    name: 'still ignores the other files of a negated glob',
    text: '*.pem\n!keep.pem',
    path: 'other.pem',
    expected: true,
  },
  { name: 'lets a later rule undo a negation', text: '*.pem\n!keep.pem\nkeep.pem', path: 'keep.pem', expected: true },
  {
    name: 'cannot re-include a file whose parent directory is ignored',
    text: 'secrets/\n!secrets/keep.txt',
    path: 'secrets/keep.txt',
    expected: true,
  },

  // comments, blank lines and whitespace
  { name: 'does not treat a comment as a rule', text: '# secrets/', path: 'secrets/a.txt', expected: false },
  {
    name: 'skips comments and blank lines between rules',
    text: '# keys\n\n*.pem\n\n# dirs\nsecrets/\n',
    path: 'secrets/a',
    expected: true,
  },
  { name: 'applies rules after comments and blank lines', text: '# keys\n\n*.pem\n', path: 'a.pem', expected: true },
  { name: "treats an escaped '#' as a file name", text: '\\#notes', path: '#notes', expected: true },
  { name: 'ignores trailing spaces of a rule', text: 'a.pem   ', path: 'a.pem', expected: true },
  { name: 'reads rules from CRLF lines', text: 'secrets/\r\n*.pem\r\n', path: 'x/b.pem', expected: true },

  // empty text and the root
  { name: 'ignores nothing with an empty text', text: '', path: 'secrets/a.txt', expected: false },
  { name: 'ignores nothing with a text of only whitespace', text: ' \n\t\n', path: 'a.pem', expected: false },
  { name: 'ignores nothing with a text of only comments', text: '# nothing here\n', path: 'a.pem', expected: false },
  { name: "never ignores the root path '' with an empty text", text: '', path: '', expected: false },
  { name: "never ignores the root path '' with a '*' rule", text: '*', path: '', expected: false },
  { name: "never ignores the root path '' with a '**' rule", text: '**', path: '', expected: false },
  { name: "ignores every other path with a '*' rule", text: '*', path: 'src/a.ts', expected: true },
];

describe('parseIntentIgnore', () => {
  it.each(cases)('$name', ({ text, path: relativePath, expected }) => {
    expect(parseIntentIgnore(text).ignores(relativePath)).toBe(expected);
  });
});

describe('loadIntentIgnore', () => {
  const made: string[] = [];
  const tempWorkspace = (): string => {
    const root = mkdtempSync(path.join(tmpdir(), 'intentgate-ignore-'));
    made.push(root);
    return root;
  };
  const probe = ['secrets', 'secrets/a.txt', 'x/y.pem', 'src/a.ts', ''];

  afterEach(() => {
    for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('names the ignore file .intentignore', () => {
    expect(INTENT_IGNORE_FILE).toBe('.intentignore');
  });

  it('ignores nothing when the workspace has no .intentignore', () => {
    const ignore = loadIntentIgnore(tempWorkspace());
    expect(probe.map((relativePath) => ignore.ignores(relativePath))).toEqual([false, false, false, false, false]);
  });

  it('ignores nothing when the workspace root does not exist', () => {
    const ignore = loadIntentIgnore(path.join(tempWorkspace(), 'missing'));
    expect(probe.map((relativePath) => ignore.ignores(relativePath))).toEqual([false, false, false, false, false]);
  });

  it('uses the rules of the .intentignore file', () => {
    const root = tempWorkspace();
    writeFileSync(path.join(root, '.intentignore'), '# local secrets\nsecrets/\n*.pem\n');
    const ignore = loadIntentIgnore(root);
    expect(probe.map((relativePath) => ignore.ignores(relativePath))).toEqual([true, true, true, false, false]);
  });

  it('ignores nothing when .intentignore is empty', () => {
    const root = tempWorkspace();
    writeFileSync(path.join(root, '.intentignore'), '');
    const ignore = loadIntentIgnore(root);
    expect(probe.map((relativePath) => ignore.ignores(relativePath))).toEqual([false, false, false, false, false]);
  });

  it('throws InvalidOptionsError naming the file when .intentignore is a directory', () => {
    const root = tempWorkspace();
    mkdirSync(path.join(root, '.intentignore'));
    const file = path.join(root, '.intentignore');
    let thrown: unknown;
    try {
      loadIntentIgnore(root);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionsError);
    expect(thrown).toBeInstanceOf(IntentGateError);
    const error = thrown as InvalidOptionsError;
    expect({
      code: error.code,
      name: error.name,
      issueCount: error.issues.length,
      namesFile: error.issues[0]?.startsWith(`${file}:`),
      messageNamesFile: error.message.includes(file),
    }).toEqual({
      code: 'invalid_options',
      name: 'InvalidOptionsError',
      issueCount: 1,
      namesFile: true,
      messageNamesFile: true,
    });
  });
});
