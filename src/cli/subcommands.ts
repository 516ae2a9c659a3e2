import type { Command } from 'commander';
import type { CommandContext } from './commandContext';

/** Adds one subcommand, its options and its action to the program. */
export type RegisterSubcommand = (program: Command, context: CommandContext) => void;

/** A subcommand by name, and how to load the module that registers it. */
export interface Subcommand {
  readonly name: string;
  load(): Promise<RegisterSubcommand>;
}

/** Every subcommand, in the order the help lists them; each module is loaded only when needed. */
export const SUBCOMMANDS: readonly Subcommand[] = [
  { name: 'decide', load: async () => (await import('./commands/decide')).registerDecide },
  { name: 'explain', load: async () => (await import('./commands/explain')).registerExplain },
  { name: 'matrix', load: async () => (await import('./commands/matrix')).registerMatrix },
  { name: 'tokens', load: async () => (await import('./commands/tokens')).registerTokens },
  { name: 'serve', load: async () => (await import('./commands/serve')).registerServe },
  { name: 'policy', load: async () => (await import('./commands/policy')).registerPolicy },
  { name: 'mcp-proxy', load: async () => (await import('./commands/mcpProxy')).registerMcpProxy },
  { name: 'hook', load: async () => (await import('./commands/hook')).registerHook },
  { name: 'hooks', load: async () => (await import('./commands/hooks')).registerHooks },
  { name: 'approve', load: async () => (await import('./commands/approve')).registerApprove },
  { name: 'widen', load: async () => (await import('./commands/widen')).registerWiden },
  { name: 'intents-mcp', load: async () => (await import('./commands/intentsMcp')).registerIntentsMcp },
  { name: 'audit', load: async () => (await import('./commands/audit')).registerAudit },
  { name: 'replay', load: async () => (await import('./commands/replay')).registerReplay },
  { name: 'run', load: async () => (await import('./commands/run')).registerRun },
];

/**
 * The subcommands a run with `argv` needs: the one its first argument names, else all of them
 * (the help, the version, an unknown command and its suggestions see every subcommand).
 */
export function subcommandsFor(argv: readonly string[]): readonly Subcommand[] {
  const named = SUBCOMMANDS.find((subcommand) => subcommand.name === argv[0]);
  return named === undefined ? SUBCOMMANDS : [named];
}
