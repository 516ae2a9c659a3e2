import { spawn } from 'node:child_process';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, readTrace, TRACE_FILE_NAME } from '../../src/index';
import { openTraceFile } from '../../src/trace/traceFile';
import { TRACE_LOCK_STALE_MS, TRACE_LOCK_WAIT_MS } from '../../src/trace/traceLock';
import { makeWorkspace } from '../support/workspace';
import { folderNames, sizedRecord, tempTrace } from './traceSupport';

const ROTATION = { maxBytes: 4096, keep: 3 };

/** A trace file already past maxBytes, so the next append rotates it and takes the lock. */
function fullTrace(file = tempTrace()): string {
  writeFileSync(file, `${JSON.stringify(sizedRecord('full', 5000))}\n`);
  return file;
}

describe('the lock of a rotated trace', () => {
  it('takes over a lock left by a writer that died holding it', () => {
    const file = fullTrace();
    writeFileSync(`${file}.lock`, '12345\n');
    const old = (Date.now() - TRACE_LOCK_STALE_MS - 60_000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    expect(openTraceFile(file, { rotation: ROTATION }).append(sizedRecord('a'))).toBeUndefined();
    expect(readTrace(file, { rotated: true }).records.map((record) => record.tool)).toEqual(['full', 'a']);
    expect(folderNames(file)).toEqual([path.basename(file), `${path.basename(file)}.1`]);
  });

  it('is not taken by an append that does not rotate', () => {
    const file = tempTrace();
    writeFileSync(`${file}.lock`, '');
    const trace = openTraceFile(file, { rotation: ROTATION });
    for (const tool of ['a', 'b']) expect(trace.append(sizedRecord(tool))).toBeUndefined();
    expect(readTrace(file).records).toHaveLength(2);
  });

  it('waits for a lock another process releases', async () => {
    const file = fullTrace();
    const holder = spawn('bash', ['-c', `touch '${file}.lock' && sleep 0.4 && rm '${file}.lock'`], { stdio: 'ignore' });
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    while (!existsSync(`${file}.lock`)) await delay(5);
    const started = Date.now();
    expect(openTraceFile(file, { rotation: ROTATION }).append(sizedRecord('a'))).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(readTrace(file, { rotated: true }).records.map((record) => record.tool)).toEqual(['full', 'a']);
    await exited;
  });

  it('is not used without rotation', () => {
    const file = tempTrace();
    writeFileSync(`${file}.lock`, '');
    expect(openTraceFile(file).append(sizedRecord('a'))).toBeUndefined();
    expect(readTrace(file).records).toHaveLength(1);
  });

  it('refuses a risky call whose append must rotate, naming the lock, while another writer holds it past the wait', () => {
    const root = makeWorkspace({ intentsYaml: 'active_intents:\n  - id: INT-1\n    owned_scope: [src/**]\n' });
    const lock = path.join(root, '.orchestration', `${TRACE_FILE_NAME}.lock`);
    const governor = createGovernor({ workspaceRoot: root, traceRotation: ROTATION });
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    governor.userPrompt('work on src');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    fullTrace(path.join(root, '.orchestration', TRACE_FILE_NAME));
    writeFileSync(lock, '');
    const started = Date.now();
    const decision = governor.handleToolCall('execute_command', { command: 'echo x > src/a.txt' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TRACE_LOCK_WAIT_MS);
    expect([decision.allowed, decision.code]).toEqual([false, 'trace_unavailable']);
    expect(decision.reasons.map((reason) => reason.message).join(' ')).toContain(lock);
  });
});
