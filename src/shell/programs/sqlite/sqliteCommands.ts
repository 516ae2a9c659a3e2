import { sqlStatementOpen } from '../../sql/sqlStatements';

/**
 * What the sqlite3 shell's input does beyond SQL on its database, as an equivalent shell text:
 * `.shell CMD` and `.system CMD` run CMD through a shell; `.output FILE`, `.once FILE`, `.log`
 * and `.trace` write FILE, or pipe into a command when FILE starts with `|`; `.read FILE` reads
 * more commands (`|cmd`: a command's output); `.import` reads a file or a command's output;
 * `.open`, `.backup`, `.save`, `.clone` and the SQL `ATTACH`, `VACUUM INTO` and `writefile()`
 * write files; `.cd` changes folder. What cannot be followed is a problem: `.load` and
 * `load_extension()` load code, `edit()`, `.once -e|-x`, `.excel` and `.www` start another
 * program, `.archive` extracts files it names at run time.
 */

/** The input as shell text, and why it cannot be followed. */
export interface SqliteReading {
  readonly shell: string;
  readonly problems: readonly string[];
}

/** Quotes a word for the shell text, as one word. */
function quoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** sqlite3's splitting of a dot command's arguments: blanks separate, '...' and "..." (with C escapes) quote. */
function dotArguments(line: string): string[] {
  const args: string[] = [];
  let index = 0;
  while (index < line.length) {
    while (index < line.length && /\s/.test(line[index] ?? '')) index++;
    if (index >= line.length) break;
    const quote = line[index];
    if (quote === '"' || quote === "'") {
      let out = '';
      index++;
      while (index < line.length && line[index] !== quote) {
        if (quote === '"' && line[index] === '\\' && index + 1 < line.length) {
          const next = line[index + 1] ?? '';
          out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          index += 2;
        } else {
          out += line[index] ?? '';
          index++;
        }
      }
      args.push(out);
      index++;
    } else {
      const start = index;
      while (index < line.length && !/\s/.test(line[index] ?? '')) index++;
      args.push(line.slice(start, index));
    }
  }
  return args;
}

/** `.system` joins its arguments, putting an argument holding a space in double quotes. */
function systemLine(args: readonly string[]): string {
  return args.map((arg) => (arg.includes(' ') ? `"${arg}"` : arg)).join(' ');
}

// dot commands whose last argument is a file they write
const WRITING: ReadonlySet<string> = new Set(['.backup', '.save', '.clone', '.iotrace']);
// output files that are no file
const STANDARD_STREAMS: ReadonlySet<string> = new Set(['stdout', 'stderr', 'off', 'on']);
// dot commands that start a program of the system's choosing or extract files named at run time
const UNFOLLOWED: ReadonlyMap<string, string> = new Map([
  ['.load', 'sqlite3 .load loads a shared library'],
  ['.excel', 'sqlite3 .excel opens a spreadsheet program'],
  ['.www', 'sqlite3 .www opens a web browser'],
  ['.archive', 'sqlite3 .archive reads or extracts the files of an archive'],
  ['.ar', 'sqlite3 .ar reads or extracts the files of an archive'],
]);

/** A dot command's name as sqlite3 reads it: any unambiguous prefix works, so the common ones are matched by prefix. */
function dotName(word: string): string {
  const known = [
    '.shell',
    '.system',
    '.output',
    '.once',
    '.log',
    '.trace',
    '.iotrace',
    '.read',
    '.import',
    '.load',
    '.cd',
    '.open',
    '.backup',
    '.save',
    '.clone',
    '.excel',
    '.www',
    '.archive',
  ];
  if (known.includes(word)) return word;
  // `.sh` is .shell, `.sy` .system, `.out` .output...: sqlite3 accepts abbreviations
  const matches = known.filter((name) => word.length >= 3 && name.startsWith(word));
  return matches.length === 1 ? (matches[0] ?? word) : word;
}

/** A file a dot command writes, or the command it pipes into (`|cmd`). */
function outputLine(target: string | undefined): string | undefined {
  if (target === undefined || STANDARD_STREAMS.has(target)) return undefined;
  return target.startsWith('|') ? target.slice(1) : `: >> ${quoted(target)}`;
}

