import type { ShellWord } from '../words/shellWord';

/** A command whose first word names an alias: the text bash runs instead. */
export interface AliasUse {
  readonly name: string;
  /** the alias value followed by the command's other words, as written */
  readonly text: string;
  /** bash then expands the next word as an alias too */
  readonly endsInBlank: boolean;
}

const BLANK_END = /[ \t]$/;

/**
 * Aliases defined earlier in the command line (`alias g=git`). Bash replaces an alias name in
 * command position with its text before parsing the rest of the command, so `g push` runs
 * `git push`: the expansion is analysed as well as the command as written. Expanding where bash
 * might not (aliases off in a non-interactive shell, an alias used on the line defining it) only
 * adds findings, so the approximation fails closed.
 */
export class AliasTable {
  // made by the first definition: most command lines define no alias
  private values: Map<string, string> | undefined;
  // bash does not expand an alias again inside its own expansion (`alias ls='ls -F'`)
  private expanding: Set<string> | undefined;

  define(name: string, value: string): void {
    (this.values ??= new Map()).set(name, value);
  }

  /** The expansion of `words`, when its first word names an alias not already being expanded. */
  use(words: readonly ShellWord[]): AliasUse | undefined {
    if (this.values === undefined) return undefined;
    const name = words[0]?.value;
    if (name === undefined || this.expanding?.has(name) === true) return undefined;
    const value = this.values.get(name);
    if (value === undefined) return undefined;
    // the other words keep their source text, so their quoting is read as bash reads it
    const text = [value, ...words.slice(1).map((word) => word.source)].join(' ');
    return { name, text, endsInBlank: BLANK_END.test(value) };
  }

  /** Runs `analyse` with the alias marked as expanding. */
  expandWhile(use: AliasUse, analyse: () => void): void {
    const expanding = (this.expanding ??= new Set());
    expanding.add(use.name);
    try {
      analyse();
    } finally {
      expanding.delete(use.name);
    }
  }
}
