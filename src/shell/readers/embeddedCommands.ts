/**
 * Shell command lines written as string literals in another language's inline code:
 * `os.system("sudo id")`, `execSync('git push')`, awk/perl `system("...")`, perl/ruby backticks,
 * awk's pipes (`print | "cmd"`, `"cmd" | getline`).
 * A heuristic, not a parser for those languages: what it finds is analysed as a shell script;
 * anything it misses still leaves the command EXEC_ARBITRARY.
 */

// calls whose (first) string argument is run by a shell
const SHELL_CALLS = /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|system|popen|exec|execSync|spawnSync|spawn|execFile|execFileSync|shell_exec|passthru|proc_open|Open3\.\w+|IO\.popen|Process\.start|Runtime\.getRuntime\(\)\.exec)\s*\(\s*/g;

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
  while (index < code.length) {
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
  for (let at = code.indexOf('`'); at !== -1; at = code.indexOf('`', at + 1)) {
    const literal = readLiteral(code, at);
    if (literal === undefined) return;
    into.push(literal.text);
    at = literal.end - 1;
  }
}

const AWK_NAMES: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk']);
// `print | "cmd"`, `print |& "cmd"`: output piped into a command run by a shell
const AWK_OUTPUT_PIPE = /\|&?\s*(?=")/g;
// `"cmd" | getline`, `"cmd" |& getline`: a command's output read back
const AWK_INPUT_PIPE = /"(?:[^"\\\n]|\\.)*"\s*\|&?\s*getline\b/g;

/** The command strings of awk's pipes, which awk hands to `sh -c` like system(). */
function awkPipes(code: string, into: string[]): void {
  for (const match of code.matchAll(AWK_OUTPUT_PIPE)) {
    const literal = readLiteral(code, match.index + match[0].length);
    if (literal !== undefined) into.push(literal.text);
  }
  for (const match of code.matchAll(AWK_INPUT_PIPE)) {
    const literal = readLiteral(code, match.index);
    if (literal !== undefined) into.push(literal.text);
  }
}

/**
 * Command lines found in inline code, in the order they appear: all of them, there is no cap
 * (the caller's inner-script budget fails closed if their text outgrows the input).
 */
export function embeddedCommands(code: string, language: string): string[] {
  const found: string[] = [];
  SHELL_CALLS.lastIndex = 0;
  for (let match = SHELL_CALLS.exec(code); match !== null; match = SHELL_CALLS.exec(code)) {
    const at = match.index + match[0].length;
    const list = code[at] === '[';
    const literal = list ? undefined : readLiteral(code, at);
    const text = list ? readListLiteral(code, at) : literal?.text;
    if (text !== undefined && text.trim() !== '') found.push(text);
    // the next call is looked for after this literal: no text is read twice
    if (literal !== undefined) SHELL_CALLS.lastIndex = literal.end;
  }
  if (language === 'perl' || language === 'ruby') backquoted(code, found);
  if (AWK_NAMES.has(language)) awkPipes(code, found);
  return found;
}