function dotCommand(line: string, problems: string[]): string | undefined {
  const [first = '', ...args] = dotArguments(line);
  const name = dotName(first);
  const unfollowed = UNFOLLOWED.get(name);
  if (unfollowed !== undefined) {
    problems.push(unfollowed);
    return undefined;
  }
  switch (name) {
    case '.shell':
    case '.system':
      return args.length === 0 ? undefined : systemLine(args);
    case '.output':
    case '.once': {
      const options = args.filter((arg) => arg.startsWith('-') && arg.length > 1);
      if (options.some((option) => option !== '--bom' && option !== '--plain')) {
        problems.push(`sqlite3 ${name} ${options.join(' ')} opens the output in a program of the system's choosing`);
        return undefined;
      }
      // a pipe takes the rest of the line as its command (`.output |sort -u`)
      const target = args.findIndex((arg) => !arg.startsWith('-'));
      const first = args[target];
      return first?.startsWith('|') === true ? args.slice(target).join(' ').slice(1) : outputLine(first);
    }
    case '.log':
    case '.trace':
      return outputLine(args.find((arg) => !arg.startsWith('-')));
    case '.read': {
      const file = args[0];
      if (file === undefined) return undefined;
      return file.startsWith('|') ? file.slice(1) : `sqlite3 -init ${quoted(file)} :memory: .quit`;
    }
    case '.import': {
      const file = args.find((arg) => !arg.startsWith('-'));
      if (file === undefined) return undefined;
      return file.startsWith('|') ? file.slice(1) : `: < ${quoted(file)}`;
    }
    case '.cd':
      return args[0] === undefined ? undefined : `cd ${quoted(args[0])}`;
    case '.open': {
      const file = args.filter((arg) => !arg.startsWith('-')).at(-1);
      return file === undefined || file === ':memory:' ? undefined : `: >> ${quoted(file)}`;
    }
    default: {
      if (!WRITING.has(name)) return undefined;
      const file = args.filter((arg) => !arg.startsWith('-')).at(-1);
      return file === undefined ? undefined : `: >> ${quoted(file)}`;
    }
  }
}

// SQL that loads code, starts an editor, or writes a file
const LOAD_EXTENSION = /\bload_extension\s*\(/i;
const EDIT = /\bedit\s*\(/i;
const WRITEFILE = /\bwritefile\s*\(\s*(?:'((?:[^']|'')*)'|([^,)]*))/gi;
const ATTACH = /\battach\s+(?:database\s+)?'((?:[^']|'')*)'/gi;
const VACUUM_INTO = /\bvacuum\s+(?:\w+\s+)?into\s+'((?:[^']|'')*)'/gi;

function sqlEffects(sql: string, problems: string[]): string[] {
  const lines: string[] = [];
  if (LOAD_EXTENSION.test(sql)) problems.push('sqlite3 load_extension() loads a shared library');
  if (EDIT.test(sql)) problems.push('sqlite3 edit() starts an editor named in the SQL or the environment');
  for (const match of sql.matchAll(WRITEFILE)) {
    const literal = match[1];
    // a file named by an expression is written somewhere only known at run time
    lines.push(literal === undefined ? ': >> "${SQLITE_FILE}"' : `: >> ${quoted(literal.replace(/''/g, "'"))}`);
  }
  for (const pattern of [ATTACH, VACUUM_INTO]) {
    for (const match of sql.matchAll(pattern)) {
      const file = (match[1] ?? '').replace(/''/g, "'");
      if (file !== '' && file !== ':memory:') lines.push(`: >> ${quoted(file)}`);
    }
  }
  return lines;
}

/** Reads sqlite3 input (arguments, `-cmd`, stdin, an `-init` or `.read` file) as shell text and problems. */
export function readSqliteInput(text: string): SqliteReading {
  const problems: string[] = [];
  const lines: string[] = [];
  let sql = '';
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    // a dot command starts a line outside an SQL statement
    if (!sqlStatementOpen(sql) && line.trimStart().startsWith('.')) {
      const shell = dotCommand(line.trimStart(), problems);
      if (shell !== undefined) lines.push(shell);
      continue;
    }
    sql += `${line}\n`;
  }
  lines.push(...sqlEffects(sql, problems));
  return { shell: lines.join('\n'), problems };
}
