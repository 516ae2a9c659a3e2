import type { Command } from 'commander';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';
import { hookStore, type HookStoreFlags } from '../hookSettings';

/** `intentgate intents-mcp`: select_active_intent and attempt_completion as an MCP server on stdio, for agents that lack them. */
export function registerIntentsMcp(program: Command, context: CommandContext): void {
  program
    .command('intents-mcp')
    .summary('serve select_active_intent and attempt_completion over MCP on stdio (register it as "intentgate")')
    .description(
      [
        'An MCP server on stdio with the two handshake tools, for agent CLIs whose own tools lack them (docs/hooks.md).',
        "select_active_intent's description lists the intents and their scopes, read from the orchestration directory at every list.",
        "The calls are governed by the agent's pre-tool hook (`intentgate hook <agent>`); this server only confirms them.",
      ].join(' '),
    )
    .option('--workspace <dir>', 'the workspace root (default: the policy, else the current directory)')
    .option(
      '--orchestration-dir <dir>',
      'the folder of active_intents.yaml (default: the policy, else <workspace>/.orchestration)',
    )
    .option('--policy <file>', 'a policy file, whose intents (if it lists any) are served')
    .action(async (flags: HookStoreFlags) => {
      const { io } = context;
      const store = hookStore(flags, io, undefined);
      const { runIntentsMcp } = await import('../../integrations/intentsMcp/runIntentsMcp');
      await runIntentsMcp(store.governor);
      context.exit(EXIT_CODES.ok);
    });
}
