import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { CLAUDE_CODE_GOVERNOR_OPTIONS } from '../../src/hooks/agents/claudeCodeTools';
import { GEMINI_GOVERNOR_OPTIONS } from '../../src/hooks/agents/geminiTools';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// a search's include globs honour .intentignore: Claude Code's Grep (`glob`, `path`), Gemini
// CLI's read_many_files (`include`) and grep_search (`include_pattern`, `include`, `dir_path`),
// Roo's and Cline's search_files (`file_pattern`). A glob refused is one that can only match
// ignored paths (its fixed folders are ignored, or its every match is); one that may match other
// files too runs, and what the search finds is not filtered.

const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n*.env\n/top.key\n' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Options = typeof CLAUDE_CODE_GOVERNOR_OPTIONS | typeof GEMINI_GOVERNOR_OPTIONS | Record<string, never>;

/** A governor reasoning about a prompt, with an agent's tools, safe mode off. */
function reasoning(options: Options): Governor {
  const governor = createGovernor({ workspaceRoot: root, ...options, safeMode: false, trace: () => undefined });
  governor.userPrompt('look around');
  return governor;
}

const claude = reasoning(CLAUDE_CODE_GOVERNOR_OPTIONS);
const gemini = reasoning(GEMINI_GOVERNOR_OPTIONS);
const builtIn = reasoning({});

interface SearchCase {
  readonly name: string;
  readonly governor: Governor;
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

/** The code and the path a decision names. */
function decide({ governor, tool, args }: SearchCase): { code: string; path: string | undefined } {
  const decision = governor.isToolAllowed(tool, args);
  return { code: decision.code, path: decision.reasons[0]?.path };
}

describe('a search whose include glob or folder can only reach ignored paths is refused', () => {
  it.each<SearchCase & { readonly path: string }>([
    {
      name: 'Grep with a glob below an ignored folder',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'password', glob: 'secrets/**' },
      path: 'secrets/**',
    },
    {
      name: 'Grep with a glob every match of which is ignored',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'API_KEY', glob: '*.env' },
      path: '*.env',
    },
    {
      name: 'Grep with an ignored folder as its path',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', path: 'secrets' },
      path: 'secrets',
    },
    {
      name: 'Grep with an absolute path and a glob climbing into an ignored folder',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', path: `${root}/src`, glob: '../secrets/*' },
      path: `${root}/secrets/*`,
    },
    {
      name: 'Grep with an ignored folder among brace alternatives',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: '{src,secrets}/**' },
      path: 'secrets/**',
    },
    {
      name: 'Grep with an ignored glob among its words',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: 'src/*.ts,secrets/key' },
      path: 'secrets/key',
    },
    {
      name: 'Grep with an ignored file anchored at the workspace',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: 'top.key' },
      path: 'top.key',
    },
    {
      name: 'grep_search with an include_pattern below an ignored folder',
      governor: gemini,
      tool: 'grep_search',
      args: { pattern: 'x', include_pattern: 'secrets/**' },
      path: 'secrets/**',
    },
    {
      name: 'grep_search with the older include argument',
      governor: gemini,
      tool: 'grep_search',
      args: { pattern: 'x', include: '**/*.env' },
      path: '**/*.env',
    },
    {
      name: 'grep_search with an ignored dir_path',
      governor: gemini,
      tool: 'grep_search',
      args: { pattern: 'x', dir_path: 'secrets' },
      path: 'secrets',
    },
    {
      name: 'grep_search with a glob read below its dir_path',
      governor: gemini,
      tool: 'grep_search',
      args: { pattern: 'x', dir_path: 'src', include_pattern: '../secrets/**' },
      path: 'secrets/**',
    },
    {
      name: 'read_many_files with an ignored include among others',
      governor: gemini,
      tool: 'read_many_files',
      args: { include: ['docs/**', 'secrets/a.txt'] },
      path: 'secrets/a.txt',
    },
    {
      name: 'read_many_files with ignored paths',
      governor: gemini,
      tool: 'read_many_files',
      args: { paths: ['secrets'] },
      path: 'secrets',
    },
    {
      name: 'search_files with an ignored file_pattern',
      governor: builtIn,
      tool: 'search_files',
      args: { path: '.', regex: 'x', file_pattern: '*.env' },
      path: '*.env',
    },
  ])('$name', (each) => {
    expect(decide(each)).toEqual({ code: 'path_ignored', path: each.path });
  });
});

describe('a search whose include glob may match other files runs', () => {
  it.each<SearchCase>([
    { name: 'Grep with every file', governor: claude, tool: 'Grep', args: { pattern: 'x', glob: '**/*' } },
    {
      name: 'Grep with a glob of sources',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: 'src/**/*.ts' },
    },
    {
      name: 'Grep excluding an ignored folder',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: '!secrets/**' },
    },
    {
      name: 'Grep with a glob in a folder',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', path: 'src', glob: '*.ts' },
    },
    {
      name: 'Grep with a glob that may match ignored and other files',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: '*.key' },
    },
    {
      name: 'grep_search with an include_pattern of sources',
      governor: gemini,
      tool: 'grep_search',
      args: { pattern: 'x', include_pattern: '*.{ts,tsx}' },
    },
    {
      name: 'read_many_files excluding an ignored folder',
      governor: gemini,
      tool: 'read_many_files',
      args: { include: ['**/*.md'], exclude: ['secrets/**'] },
    },
    {
      name: 'a glob argument that is not text, which the tool refuses itself',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: 7 },
    },
  ])('$name', (each) => {
    expect(decide(each)).toEqual({ code: 'safe_tool', path: undefined });
  });
});

describe('an include glob that cannot be checked makes the call malformed', () => {
  it.each<SearchCase & { readonly problem: string }>([
    {
      name: 'a glob with a NUL character',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: 'src/\0' },
      problem: "argument 'glob' holds a glob with a NUL character",
    },
    {
      name: 'a glob longer than a path may be',
      governor: gemini,
      tool: 'grep_search',
      args: { pattern: 'x', include_pattern: 'a'.repeat(5000) },
      problem: "argument 'include_pattern' holds a glob 5000 characters long; globs are limited to 4096",
    },
    {
      name: 'a glob standing for too many alternatives',
      governor: claude,
      tool: 'Grep',
      args: { pattern: 'x', glob: '{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}' },
      problem: "argument 'glob': the glob '{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}' stands for more than 64 alternatives",
    },
  ])('$name', ({ governor, tool, args, problem }) => {
    const decision = governor.isToolAllowed(tool, args);
    expect({ code: decision.code, problem: decision.reason?.includes(problem) }).toEqual({
      code: 'invalid_arguments',
      problem: true,
    });
  });
});

describe('include globs only choose what a call reads', () => {
  it('leaves a write tool in scope when its include glob names a folder outside the scope', () => {
    const governor = createGovernor({
      workspaceRoot: root,
      toolKinds: { write_matches: { kind: 'file_write', path: 'path' } },
      classification: { write_matches: 'DESTRUCTIVE' },
      safeMode: false,
      trace: () => undefined,
    });
    governor.userPrompt('change the sources');
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' }).code).toBe('intent_selected');
    const decision = governor.isToolAllowed('write_matches', { path: 'src/auth/a.ts', glob: 'docs/**' });
    expect(decision.code).toBe('destructive_in_scope');
  });
});
