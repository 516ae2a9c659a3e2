import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { opencodePluginSource } from '../../../src/hooks/agents/opencodePlugin';
import {
  CLAUDE_CODE_EVENTS,
  CODEX_EVENTS,
  COPILOT_EVENTS,
  GEMINI_EVENTS,
  hookCommand,
  type InstallAgent,
} from '../../../src/hooks/install/agentConfigs';
import { codexSandboxBlock } from '../../../src/hooks/install/codexSandboxSetting';
import { HooksInstallError } from '../../../src/hooks/install/installError';
import { planInstall, planUninstall } from '../../../src/hooks/install/installHooks';
import { INTENTS_EXAMPLE } from '../../../src/hooks/install/intentsExample';
import { parseIntentsFile } from '../../../src/intents/intentsFile';
import { parseJsonDocument } from '../../../src/hooks/install/jsonText';
import {
  commentsOf,
  install,
  INVOCATION,
  keepsSettings,
  read,
  readJson,
  tree,
  uninstall,
  workspaceWith,
} from './installFixture';

const valueOf = (text: string, file: string): unknown => parseJsonDocument(text, file, { comments: true }).value;

const CLAUDE_COMMAND = hookCommand('claude-code', INVOCATION);
const SERVER = { command: 'node', args: ['/opt/intentgate/dist/cli.cjs', 'intents-mcp', '--workspace', '/w'] };

interface SettingsCase {
  readonly name: string;
  readonly agent: InstallAgent;
  readonly files: Readonly<Record<string, string>>;
}

const USER_CLAUDE = `{
    "model": "opus",
    "env": { "FOO": "1" },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./check.sh" }] }
        ]
    },
    "enabledMcpjsonServers": ["github"],
    "permissions": { "allow": ["Bash(npm test)"], "deny": [] }
}`;

const CODEX_TOML = `# my Codex settings
model = "gpt-5.5" # the model

[mcp_servers.github] # another server
command = "gh-mcp"
# args stay
args = ["--read-only"]
`;

const OPENCODE_JSON = `{
  "$schema": "https://opencode.ai/config.json",
  // the user's model
  "model": "anthropic/claude-sonnet-4-5",
  "mcp": {
    "github": { "type": "local", "command": ["gh-mcp"], "enabled": true }
  }
}
`;

const CASES: readonly SettingsCase[] = [
  { name: 'Claude Code, an empty workspace', agent: 'claude-code', files: {} },
  {
    name: 'Claude Code, settings with hooks and permissions of their own (4-space indent, no final newline)',
    agent: 'claude-code',
    files: { '.claude/settings.json': USER_CLAUDE },
  },
  {
    name: 'Claude Code, an empty .claude/ folder and {} settings',
    agent: 'claude-code',
    files: { '.claude/settings.json': '{}', '.claude/agents/x.md': 'x' },
  },
  {
    name: 'Claude Code, other MCP servers on one line',
    agent: 'claude-code',
    files: { '.mcp.json': '{ "mcpServers": { "github": { "command": "gh-mcp" } } }\n' },
  },
  {
    name: "Claude Code, an intents file of the user's",
    agent: 'claude-code',
    files: { '.orchestration/active_intents.yaml': 'active_intents:\n  - id: A\n    owned_scope: [src/**]\n' },
  },
  { name: 'Codex, an empty workspace', agent: 'codex', files: {} },
  {
    name: 'Codex, a config.toml with comments and another MCP server',
    agent: 'codex',
    files: { '.codex/config.toml': CODEX_TOML },
  },
  {
    name: 'Codex, a config.toml without a final newline',
    agent: 'codex',
    files: { '.codex/config.toml': 'model = "o3"' },
  },
  {
    name: "Codex, hooks.json with a hook of the user's",
    agent: 'codex',
    files: { '.codex/hooks.json': '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"notify-send done"}]}]}}' },
  },
  { name: 'Gemini CLI, an empty workspace', agent: 'gemini', files: {} },
  {
    name: 'Gemini CLI, settings with comments, other MCP servers and hooks of their own',
    agent: 'gemini',
    files: {
      '.gemini/settings.json': `{
  // the model
  "model": { "name": "gemini-2.5-pro" },
  "mcpServers": {
    "github": { "command": "gh-mcp" } /* read-only */
  },
  "hooks": { "BeforeTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "./guard.sh" }] }] }
}
`,
    },
  },
  { name: 'Copilot CLI, an empty workspace', agent: 'copilot', files: {} },
  {
    name: "Copilot CLI, a hooks file of the user's beside it and other MCP servers",
    agent: 'copilot',
    files: {
      '.github/hooks/lint.json': '{"version":1,"hooks":{"PostToolUse":[{"type":"command","bash":"./lint.sh"}]}}\n',
      '.github/workflows/ci.yml': 'on: push\n',
      '.mcp.json': '{\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }\n  }\n}\n',
    },
  },
  {
    name: "Copilot CLI, an intentgate.json hooks file of the user's with hooks of their own",
    agent: 'copilot',
    files: {
      '.github/hooks/intentgate.json':
        '{ "version": 1, "hooks": { "Stop": [{ "type": "command", "bash": "notify-send done" }] } }',
    },
  },
  { name: 'OpenCode, an empty workspace', agent: 'opencode', files: {} },
  {
    name: "OpenCode, an opencode.json with comments and an MCP server of its own, and a plugin of the user's",
    agent: 'opencode',
    files: {
      'opencode.json': OPENCODE_JSON,
      '.opencode/plugin/notify.js': 'export const Notify = async () => ({});\n',
    },
  },
];

