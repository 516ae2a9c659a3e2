/**
 * Shell command lines written as string literals in another language's inline code:
 * `os.system("sudo id")`, `execSync('git push')`, awk/perl `system("...")`, perl/ruby backticks.
 * A heuristic, not a parser for those languages: what it finds is analysed as a shell script;
 * anything it misses still leaves the command EXEC_ARBITRARY.
 */

// calls whose (first) string argument is run by a shell
const SHELL_CALLS = /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|system|popen|exec|execSync|spawnSync|spawn|execFile|execFileSync|shell_exec|passthru|proc_open|Open3\.\w+|IO\.popen|Process\.start|Runtime\.getRuntime\(\)\.exec)\s*\(\s*/g;
const MAX_LITERALS = 50;

/** Reads a quoted literal starting at `at` (its quote character), with backslash escapes. */
function readLiteral(code: string, at: number): { text: string; end: number } | undefined {
  const quote = code[at];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  const out: string[] = [];
  let from = at + 1;
  for (let index = from; index < code.length; index++) {
    const char = code[index];
    if (char === '\\') {
      out.push(code.slice(from, index));
      const next = code[index + 1] ?? '';
      out.push(next === 'n' ? '\n' : next === 't' ? '\t' : next);
      index++;
      from = index + 1;
    } else if (char === quote) {
      out.push(code.slice(from, index));
      return { text: out.join(''), end: index + 1 };
    }
  }
  return undefined;
}

/** The literals of a list argument (`["git", "push"]`), joined by spaces as argv words. */
function readListLiteral(code: string, at: number): string | undefined {
  const words: string[] = [];
  let index = at + 1;
  while (index < code.length && words.length < MAX_LITERALS) {
    while (code[index] === ' ' || code[index] === ',' || code[index] === '\n') index++;
    if (code[index] === ']') return words.join(' ');
    const literal = readLiteral(code, index);
    if (literal === undefined) return words.length > 0 ? words.join(' ') : undefined;
    words.push(literal.text);
    index = literal.end;
  }
  return undefined;
}

/** Backquoted commands of perl and ruby (`` `cmd` ``, `qx{cmd}`, `%x(cmd)`). */
function backquoted(code: string, into: string[]): void {
  for (let at = code.indexOf('`'); at !== -1 && into.length < MAX_LITERALS; at = code.indexOf('`', at + 1)) {
    const literal = readLiteral(code, at);
    if (literal === undefined) return;
    into.push(literal.text);
    at = literal.end - 1;
  }
}

/** Command lines found in inline code, in the order they appear. */
export function embeddedCommands(code: string, language: string): string[] {
  const found: string[] = [];
  SHELL_CALLS.lastIndex = 0;
  for (let match = SHELL_CALLS.exec(code); match !== null && found.length < MAX_LITERALS; match = SHELL_CALLS.exec(code)) {
    const at = match.index + match[0].length;
    const text = code[at] === '[' ? readListLiteral(code, at) : readLiteral(code, at)?.text;
    if (text !== undefined && text.trim() !== '') found.push(text);
  }
  if (language === 'perl' || language === 'ruby') backquoted(code, found);
  return found;
}
