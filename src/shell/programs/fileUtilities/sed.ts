import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { staticWord } from '../../words/shellWord';

/** What a sed script does beyond editing text: GNU sed's `e` runs commands, `w` writes files. */
export interface SedEffects {
  /** command lines of `e COMMAND` */
  readonly commands: string[];
  /** `e` alone or `s///e` runs the pattern space, text known only at run time */
  runsPatternSpace: boolean;
  /** files of `w FILE` and `s///w FILE` */
  readonly writes: string[];
}

/** Reads up to the unescaped `delimiter`, returning the index after it (or the end). */
function skipDelimited(script: string, at: number, delimiter: string): number {
  for (let index = at; index < script.length; index++) {
    if (script[index] === '\\') index++;
    else if (script[index] === delimiter) return index + 1;
  }
  return script.length;
}

/** A digit, or `$ ~ +` of a line address (`$`, `first~step`, `addr,+N`). */
function isAddressCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 36 || code === 126 || code === 43;
}

/** A letter or digit of an `s` command's flags, up to a `w`, which starts a file name. */
function isFlagCharacter(code: number): boolean {
  return (
    code !== 119 /* w */ && ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122))
  );
}

function skipAddress(script: string, at: number): number {
  const char = script[at];
  if (char === '/') return skipDelimited(script, at + 1, '/');
  if (char === '\\' && at + 1 < script.length) return skipDelimited(script, at + 2, script[at + 1] ?? '');
  let index = at;
  while (index < script.length && isAddressCharacter(script.charCodeAt(index))) index++;
  return index;
}

function restOfLine(script: string, at: number): { text: string; end: number } {
  const newline = script.indexOf('\n', at);
  const end = newline === -1 ? script.length : newline;
  return { text: script.slice(at, end).trim(), end };
}

function skipAddresses(script: string, start: number): number {
  let at = skipAddress(script, start);
  if (script[at] === ',') at = skipAddress(script, at + 1);
  while (script[at] === ' ' || script[at] === '!' || script[at] === '\t') at++;
  return at;
}

/** Reads the `e` and `w` commands of a sed script (GNU syntax, one command after another). */
export function sedEffects(script: string): SedEffects {
  const effects: SedEffects = { commands: [], runsPatternSpace: false, writes: [] };
  let at = 0;
  while (at < script.length) {
    const skip = script[at];
    if (skip === ' ' || skip === '\t' || skip === '\n' || skip === ';' || skip === '{' || skip === '}') {
      at++;
      continue;
    }
    at = skipAddresses(script, at);
    const command = script[at] ?? '';
    at++;
    if (
      command === 'e' ||
      command === 'w' ||
      command === 'W' ||
      command === 'r' ||
      command === 'R' ||
      command === 'a' ||
      command === 'i' ||
      command === 'c' ||
      command === '#' ||
      command === ':'
    ) {
      const line = restOfLine(script, at);
      if (command === 'e' && line.text === '') effects.runsPatternSpace = true;
      else if (command === 'e') effects.commands.push(line.text);
      else if ((command === 'w' || command === 'W') && line.text !== '') effects.writes.push(line.text);
      at = line.end;
    } else if (command === 's' || command === 'y') {
      const delimiter = script[at] ?? '/';
      at = skipDelimited(script, skipDelimited(script, at + 1, delimiter), delimiter);
      if (command === 'y') continue;
      const flagsStart = at;
      while (at < script.length && isFlagCharacter(script.charCodeAt(at))) at++;
      if (script.slice(flagsStart, at).includes('e')) effects.runsPatternSpace = true;
      if (script[at] === 'w') {
        const line = restOfLine(script, at + 1);
        if (line.text !== '') effects.writes.push(line.text);
        at = line.end;
      }
    } else if (command === 'b' || command === 't' || command === 'T') {
      while (at < script.length && script[at] !== ';' && script[at] !== '\n') at++;
    }
  }
  return effects;
}

const SCRIPT_OPTIONS: ReadonlySet<string> = new Set(['-e', '--expression']);
const FILE_OPTIONS: ReadonlySet<string> = new Set(['-f', '--file']);

/**
 * sed's scripts: `1e cmd` runs cmd, `s///e` runs text made at run time (fail closed), `w FILE`
 * writes it. The spec gives the files' roles (read, or overwritten with -i).
 */
export const sedReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const given = reading.options.filter((option) => SCRIPT_OPTIONS.has(option.name)).map((option) => option.value);
    const fromFile = reading.options.some((option) => FILE_OPTIONS.has(option.name));
    const scripts = given.length > 0 || fromFile ? given : [reading.operands[0]];
    for (const script of scripts) {
      // a script built at run time is not read (like inline code of other interpreters)
      if (script?.value === undefined) continue;
      const found = sedEffects(script.value);
      if (found.runsPatternSpace)
        effects.problems.push({
          reason: 'sed runs text it builds at run time as a command: fail closed',
          trigger: script.source,
        });
      for (const line of found.commands) effects.scripts.push({ word: staticWord(line), what: 'sed e command' });
      for (const file of found.writes) effects.paths.push({ word: staticWord(file), role: 'overwrite' });
    }
    return effects;
  },
};