describe('hooks install and uninstall over existing settings', () => {
  it.each(CASES)(
    '$name: keeps every setting, installing twice is once, uninstall leaves the files byte for byte',
    ({ agent, files }) => {
      const target = workspaceWith(files);
      const before = tree(target.workspace);
      install(target, agent);
      const installed = tree(target.workspace);
      for (const [file, text] of Object.entries(files)) {
        const after = installed[file] ?? '';
        for (const comment of commentsOf(text)) expect(after).toContain(comment);
        if (file.endsWith('.toml')) expect(parseToml(after)).toMatchObject(parseToml(text));
        else if (file.endsWith('.json'))
          expect(keepsSettings(valueOf(text, file), valueOf(after, file)), file).toBe(true);
        else expect(after).toBe(text);
      }
      expect(planInstall(target, agent, INVOCATION).changes.files).toEqual([]);
      install(target, agent);
      expect(tree(target.workspace)).toEqual(installed);
      uninstall(target, agent);
      expect(tree(target.workspace)).toEqual(before);
    },
  );

  it('writes every Claude Code event and the intents server enabled, after the hooks of the user', () => {
    const target = workspaceWith({ '.claude/settings.json': USER_CLAUDE });
    install(target, 'claude-code');
    const settings = readJson(target, '.claude/settings.json') as {
      hooks: Record<string, { matcher?: string; hooks: { command: string; timeout: number }[] }[]>;
    } & Record<string, unknown>;
    expect(Object.keys(settings.hooks).sort()).toEqual([...CLAUDE_CODE_EVENTS].sort());
    expect(settings.hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh' }] },
      { matcher: '*', hooks: [{ type: 'command', command: CLAUDE_COMMAND, timeout: 30 }] },
    ]);
    expect(settings.hooks.SessionStart).toEqual([
      { hooks: [{ type: 'command', command: CLAUDE_COMMAND, timeout: 30 }] },
    ]);
    expect(settings).toMatchObject({
      model: 'opus',
      env: { FOO: '1' },
      enabledMcpjsonServers: ['github', 'intentgate'],
    });
    expect(settings.permissions).toEqual({ allow: ['Bash(npm test)'], deny: [] });
    expect(readJson(target, '.mcp.json')).toEqual({ mcpServers: { intentgate: { ...SERVER, alwaysLoad: true } } });
    expect(CLAUDE_COMMAND).toBe(
      'timeout 25 node /opt/intentgate/dist/cli.cjs hook claude-code --workspace /w || exit 2',
    );
  });

  it('writes onFailure: "block" and no wrapper for a Claude Code that blocks failing hooks itself', () => {
    const target = workspaceWith({});
    install(target, 'claude-code', { ...INVOCATION, onFailureBlock: true });
    const settings = readJson(target, '.claude/settings.json') as { hooks: Record<string, { hooks: unknown[] }[]> };
    expect(settings.hooks.PreToolUse?.[0]?.hooks).toEqual([
      {
        type: 'command',
        command: 'node /opt/intentgate/dist/cli.cjs hook claude-code --workspace /w',
        timeout: 30,
        onFailure: 'block',
      },
    ]);
  });

  it('writes Codex its hooks in .codex/hooks.json and the intents server as a block of .codex/config.toml, comments kept', () => {
    const target = workspaceWith({ '.codex/config.toml': CODEX_TOML });
    install(target, 'codex');
    const hooks = readJson(target, '.codex/hooks.json') as { hooks: Record<string, unknown[]> };
    const command =
      "timeout 25 node /opt/intentgate/dist/cli.cjs hook codex --workspace /w || { echo 'intentgate: the hook failed' >&2; exit 2; }";
    expect(hooks).toEqual({
      hooks: Object.fromEntries(
        CODEX_EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command, timeout: 30 }] }]]),
      ),
    });
    const toml = read(target, '.codex/config.toml');
    // the top-level setting goes first, the user's text follows as it was, the server's block last
    expect(toml.startsWith(`${codexSandboxBlock()}\n${CODEX_TOML}`)).toBe(true);
    expect(parseToml(toml)).toEqual({
      sandbox_mode: 'danger-full-access',
      model: 'gpt-5.5',
      mcp_servers: {
        github: { command: 'gh-mcp', args: ['--read-only'] },
        intentgate: { ...SERVER, default_tools_approval_mode: 'approve', required: true, startup_timeout_sec: 60 },
      },
    });
  });

  it("leaves Codex's sandbox_mode to the person when the hook's policy turns containment off", () => {
    const target = workspaceWith({ 'policy.yaml': 'version: 1\ncontainment: off\n' });
    const policy = path.join(target.workspace, 'policy.yaml');
    install(target, 'codex', { ...INVOCATION, flags: ['--policy', policy] });
    const toml = parseToml(read(target, '.codex/config.toml'));
    expect(toml.sandbox_mode).toBeUndefined();
    expect(toml.mcp_servers).toBeDefined();
  });

  it('writes Gemini CLI every event (the tool events with a matcher, the timeout in milliseconds) and the trusted intents server, its comments kept', () => {
    const target = workspaceWith({ '.gemini/settings.json': '{\n  // mine\n  "general": { "vimMode": true }\n}\n' });
    install(target, 'gemini');
    const text = read(target, '.gemini/settings.json');
    expect(text).toContain('// mine');
    const settings = JSON.parse(text.replace('// mine', '')) as {
      hooks: Record<string, { matcher?: string; hooks: { timeout: number }[] }[]>;
      mcpServers: unknown;
      general: unknown;
    };
    expect(Object.keys(settings.hooks)).toEqual([...GEMINI_EVENTS]);
    expect(settings.hooks.BeforeTool?.[0]?.matcher).toBe('.*');
    expect(settings.hooks.BeforeAgent?.[0]?.matcher).toBeUndefined();
    expect(settings.hooks.AfterTool?.[0]?.hooks[0]?.timeout).toBe(30_000);
    expect(settings.mcpServers).toEqual({ intentgate: { ...SERVER, trust: true } });
    expect(settings.general).toEqual({ vimMode: true });
  });

  it(
    'writes Copilot CLI a hooks file with every event under its PascalCase name (timeoutSec over the ' +
      "wrapper's timeout) and the intents server in .mcp.json",
    () => {
      const target = workspaceWith({ '.mcp.json': '{ "mcpServers": { "github": { "command": "gh-mcp" } } }' });
      install(target, 'copilot');
      const command =
        "timeout 25 node /opt/intentgate/dist/cli.cjs hook copilot --workspace /w || { echo 'intentgate: the hook failed' >&2; exit 2; }";
      expect(hookCommand('copilot', INVOCATION)).toBe(command);
      expect(readJson(target, '.github/hooks/intentgate.json')).toEqual({
        version: 1,
        hooks: Object.fromEntries(
          COPILOT_EVENTS.map((event) => [event, [{ type: 'command', bash: command, timeoutSec: 30 }]]),
        ),
      });
      expect(COPILOT_EVENTS).toEqual([
        'SessionStart',
        'UserPromptSubmit',
        'PreToolUse',
        'PostToolUse',
        'Stop',
        'SessionEnd',
      ]);
      expect(readJson(target, '.mcp.json')).toEqual({
        mcpServers: { github: { command: 'gh-mcp' }, intentgate: { ...SERVER, alwaysLoad: true } },
      });
    },
  );

  it('writes OpenCode the plugin running the wrapped hook, and the intents server in opencode.json, its comments kept', () => {
    const target = workspaceWith({ 'opencode.json': OPENCODE_JSON });
    install(target, 'opencode');
    const command =
      "timeout 25 node /opt/intentgate/dist/cli.cjs hook opencode --workspace /w || { echo 'intentgate: the hook failed' >&2; exit 2; }";
    expect(read(target, '.opencode/plugin/intentgate.js')).toBe(opencodePluginSource(command));
    const text = read(target, 'opencode.json');
    expect(text).toContain("// the user's model");
    expect(valueOf(text, 'opencode.json')).toEqual({
      $schema: 'https://opencode.ai/config.json',
      model: 'anthropic/claude-sonnet-4-5',
      mcp: {
        github: { type: 'local', command: ['gh-mcp'], enabled: true },
        intentgate: { type: 'local', command: ['node', ...SERVER.args], enabled: true },
      },
    });
  });

  it.each([
    { first: 'claude-code', second: 'copilot' },
    { first: 'copilot', second: 'claude-code' },
  ] as const)(
    'refuses $second in a workspace with $first installed: Copilot CLI also runs the hooks of .claude/settings.json',
    ({ first, second }) => {
      const target = workspaceWith({});
      install(target, first);
      const before = tree(target.workspace);
      expect(() => planInstall(target, second, INVOCATION)).toThrow(
        new RegExp(
          `^intentgate's hooks for ${first} are in this workspace .*GitHub Copilot CLI also runs the ` +
            `hooks of \\.claude/settings\\.json.*\`intentgate hooks uninstall ${first}\` first`,
        ),
      );
      expect(tree(target.workspace)).toEqual(before);
      uninstall(target, first);
      install(target, second);
      uninstall(target, second);
      expect(tree(target.workspace)).toEqual({});
    },
  );

  it('creates the intents file with a commented example that parses, and its uncommented example is an intent', () => {
    const target = workspaceWith({});
    install(target, 'gemini');
    expect(read(target, '.orchestration/active_intents.yaml')).toBe(INTENTS_EXAMPLE);
    expect(parseIntentsFile(INTENTS_EXAMPLE, 'active_intents.yaml')).toEqual([]);
    const example = INTENTS_EXAMPLE.split('\n')
      .filter((line) => /^# (active_intents:| {2})/.test(line))
      .map((line) => line.slice(2))
      .join('\n');
    expect(parseIntentsFile(example, 'example.yaml')).toEqual([
      expect.objectContaining({ id: 'INT-001', owned_scope: ['src/auth/**', 'tests/auth/'] }),
    ]);
    expect(parseYaml(example)).toBeDefined();
  });

  it('keeps the shared intents file and record until the last agent is uninstalled', () => {
    const target = workspaceWith({});
    install(target, 'claude-code');
    install(target, 'codex');
    uninstall(target, 'claude-code');
    expect(Object.keys(tree(target.workspace))).toEqual(
      expect.arrayContaining([
        '.orchestration/active_intents.yaml',
        '.orchestration/hooks-installed.json',
        '.codex/hooks.json',
      ]),
    );
    expect(Object.keys(tree(target.workspace))).not.toContain('.claude/');
    uninstall(target, 'codex');
    expect(tree(target.workspace)).toEqual({});
  });

  it('keeps an intents file the human wrote in, and a sessions folder, at uninstall', () => {
    const target = workspaceWith({});
    install(target, 'claude-code');
    writeFileSync(path.join(target.orchestrationDir, 'active_intents.yaml'), 'active_intents: []\n');
    uninstall(target, 'claude-code');
    expect(tree(target.workspace)).toEqual({
      '.orchestration/': '',
      '.orchestration/active_intents.yaml': 'active_intents: []\n',
    });
  });

  it('installs again over an install of another program path: the old entries go, the new ones come', () => {
    const target = workspaceWith({ '.claude/settings.json': USER_CLAUDE });
    const before = tree(target.workspace);
    install(target, 'claude-code');
    install(target, 'claude-code', { ...INVOCATION, program: ['intentgate'] });
    const settings = read(target, '.claude/settings.json');
    expect(settings).not.toContain('/opt/intentgate');
    expect(settings).toContain('timeout 25 intentgate hook claude-code');
    uninstall(target, 'claude-code');
    expect(tree(target.workspace)).toEqual(before);
  });

  it('removes what is left as install wrote it, and says what a human changed since', () => {
    const target = workspaceWith({ '.claude/settings.json': USER_CLAUDE });
    install(target, 'claude-code');
    const settings = readJson(target, '.claude/settings.json');
    writeFileSync(
      path.join(target.workspace, '.claude/settings.json'),
      JSON.stringify({ ...settings, enabledMcpjsonServers: ['github'], theme: 'dark' }, null, 2),
    );
    const plan = planUninstall(target, 'claude-code');
    expect(plan.notes).toEqual([
      ".claude/settings.json: 'enabledMcpjsonServers' was changed since install; left as it is",
    ]);
    plan.draft.apply();
    expect(readJson(target, '.claude/settings.json')).toEqual({ ...JSON.parse(USER_CLAUDE), theme: 'dark' });
  });

  it("notes hooks in Codex's config.toml, which run beside those install writes to hooks.json", () => {
    const target = workspaceWith({ '.codex/config.toml': '[[hooks.PreToolUse]]\nmatcher = "*"\n' });
    expect(planInstall(target, 'codex', INVOCATION).notes).toEqual([
      expect.stringContaining('.codex/config.toml has hooks of its own ([hooks])'),
    ]);
  });

  it('answers uninstall of an agent never installed with a plan that changes nothing', () => {
    const target = workspaceWith({ '.claude/settings.json': '{}' });
    expect(planUninstall(target, 'claude-code')).toMatchObject({
      installed: false,
      changes: { files: [], createdDirs: [], removedDirs: [] },
    });
  });
});

