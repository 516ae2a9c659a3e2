import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PolicyError } from '../../src/errors/PolicyError';
import { createGovernor } from '../../src/governor/createGovernor';
import { loadPolicy } from '../../src/policy/loadPolicy';

function folder(): string {
  return mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'policy-'));
}

function write(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function issuesOf(file: string): readonly string[] {
  try {
    loadPolicy(file);
    return [];
  } catch (error) {
    if (error instanceof PolicyError) return error.issues;
    throw error;
  }
}

const FORMATS = [
  { name: '.json', file: 'policy.json', text: '{"version": 1, "workspaceRoot": "project", "locale": "ru"}' },
  { name: '.yaml', file: 'policy.yaml', text: 'version: 1\nworkspaceRoot: project\nlocale: ru\n' },
  { name: '.yml', file: 'policy.yml', text: 'version: 1\nworkspaceRoot: project\nlocale: ru\n' },
  { name: '.YAML in capitals', file: 'POLICY.YAML', text: 'version: 1\nworkspaceRoot: project\nlocale: ru\n' },
];

describe('loadPolicy', () => {
  it.each(FORMATS)('reads a $name file and resolves paths against its folder', ({ file, text }) => {
    const dir = folder();
    const loaded = loadPolicy(write(dir, file, text));
    expect(loaded).toEqual({
      file: path.join(dir, file),
      governor: { workspaceRoot: path.join(dir, 'project'), locale: 'ru' },
      service: {},
      mcp: {},
      checked: { examples: 0, checks: 0 },
    });
  });

  it('resolves relative paths against the file, not the working directory', () => {
    const dir = folder();
    const nested = path.join(dir, 'config');
    mkdirSync(nested);
    const loaded = loadPolicy(
      write(nested, 'p.yaml', 'version: 1\nworkspaceRoot: ..\norchestrationDir: ../.control\ntrace: ../trace.jsonl\n'),
    );
    expect(loaded.governor).toEqual({
      workspaceRoot: dir,
      orchestrationDir: path.join(dir, '.control'),
      trace: path.join(dir, 'trace.jsonl'),
    });
  });

  it('gives options createGovernor accepts: a governed workspace with the policy intents', () => {
    const dir = folder();
    mkdirSync(path.join(dir, '.orchestration'));
    const loaded = loadPolicy(
      write(
        dir,
        'p.yaml',
        'version: 1\nworkspaceRoot: .\nsafeMode: false\nintents: [{ id: INT-1, owned_scope: [src/**] }]\n',
      ),
    );
    const governor = createGovernor({ ...loaded.governor, trace: () => undefined });
    governor.userPrompt('go');
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
    expect(governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'x' }).code).toBe(
      'destructive_in_scope',
    );
    governor.stop();
  });

  it('reports a missing file with its name', () => {
    const file = path.join(folder(), 'absent.yaml');
    expect(issuesOf(file)).toEqual(['no such file; check the path']);
    expect(() => loadPolicy(file)).toThrow(`Invalid policy ${file}:\n- no such file; check the path`);
  });

  it('reports a folder given as the file', () => {
    const dir = path.join(folder(), 'a.yaml');
    mkdirSync(dir);
    expect(issuesOf(dir)[0]).toMatch(/^cannot read the file: .*EISDIR/);
  });

  it('refuses a file over 1 MiB before parsing it', () => {
    const file = write(folder(), 'big.yaml', `version: 1\n#${'x'.repeat(1024 * 1024)}\n`);
    expect(issuesOf(file)).toEqual([`the file is ${1024 * 1024 + 13} bytes; the limit is ${1024 * 1024}`]);
  });

  it('refuses an extension that names no format', () => {
    const file = write(folder(), 'policy.toml', 'version = 1');
    expect(issuesOf(file)).toEqual([
      "the file name must end in .json, .yaml or .yml to name its format, got 'policy.toml'",
    ]);
  });
});
