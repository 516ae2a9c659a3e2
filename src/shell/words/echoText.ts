import type { ShellWord } from './shellWord';

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  E: '\u001b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

const OCTAL = /^[0-7]{1,3}/;
const HEX = /^[0-9a-fA-F]{1,2}/;

/** Decodes echo -e / printf backslash escapes; `stopped` when `\c` ends the output. */
function decodeEscapes(text: string, echoOctal: boolean): { text: string; stopped: boolean } {
  const out: string[] = [];
  let from = 0;
  for (let at = text.indexOf('\\'); at !== -1 && at + 1 < text.length; at = text.indexOf('\\', from)) {
    out.push(text.slice(from, at));
    const next = text[at + 1] ?? '';
    from = at + 2;
    if (next === 'c') return { text: out.join(''), stopped: true };
    const simple = Object.hasOwn(SIMPLE_ESCAPES, next) ? SIMPLE_ESCAPES[next] : undefined;
    if (simple !== undefined) {
      out.push(simple);
      continue;
    }
    const octalFrom = echoOctal && next === '0' ? at + 2 : at + 1;
    const octal = /[0-7]/.test(next) ? OCTAL.exec(text.slice(octalFrom, octalFrom + 3)) : null;
    const hex = next === 'x' ? HEX.exec(text.slice(at + 2, at + 4)) : null;
    if (octal !== null) {
      out.push(String.fromCharCode(parseInt(octal[0], 8)));
      from = octalFrom + octal[0].length;
    } else if (hex !== null) {
      out.push(String.fromCharCode(parseInt(hex[0], 16)));
      from = at + 2 + hex[0].length;
    } else {
      out.push(`\\${next}`);
    }
  }
  out.push(text.slice(from));
  return { text: out.join(''), stopped: false };
}

const ECHO_FLAGS = /^-[neE]+$/;

/** What bash's builtin echo prints for static words, or undefined when a word is unknown. */
export function echoOutput(args: readonly ShellWord[]): string | undefined {
  let newline = true;
  let escapes = false;
  let index = 0;
  for (let flag = args[0]?.value; flag !== undefined && ECHO_FLAGS.test(flag); flag = args[index]?.value) {
    if (flag.includes('n')) newline = false;
    for (const letter of flag) if (letter === 'e' || letter === 'E') escapes = letter === 'e';
    index++;
  }
  const values: string[] = [];
  for (const word of args.slice(index)) {
    if (word.value === undefined) return undefined;
    values.push(word.value);
  }
  const joined = values.join(' ');
  if (!escapes) return newline ? `${joined}\n` : joined;
  const decoded = decodeEscapes(joined, true);
  return newline && !decoded.stopped ? `${decoded.text}\n` : decoded.text;
}

/**
 * What printf prints for a static format using only %s, %b and %%, reused while arguments remain;
 * undefined for anything else (other directives, `-v`, unknown words).
 */
export function printfOutput(args: readonly ShellWord[]): string | undefined {
  const values: string[] = [];
  for (const word of args) {
    if (word.value === undefined) return undefined;
    values.push(word.value);
  }
  const format = values[0] === '--' ? values[1] : values[0];
  if (format === undefined || format === '-v') return undefined;
  const rest = values.slice(values[0] === '--' ? 2 : 1);
  const out: string[] = [];
  let next = 0;
  do {
    const used = next;
    const pieces = format.split(/(%%|%[sb]|%)/);
    for (const piece of pieces) {
      if (piece === '%%') out.push('%');
      else if (piece === '%s' || piece === '%b')
        out.push(piece === '%b' ? decodeEscapes(rest[next++] ?? '', true).text : (rest[next++] ?? ''));
      else if (piece === '%') return undefined;
      else out.push(decodeEscapes(piece, false).text);
    }
    if (next === used) break;
  } while (next < rest.length);
  return out.join('');
}
