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

describe('the lock of a rotated trace', () => {
  it('takes over a lock left by a writer that died holding it', () => {
    const file = tempTrace();
    writeFileSync(`${file}.lock`, '12345\n');
    const old = (Date.now() - TRACE_LOCK_STALE_MS - 60_000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    expect(openTraceFile(file, { rotation: ROTATION }).append(sizedRecord('a'))).toBeUndefined();
    expect(readTrace(file).records.map((record) => record.tool)).toEqual(['a']);
    expect(folderNames(file)).toEqual([path.basename(file)]);
  });

  it('waits for a lock another process releases', async () => {
    const file = tempTrace();
    const holder = spawn('bash', ['-c', `touch '${file}.lock' && sleep 0.4 && rm '${file}.lock'`], { stdio: 'ignore' });
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    while (!existsSync(`${file}.lock`)) await delay(5);
    const started = Date.now();
    expect(openTraceFile(file, { rotation: ROTATION }).append(sizedRecord('a'))).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(readTrace(file).records.map((record) => record.tool)).toEqual(['a']);
    await exited;
  }, 10_000);

  it('is not used without rotation', () => {
    const file = tempTrace();
    writeFileSync(`${file}.lock`, '');
    expect(openTraceFile(file).append(sizedRecord('a'))).toBeUndefined();
    expect(readTrace(file).records).toHaveLength(1);
  });

  it('refuses a risky call, naming the lock, while another writer holds it past the wait', () => {
    const root = makeWorkspace({ intentsYaml: 'active_intents:\n  - id: INT-1\n    owned_scope: [src/**]\n' });
    const lock = path.join(root, '.orchestration', `${TRACE_FILE_NAME}.lock`);
    const governor = createGovernor({ workspaceRoot: root, traceRotation: ROTATION });
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    governor.userPrompt('work on src');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    writeFileSync(lock, '');
    const started = Date.now();
    const decision = governor.handleToolCall('execute_command', { command: 'echo x > src/a.txt' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TRACE_LOCK_WAIT_MS);
    expect([decision.allowed, decision.code]).toEqual([false, 'trace_unavailable']);
    expect(decision.reasons.map((reason) => reason.message).join(' ')).toContain(lock);
  }, 10_000);
});
