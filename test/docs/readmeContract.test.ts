import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index';
import * as aiSdk from '../../src/integrations/aiSdk/index';
import * as mcpProxy from '../../src/integrations/mcpProxy/index';
import * as openaiAgents from '../../src/integrations/openaiAgents/index';
import { ERROR_CODES } from '../../src/errors/errorCodes';
import { REASON_CODES } from '../../src/decision/reasons';
import { codeBlocks, typeCheckExamples } from '../support/typeCheckExamples';

// the README documents the public contract: every export, reason code and error code

const read = (file: string): string => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
const README = read('README.md');
/** Whether `name` stands in inline code somewhere in `text`. */
const mentionedIn = (text: string, name: string): boolean =>
  new RegExp(`\`[^\`\\n]*\\b${name.replace(/\$/g, '\\$')}\\b[^\`\\n]*\``).test(text);
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
  it.each(
    SUBPATHS.flatMap(({ subpath, page, exports }) => Object.keys(exports).map((name) => ({ subpath, page, name }))),
  )('$page documents the export $name of $subpath', ({ page, name }) => {
    expect(mentionedIn(read(page), name)).toBe(true);
  });
});

// what the README's TypeScript examples leave to the reader, typed as a host's own would be
const PLACEHOLDERS = `
/** a tool call as OpenAI returns it: arguments as JSON text */
interface ModelToolCall { readonly name: string; readonly arguments: string }
declare const userText: string;
declare const myTools: readonly import('intentgate').FunctionToolDefinition[];
declare const call: ModelToolCall;
declare function runTool(call: ModelToolCall): Promise<unknown>;
declare function askHuman(prompt: string): Promise<import('intentgate').ApprovalAnswer>;
declare function reply(call: ModelToolCall, text: string | undefined): void;
`;

describe("the README's TypeScript examples", () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const blocks = codeBlocks(README, 'ts');

  it('are found', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it("compile under the project's strict options against the package's types", () => {
    const check = {
      root,
      packageName: 'intentgate',
      packageEntry: fileURLToPath(new URL('../../src/index.ts', import.meta.url)),
      placeholders: PLACEHOLDERS,
    };
    expect(typeCheckExamples(blocks, check)).toEqual([]);
  });
});
