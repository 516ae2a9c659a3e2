import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, IntentsFileError, InvalidOptionsError, TRACE_FILE_NAME } from '../../src/index';
import { readRegularFile } from '../../src/files/readRegularFile';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const root = makeWorkspace({ orchestration: false });
writeFileSync(path.join(root, 'small.txt'), 'hello');
writeFileSync(path.join(root, 'large.txt'), 'x'.repeat(2048));
writeFileSync(path.join(root, 'at-limit.txt'), 'y'.repeat(1024));
writeFileSync(path.join(root, 'one-over.txt'), 'y'.repeat(1025));
// 'ж' is two bytes: 512 of them are 1,024 bytes, at the limit, in 512 characters
writeFileSync(path.join(root, 'cyrillic.txt'), 'ж'.repeat(512));
mkdirSync(path.join(root, 'folder'));
execFileSync('mkfifo', [path.join(root, 'pipe')]);

describe('readRegularFile', () => {
  it.each([
    { name: 'reads a small regular file', file: 'small.txt', kind: 'text' },
    { name: 'reports a missing file', file: 'nothing.txt', kind: 'missing' },
    { name: 'refuses a folder', file: 'folder', kind: 'not-a-file' },
    { name: 'refuses a FIFO without blocking', file: 'pipe', kind: 'not-a-file' },
    { name: 'refuses a file over the limit', file: 'large.txt', kind: 'too-large' },
    { name: 'reads a file exactly at the limit', file: 'at-limit.txt', kind: 'text' },
    { name: 'refuses a file one byte over the limit', file: 'one-over.txt', kind: 'too-large' },
    { name: 'reads two-byte characters up to the limit in bytes', file: 'cyrillic.txt', kind: 'text' },
  ])('$name', ({ file, kind }) => {
    expect(readRegularFile(path.join(root, file), 1024).kind).toBe(kind);
  });

  it('returns the text of a regular file', () => {
    expect(readRegularFile(path.join(root, 'small.txt'), 1024)).toEqual({ kind: 'text', text: 'hello' });
  });

  it('decodes UTF-8 text whole', () => {
    expect(readRegularFile(path.join(root, 'cyrillic.txt'), 1024)).toEqual({ kind: 'text', text: 'ж'.repeat(512) });
  });

  // a file whose size fstat cannot tell (0 for /proc files) is read to its end all the same
  it.skipIf(!existsSync('/proc/version'))('reads a file that holds more than fstat says, to its end', () => {
    expect(readRegularFile('/proc/version', 64 * 1024)).toEqual({
      kind: 'text',
      text: readFileSync('/proc/version', 'utf8'),
    });
  });

  it.skipIf(!existsSync('/proc/version'))(
    'refuses a file that turns out longer than the limit while it is read',
    () => {
      const length = readFileSync('/proc/version').length;
      expect(readRegularFile('/proc/version', length - 1)).toEqual({ kind: 'too-large', size: length });
    },
  );
});

describe('workspace files put in place as FIFOs', () => {
  it('refuses an intents file that is a FIFO with a typed error, without blocking', () => {
    const workspace = makeWorkspace();
    execFileSync('mkfifo', [path.join(workspace, '.orchestration', 'active_intents.yaml')]);
    expect(() => createGovernor({ workspaceRoot: workspace })).toThrow(IntentsFileError);
  });

  it('refuses a risky call whose trace file is a FIFO, rather than block on it later', () => {
    const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    execFileSync('mkfifo', [path.join(workspace, '.orchestration', TRACE_FILE_NAME)]);
    const governor = createGovernor({ workspaceRoot: workspace, safeMode: false });
    governor.userPrompt();
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const decision = governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: 'x' });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'trace_unavailable' });
    expect(decision.reason).toContain('not a regular file');
  });

  it("reads mkfifo's operands and mknod's node as writes, so control files are protected from them", () => {
    expect(
      analyzeShell('mkfifo .orchestration/agent_trace.jsonl && mknod .intentignore p').pathOperands.map((operand) => [
        operand.path,
        operand.role,
      ]),
    ).toEqual([
      ['.orchestration/agent_trace.jsonl', 'write'],
      ['.intentignore', 'write'],
    ]);
  });

  it('refuses an .intentignore that is a FIFO with a typed error, without blocking', () => {
    const workspace = makeWorkspace();
    execFileSync('mkfifo', [path.join(workspace, '.intentignore')]);
    expect(() => createGovernor({ workspaceRoot: workspace })).toThrow(InvalidOptionsError);
  });
});
