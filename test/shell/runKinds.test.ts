import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listTsFiles, relativeTo } from '../../scripts/moduleImports';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { MECHANISM_RUN_KINDS } from '../../src/shell/catalog/shellAnalysis';
import { RUN_FILE_READERS } from '../../src/shell/programs/runFileReaders';

// A run's kind is a string the mechanism does not list: each kind a family's reader reports must
// be read by the reader registered under it, or the run would be read as a shell script.

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHELL_ROOT = path.join(REPO_ROOT, 'src/shell');

const MECHANISM: ReadonlySet<string> = new Set(MECHANISM_RUN_KINDS);
const isRead = (kind: string): boolean => MECHANISM.has(kind) || Object.hasOwn(RUN_FILE_READERS, kind);

const unwrapped = (node: ts.Expression): ts.Expression =>
  ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)
    ? unwrapped(node.expression)
    : node;

/** The kinds an expression gives: a string literal, or either branch of a choice between them. */
function kindsOf(node: ts.Expression): string[] {
  const inner = unwrapped(node);
  if (ts.isStringLiteralLike(inner)) return [inner.text];
  if (ts.isConditionalExpression(inner)) return [...kindsOf(inner.whenTrue), ...kindsOf(inner.whenFalse)];
  return [];
}

interface ProducedKind {
  readonly kind: string;
  readonly where: string;
}

/** Every kind the shell's code gives a run: `how: 'make'` in an object, or the kind a run is noted with. */
function producedKinds(): ProducedKind[] {
  const produced: ProducedKind[] = [];
  for (const file of listTsFiles(SHELL_ROOT)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const note = (kinds: readonly string[], node: ts.Node): void => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      for (const kind of kinds) produced.push({ kind, where: `${relativeTo(REPO_ROOT, file)}:${line}` });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'how') note(kindsOf(node.initializer), node);
      else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'noteScriptRun' &&
        node.arguments[1] !== undefined
      )
        note(kindsOf(node.arguments[1]), node);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return produced;
}

describe('the kinds of run', () => {
  const produced = producedKinds();

  it('finds the kinds the shell code gives its runs', () => {
    // the mechanism's own kinds and some family's are given somewhere; an empty scan proves nothing
    expect(produced.some(({ kind }) => kind === 'shell')).toBe(true);
    expect(produced.some(({ kind }) => !MECHANISM.has(kind))).toBe(true);
  });

  it('registers a reader for every kind a family gives a run', () => {
    expect(produced.filter(({ kind }) => !isRead(kind)).map(({ kind, where }) => `${where} ${kind}`)).toEqual([]);
  });

  it('registers no reader under a kind the mechanism reads itself', () => {
    expect(MECHANISM_RUN_KINDS.filter((kind) => Object.hasOwn(RUN_FILE_READERS, kind))).toEqual([]);
  });

  it.each([
    { name: 'a Makefile target', command: 'make build' },
    { name: 'a just recipe', command: 'just test' },
    { name: 'a task of a Taskfile', command: 'task lint' },
    { name: 'a package script', command: 'npm run build' },
    { name: 'a git commit, which runs hooks', command: 'git commit -m x' },
    { name: 'a file of SQL a client runs', command: 'psql -f schema.sql' },
    { name: 'a shell script given to bash', command: 'bash deploy.sh' },
    { name: 'a program run by its path', command: './deploy.sh' },
  ])('reads every run of $name with a registered reader or the mechanism', ({ command }) => {
    const kinds = analyzeShell(command).scriptRuns.map((run) => run.how);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((kind) => !isRead(kind))).toEqual([]);
  });
});
