import { describe, expect, it, vi } from 'vitest';
import { cli, tempFile } from './cliHarness';

// the optional peer is not installed: importing it fails as Node fails on a missing package
vi.mock('gpt-tokenizer/encoding/o200k_base', () => {
  throw Object.assign(new Error("Cannot find package 'gpt-tokenizer'"), { code: 'ERR_MODULE_NOT_FOUND' });
});

describe('intentgate tokens without gpt-tokenizer', () => {
  it('says how to install the tokenizer and exits 1', async () => {
    const run = await cli(['tokens', tempFile('tools.json', '[{"name": "read_file", "description": "reads a file"}]')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^error: Tokenizer unavailable: 'gpt-tokenizer\/encoding\/o200k_base' .*install it with `npm install gpt-tokenizer@\^4`\.\n$/,
    );
  });
});