interface RefusalCase {
  readonly name: string;
  readonly agent: InstallAgent;
  readonly files: Readonly<Record<string, string>>;
  readonly code: string;
  readonly message: RegExp;
}

const REFUSALS: readonly RefusalCase[] = [
  {
    name: 'a Codex config.toml that sets its own sandbox_mode, under which the contained line cannot start',
    agent: 'codex',
    files: { '.codex/config.toml': 'sandbox_mode = "workspace-write"\n' },
    code: 'conflicting_settings',
    message: /already sets sandbox_mode, which install did not write.*containment: off/,
  },
  {
    name: 'Claude Code settings that are not JSON',
    agent: 'claude-code',
    files: { '.claude/settings.json': '{\n  "model": "opus",\n}\n' },
    code: 'invalid_settings_file',
    message: /^\.claude\/settings\.json is not valid JSON: .*line 3, column 1/,
  },
  {
    name: 'Claude Code settings with a comment',
    agent: 'claude-code',
    files: { '.claude/settings.json': '{ // no\n}' },
    code: 'invalid_settings_file',
    message: /is not valid JSON/,
  },
  {
    name: 'an .mcp.json holding an array',
    agent: 'claude-code',
    files: { '.mcp.json': '[]' },
    code: 'invalid_settings_file',
    message: /^\.mcp\.json holds an array, not an object of settings/,
  },
  {
    name: 'an empty settings file',
    agent: 'gemini',
    files: { '.gemini/settings.json': '' },
    code: 'invalid_settings_file',
    message: /is not valid JSON \(with comments\)/,
  },
  {
    name: 'a Codex config.toml that is not TOML',
    agent: 'codex',
    files: { '.codex/config.toml': '# mine\nmodel = \n' },
    code: 'invalid_settings_file',
    message: /^\.codex\/config\.toml is not valid TOML: .*\(line 2, column/,
  },
  {
    name: 'a Codex config with an intentgate server of its own',
    agent: 'codex',
    files: { '.codex/config.toml': '[mcp_servers.intentgate]\ncommand = "npx"\n' },
    code: 'conflicting_settings',
    message: /already has \[mcp_servers\.intentgate\]/,
  },
  {
    name: 'a Codex config whose mcp_servers is an inline table',
    agent: 'codex',
    files: { '.codex/config.toml': 'mcp_servers = { github = { command = "gh" } }\n' },
    code: 'conflicting_settings',
    message: /cannot take \[mcp_servers\.intentgate\] as a table/,
  },
  {
    name: 'an .mcp.json with an intentgate server run by npx',
    agent: 'claude-code',
    files: { '.mcp.json': '{"mcpServers":{"intentgate":{"command":"npx","args":["intentgate","intents-mcp"]}}}' },
    code: 'conflicting_settings',
    message: /'mcpServers\.intentgate' is already .*which install did not write/,
  },
  {
    name: 'hooks that are not an object',
    agent: 'gemini',
    files: { '.gemini/settings.json': '{"hooks": true}' },
    code: 'conflicting_settings',
    message: /'hooks' is a plain value/,
  },
  {
    name: 'an OpenCode plugin intentgate.js written by hand',
    agent: 'opencode',
    files: { '.opencode/plugin/intentgate.js': 'export const IntentGate = async () => ({});\n' },
    code: 'conflicting_settings',
    message: /^\.opencode\/plugin\/intentgate\.js is already there, and install did not write it/,
  },
  {
    name: 'an opencode.json with an intentgate server of its own',
    agent: 'opencode',
    files: { 'opencode.json': '{"mcp":{"intentgate":{"type":"local","command":["npx","intentgate","intents-mcp"]}}}' },
    code: 'conflicting_settings',
    message: /'mcp\.intentgate' is already .*which install did not write/,
  },
  {
    name: 'an opencode.json that is not JSON',
    agent: 'opencode',
    files: { 'opencode.json': '{ "model": "x" ' },
    code: 'invalid_settings_file',
    message: /^opencode\.json is not valid JSON \(with comments\)/,
  },
  {
    name: "Copilot's hooks set up by hand, from the docs",
    agent: 'copilot',
    files: {
      '.github/hooks/intentgate.json':
        '{"version":1,"hooks":{"PreToolUse":[{"type":"command","bash":"timeout 25 intentgate hook copilot || exit 2","timeoutSec":30}]}}',
    },
    code: 'conflicting_settings',
    message: /already runs intentgate's hook, set up by hand/,
  },
  {
    name: "Copilot's hooks set up by hand in another file of .github/hooks/",
    agent: 'copilot',
    files: {
      '.github/hooks/guard.json':
        '{"version":1,"hooks":{"PreToolUse":[{"type":"command","bash":"intentgate hook copilot","timeoutSec":30}]}}',
    },
    code: 'conflicting_settings',
    message:
      /^\.github\/hooks\/guard\.json already runs intentgate's hook, set up by hand, and the agent loads every file of \.github\/hooks\//,
  },
  {
    name: "an OpenCode plugin of another name running intentgate's hook",
    agent: 'opencode',
    files: { '.opencode/plugin/gate.js': "const HOOK = 'timeout 25 intentgate hook opencode';\n" },
    code: 'conflicting_settings',
    message: /^\.opencode\/plugin\/gate\.js already runs intentgate's hook/,
  },
  {
    name: "Copilot CLI where Claude Code runs intentgate's hook, set up by hand",
    agent: 'copilot',
    files: {
      '.claude/settings.json':
        '{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"intentgate hook claude-code"}]}]}}',
    },
    code: 'conflicting_settings',
    message: /^intentgate's hooks for claude-code are in this workspace \(\.claude\/settings\.json\)/,
  },
  {
    name: "Claude Code where Copilot CLI runs intentgate's hook, set up by hand",
    agent: 'claude-code',
    files: {
      '.github/hooks/gate.json':
        '{"version":1,"hooks":{"PreToolUse":[{"type":"command","bash":"intentgate hook copilot"}]}}',
    },
    code: 'conflicting_settings',
    message: /^intentgate's hooks for copilot are in this workspace \(\.github\/hooks\/\)/,
  },
  {
    name: 'a Copilot hooks file of another version',
    agent: 'copilot',
    files: { '.github/hooks/intentgate.json': '{"version":2,"hooks":{}}' },
    code: 'conflicting_settings',
    message: /'version' is already 2/,
  },
  {
    name: "intentgate's hook set up by hand, from the docs",
    agent: 'claude-code',
    files: {
      '.claude/settings.json':
        '{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"timeout 25 npx intentgate hook claude-code || exit 2"}]}]}}',
    },
    code: 'conflicting_settings',
    message: /already runs intentgate's hook, set up by hand/,
  },
];

describe('hooks install refuses', () => {
  it.each(REFUSALS)('$name, with the reason, and writes nothing', ({ agent, files, code, message }) => {
    const target = workspaceWith(files);
    const before = tree(target.workspace);
    let thrown: unknown;
    try {
      planInstall(target, agent, INVOCATION);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HooksInstallError);
    expect(thrown).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(tree(target.workspace)).toEqual(before);
  });

  it('refuses uninstall over settings a human made invalid since, and writes nothing', () => {
    const target = workspaceWith({});
    install(target, 'claude-code');
    writeFileSync(path.join(target.workspace, '.mcp.json'), '{');
    const before = tree(target.workspace);
    expect(() => planUninstall(target, 'claude-code')).toThrow(/^\.mcp\.json is not valid JSON/);
    expect(tree(target.workspace)).toEqual(before);
  });
});
