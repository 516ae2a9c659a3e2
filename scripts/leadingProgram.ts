// The program a command line starts with, for the corpus and friction reports that group
// commands by it, and for the measuring scripts that keep the commands of some programs only.
import path from 'node:path';

/** The program a command line starts with: its first word, after comment lines and NAME=value words. */
export function leadingProgram(command: string): string {
  for (const line of command.split('\n')) {
    const words = line
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '');
    if (words.length === 0 || words[0]?.startsWith('#')) continue;
    return words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) ?? words[0] ?? '';
  }
  return '';
}

/**
 * The commands whose leading program, by its base name, is one of `programs` (a comma-separated
 * list such as `sed,grep`); all of them when `programs` is undefined.
 */
export function commandsOfPrograms(commands: readonly string[], programs: string | undefined): string[] {
  if (programs === undefined) return [...commands];
  const wanted = new Set(programs.split(',').filter((name) => name !== ''));
  return commands.filter((command) => wanted.has(path.posix.basename(leadingProgram(command))));
}

/** A measuring script's arguments: the programs `--programs=sed,grep` names, and the arguments that are no option. */
export function readProgramsOption(args: readonly string[]): {
  readonly programs: string | undefined;
  readonly positional: readonly string[];
} {
  const given = args.find((arg) => arg.startsWith('--programs='));
  return {
    programs: given?.slice('--programs='.length),
    positional: args.filter((arg) => !arg.startsWith('--')),
  };
}
