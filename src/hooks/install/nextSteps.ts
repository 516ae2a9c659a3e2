import { quoteArgv } from '../../text/quoteArgv';
import type { InstallAgent } from './agentConfigs';
import { CODEX_SANDBOX_SETTING, containmentOffFor } from './codexSandboxSetting';

/** What the human does after `hooks install`: each line a step, the commands ready to paste. */
export function nextSteps(
  agent: InstallAgent,
  options: { readonly workspace: string; readonly intentsFile: string; readonly flags: readonly string[] },
): string {
  const approve = quoteArgv(['intentgate', 'approve', ...options.flags]);
  const start: Record<InstallAgent, readonly string[]> = {
    'claude-code': [
      `Start Claude Code in ${options.workspace}: \`claude\` (or \`claude -p "..."\`); \`claude mcp list\` there lists intentgate.`,
    ],
    codex: [
      `Trust the project in Codex (\`codex\` asks once; or in ~/.codex/config.toml, \`trust_level = ` +
        `"trusted"\` under \`[projects.${JSON.stringify(options.workspace)}]\`): Codex reads .codex/ only for a trusted project.`,
      'Review the hooks once with /hooks in the interactive `codex` (Codex runs a hook only after a ' +
        'human reviewed it), then run `codex` or `codex exec "..."` there.',
      ...(containmentOffFor(options.flags)
        ? []
        : [
            `.codex/config.toml now starts with \`${CODEX_SANDBOX_SETTING}\`: intentgate's sandbox ` +
              `bounds every shell command, since Codex's own would stop the contained line from starting (a --sandbox flag overrides it).`,
          ]),
    ],
    gemini: [
      `Start Gemini CLI in ${options.workspace}: \`gemini\` (or \`gemini -p "..."\`); \`gemini mcp list\` there lists intentgate.`,
    ],
    copilot: [
      `Start GitHub Copilot CLI in ${options.workspace} and trust the folder (\`copilot\` asks once; ` +
        `\`copilot -p "..."\` needs \`--trust-folder\`): Copilot loads a project's hooks and MCP ` +
        `servers only in a trusted folder. \`copilot mcp list\` there lists intentgate. A held call ` +
        `is refused in Copilot with the prompt: approve it as below, then ask the agent to try again.`,
    ],
    opencode: [
      `Start OpenCode in ${options.workspace}: \`opencode\` (or \`opencode run "..."\`); at its first ` +
        `start there it installs @opencode-ai/plugin into .opencode/ from npm. \`opencode mcp list\` ` +
        `there lists intentgate. A held call is refused in OpenCode (a plugin cannot ask its user): approve it as below, then ask the agent to try again.`,
    ],
  };
  const steps = [
    `Write the task's intent in ${options.intentsFile} (the commented example there shows the fields): the agent may change only what its owned_scope covers.`,
    'Once, in your own terminal: `intentgate approve --init` (the approval credential; the agent cannot approve with it).',
    ...start[agent],
    `When a call is held for you: \`${approve} --list\` shows it and the commands that answer it, e.g. \`${approve} --session <id> --held <approval-id>\`.`,
    `To watch sessions in a browser: \`${quoteArgv(['intentgate', 'serve', ...options.flags])}\` ` +
      `prints the console's sign-in link (docs/console.md says which sessions it shows).`,
  ];
  return ['Next:', ...steps.map((step, index) => `  ${index + 1}. ${step}`)].join('\n');
}
