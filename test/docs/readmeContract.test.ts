import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index';
import { ERROR_CODES } from '../../src/errors/errorCodes';
import { REASON_CODES } from '../../src/reasons';

// the README documents the public contract: every export, reason code and error code

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const mentioned = (name: string): boolean => new RegExp(`\`[^\`\\n]*\\b${name.replace(/\$/g, '\\$')}\\b[^\`\\n]*\``).test(README);

describe('the README', () => {
  it.each(Object.keys(api).map((name) => ({ name })))('documents the export $name', ({ name }) => {
    expect(mentioned(name)).toBe(true);
  });

  it.each(Object.keys(REASON_CODES).map((code) => ({ code })))('lists the reason code $code', ({ code }) => {
    expect(README).toContain(`\`${code}\``);
  });

  it.each(ERROR_CODES.map((code) => ({ code })))('lists the error code $code', ({ code }) => {
    expect(README).toContain(`\`${code}\``);
  });
});
