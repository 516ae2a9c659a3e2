/**
 * A git configuration file read into `section[.subsection].key = value` entries, the way git
 * reads it: `[section "subsection"]` headers (and the old `[section.subsection]`), `#` and `;`
 * comments, quoted values with `\n`, `\t`, `\"` and `\\` escapes, a backslash before the end
 * of a line continuing the value, and a key alone meaning true. Section and key names are
 * compared without case; the subsection keeps its case.
 */

/** One `key = value` of a config file; `key` is `section.subsection.name` with section and name lowercased. */
export interface GitConfigEntry {
  readonly key: string;
  readonly value: string;
}

/** Config files longer than this are not read. */
export const MAX_GIT_CONFIG_BYTES = 256 * 1024;

const HEADER = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;
const KEY = /^([A-Za-z][A-Za-z0-9-]*)\s*(=?)/;

/** The value after `=`: quotes removed, escapes decoded, a trailing comment dropped. */
function readValue(text: string): string {
  let out = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') {
      const next = text[index + 1] ?? '';
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'b' ? '\b' : next;
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '#' || char === ';')) break;
    else out += char;
  }
  return out.trim();
}

/** Joins lines that end in a backslash outside quotes, as git continues a value. */
function logicalLines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').replace(/\\\n/g, '').split('\n');
}

function sectionName(header: RegExpExecArray): string {
  const name = header[1] ?? '';
  const subsection = header[2];
  if (subsection !== undefined) return `${name.toLowerCase()}.${subsection.replace(/\\(.)/g, '$1')}`;
  // `[section.subsection]`: the old form, whose subsection is compared without case
  return name.toLowerCase();
}

/** The entries of a config file, in order. */
export function readGitConfig(text: string): GitConfigEntry[] {
  const entries: GitConfigEntry[] = [];
  let section = '';
  for (const raw of logicalLines(text)) {
    let line = raw.trim();
    while (line.startsWith('[')) {
      const header = HEADER.exec(line);
      if (header === null) break;
      section = sectionName(header);
      line = line.slice(header[0].length).trim();
    }
    if (line === '' || line.startsWith('#') || line.startsWith(';') || line.startsWith('[')) continue;
    const key = KEY.exec(line);
    if (key?.[1] === undefined) continue;
    const value = key[2] === '=' ? readValue(line.slice(key[0].length)) : 'true';
    entries.push({ key: `${section}.${key[1].toLowerCase()}`, value });
  }
  return entries;
}
