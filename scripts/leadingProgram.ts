// The program a command line starts with, for the corpus and friction reports that group
// commands by it.

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
