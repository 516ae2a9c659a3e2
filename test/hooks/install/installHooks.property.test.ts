import fc from 'fast-check';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { INSTALL_AGENTS, type InstallAgent } from '../../../src/hooks/install/agentConfigs';
import { planInstall } from '../../../src/hooks/install/installHooks';
import { install, INVOCATION, tree, uninstall, workspaceWith } from './installFixture';

// Settings as people leave them: any indentation, a final newline or none, hooks, MCP servers
// and permissions of their own beside anything else, and TOML with comments anywhere.

// never a name install writes under, where a value of another shape is a refusal (tested apart)
const RESERVED = new Set([
  'intentgate',
  '__proto__',
  'hooks',
  'mcpServers',
  'enabledMcpjsonServers',
  'permissions',
  'version',
  'mcp',
]);
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,8}$/).filter((key) => !RESERVED.has(key));
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
const loose = fc.dictionary(
  name,
  fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(name, scalar, { maxKeys: 3 })),
  { maxKeys: 4 },
);
const handler = fc.record({ type: fc.constant('command'), command: fc.stringMatching(/^\.\/[a-z]{1,8}\.sh$/) });
const hookGroups = fc.array(
  fc.record(
    { matcher: fc.option(name, { nil: undefined }), hooks: fc.array(handler, { minLength: 1, maxLength: 2 }) },
    { requiredKeys: ['hooks'] },
  ),
  { maxLength: 2 },
);
const events = fc.constantFrom(
  'PreToolUse',
  'PostToolUse',
  'SessionStart',
  'Stop',
  'BeforeTool',
  'AfterAgent',
  'Notification',
);
const settings = fc
  .record(
    {
      extra: loose,
      hooks: fc.dictionary(events, hookGroups, { maxKeys: 3 }),
      mcpServers: fc.dictionary(name, fc.record({ command: name }), { maxKeys: 2 }),
      mcp: fc.dictionary(
        name,
        fc.record({ type: fc.constant('local'), command: fc.array(name, { minLength: 1, maxLength: 2 }) }),
        { maxKeys: 2 },
      ),
      enabledMcpjsonServers: fc.array(name, { maxLength: 2 }),
      permissions: fc.record({ allow: fc.array(name, { maxLength: 2 }) }),
    },
    { requiredKeys: ['extra'] },
  )
  .map(({ extra, ...known }) => ({ ...extra, ...known }));
const indent = fc.constantFrom(0, 2, 4, '\t');
const jsonText = fc
  .tuple(settings, indent, fc.boolean())
  .map(([value, step, newline]) => `${JSON.stringify(value, null, step)}${newline ? '\n' : ''}`);

const tomlLine = fc.oneof(
  name.map((key) => `# ${key}`),
  fc
    .tuple(
      name,
      scalar.filter((value) => value !== null),
    )
    .map(([key, value]) => `${key} = ${JSON.stringify(value)}${Math.abs(key.length) % 2 === 0 ? ' # why' : ''}`),
  name.map((table) => `[${table}]`),
  name.map((server) => `[mcp_servers.${server}]`),
  fc.constant(''),
);
// a repeated key or table is not TOML: such texts are left out, as install refuses them
const tomlText = fc
  .tuple(fc.array(tomlLine, { maxLength: 8 }), fc.boolean())
  .map(([lines, newline]) => lines.join('\n') + (newline && lines.length > 0 ? '\n' : ''))
  .filter((text) => {
    try {
      parseToml(text);
      return true;
    } catch {
      return false;
    }
  });

/** The files an agent's install touches, each present with some text or absent. */
const existing = fc.record(
  {
    '.claude/settings.json': jsonText,
    '.mcp.json': jsonText,
    '.codex/hooks.json': jsonText,
    '.codex/config.toml': tomlText,
    '.gemini/settings.json': jsonText,
    '.github/hooks/intentgate.json': jsonText,
    'opencode.json': jsonText,
    '.orchestration/active_intents.yaml': fc.constant('active_intents: []\n'),
  },
  { requiredKeys: [] },
);
// Claude Code and Copilot CLI are never installed together (Copilot runs Claude Code's hooks too: a refusal, tested apart)
const agents = fc
  .shuffledSubarray([...INSTALL_AGENTS], { minLength: 1 })
  .filter((some) => !(some.includes('claude-code') && some.includes('copilot')));

describe('hooks install and uninstall, as properties', () => {
  it('installing twice is installing once, for any settings already there', () => {
    fc.assert(
      fc.property(existing, fc.constantFrom(...INSTALL_AGENTS), (files, agent: InstallAgent) => {
        const target = workspaceWith(files);
        install(target, agent);
        const once = tree(target.workspace);
        expect(planInstall(target, agent, INVOCATION).changes.files).toEqual([]);
        install(target, agent);
        expect(tree(target.workspace)).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });

  it('uninstalling every agent installed, in any order, leaves the workspace byte for byte as it was', () => {
    fc.assert(
      fc.property(existing, agents, agents, (files, installed, order) => {
        const target = workspaceWith(files);
        const before = tree(target.workspace);
        for (const agent of installed) install(target, agent);
        for (const agent of [...order, ...installed]) uninstall(target, agent);
        expect(tree(target.workspace)).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});
