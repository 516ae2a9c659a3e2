import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index';
import * as aiSdk from '../../src/integrations/aiSdk/index';
import * as mcpProxy from '../../src/integrations/mcpProxy/index';
import * as openaiAgents from '../../src/integrations/openaiAgents/index';
import { ERROR_CODES } from '../../src/errors/errorCodes';
import { REASON_CODES } from '../../src/decision/reasons';

// the README documents the public contract: every export, reason code and error code

const read = (file: string): string => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
const README = read('README.md');
/** Whether `name` stands in inline code somewhere in `text`. */
const mentionedIn = (text: string, name: string): boolean => new RegExp(`\`[^\`\\n]*\\b${name.replace(/\$/g, '\\$')}\\b[^\`\\n]*\``).test(text);
const mentioned = (name: string): boolean => mentionedIn(README, name);

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

// each integration subpath is documented on its own page
const SUBPATHS = [
  { subpath: 'intentgate/ai-sdk', page: 'docs/integrations/ai-sdk.md', exports: aiSdk },
  { subpath: 'intentgate/openai-agents', page: 'docs/integrations/openai-agents.md', exports: openaiAgents },
  { subpath: 'intentgate/mcp-proxy', page: 'docs/integrations/mcp-proxy.md', exports: mcpProxy },
];

describe('the integration pages', () => {
  it.each(SUBPATHS.flatMap(({ subpath, page, exports }) => Object.keys(exports).map((name) => ({ subpath, page, name }))))(
    '$page documents the export $name of $subpath',
    ({ page, name }) => {
      expect(mentionedIn(read(page), name)).toBe(true);
    },
  );
});
