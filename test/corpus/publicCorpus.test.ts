import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RISK_CATEGORIES } from '../../src/index';
import {
  BEFORE_FILE,
  loadPublicCorpus,
  makeCorpusWorkspace,
  MAX_LINE,
  measureCommand,
  PUBLIC_CORPUS_DIR,
  PUBLIC_CORPUS_FILES,
  readCorpusFile,
  type CorpusLine,
  type CorpusWorkspace,
} from './publicCorpus';

const corpus = loadPublicCorpus();
const ROLES: readonly string[] = ['read', 'write', 'overwrite', 'delete'];

/** Everything one run makes of the corpus, with the workspace's own folder written as <tmp>. */
function runAll(lines: readonly CorpusLine[], workspace: CorpusWorkspace): string[] {
  return lines.map((line) => {
    const { record, categorization } = measureCommand(line, workspace);
    return JSON.stringify({ command: line.command, record, evidence: categorization.evidence })
      .split(workspace.root)
      .join('<tmp>');
  });
}

describe('public command corpus: data', () => {
  it.each(PUBLIC_CORPUS_FILES)(
    '%s: distinct, sorted, non-empty commands on lines of at most 2,000 characters',
    (file) => {
      const commands = readCorpusFile(file);
      expect(commands.length).toBeGreaterThan(0);
      expect(new Set(commands).size).toBe(commands.length);
      expect(commands).toEqual([...commands].sort());
      expect(commands.filter((command) => command.trim() === '' || command.includes('\0'))).toEqual([]);
      const lines = readFileSync(`${PUBLIC_CORPUS_DIR}${file}`, 'utf8').split('\n');
      expect(lines.filter((line) => line.length > MAX_LINE)).toEqual([]);
    },
  );

  it('holds between 1,000 and 5,000 distinct commands', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
    expect(corpus.length).toBeLessThanOrEqual(5000);
  });

  it('has a recorded "before" run over exactly these commands', () => {
    const recorded: unknown = JSON.parse(readFileSync(BEFORE_FILE, 'utf8'));
    expect(Object.keys(recorded as object).sort()).toEqual(corpus.map((line) => line.command));
  });
});

describe('public command corpus: analysis', () => {
  it('analyses every command without throwing, to known categories, once each in catalogue order, and known path roles', () => {
    const workspace = makeCorpusWorkspace();
    const problems: string[] = [];
    for (const line of corpus) {
      try {
        const { categorization, analysis } = measureCommand(line, workspace);
        const { categories } = categorization;
        const unknown = categories.filter((category) => !RISK_CATEGORIES.includes(category));
        const roles = analysis.pathOperands.map((operand) => operand.role).filter((role) => !ROLES.includes(role));
        // the catalogue's order, each once
        const ordered =
          categories.join() === RISK_CATEGORIES.filter((category) => categories.includes(category)).join();
        if (unknown.length > 0 || roles.length > 0 || !ordered)
          problems.push(`${line.command}: ${categories.join(' ')} ${roles.join(' ')}`);
      } catch (error) {
        problems.push(`${line.command}: threw ${String(error)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives the same categories, evidence and paths in two fresh workspaces', () => {
    expect(runAll(corpus, makeCorpusWorkspace())).toEqual(runAll(corpus, makeCorpusWorkspace()));
  });
});
