import { codeFromStdin, scriptFileEffects } from '../../catalog/codeArguments';
import { mergeEffects, noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import type { ShellWord } from '../../words/shellWord';

// where a shell's script comes from, beyond what the spec's roles say: these options print and
// exit, read the script from stdin, or give it on the line (shellSpecs.ts gives their grammar)
const INFORMATIONAL: ReadonlySet<string> = new Set(['--version', '--help']);
const FROM_STDIN: ReadonlySet<string> = new Set(['-s']);
const COMMAND_STRING: ReadonlySet<string> = new Set(['-c', '--command']);

function given(reading: CommandReading, names: ReadonlySet<string>): boolean {
  return reading.options.some((option) => names.has(option.name));
}

// a lone '-' ends a shell's options as '--' does: the operand is the word after it
function pastLoneDash(words: readonly ShellWord[]): ShellWord | undefined {
  return words[0]?.value === '-' ? words[1] : words[0];
}

/** The script the options give: the operand -c makes one (the spec's `script` role). */
function scriptOperand(reading: CommandReading): ShellWord | undefined {
  return reading.roles[0] === 'script' ? pastLoneDash(reading.operands) : undefined;
}

/** The script file the shell runs: the operand its spec runs as a program. */
function scriptFile(reading: CommandReading): ShellWord | undefined {
  return reading.runs?.role === 'program' ? pastLoneDash(reading.words.slice(reading.runs.index)) : undefined;
}

/** Start-up files (`--rcfile FILE`), sourced before anything else: read like a script, or the call fails closed. */
function optionScripts(effects: CommandEffects, reading: CommandReading): void {
  for (const option of reading.options) {
    const word = option.value;
    if (word === undefined) continue;
    if (option.kind === 'program') {
      effects.paths.push({ word, role: 'read' });
      effects.scriptRuns.push({ word, how: 'shell', details: { mustRead: 'always' } });
    } else if (option.kind === 'script') effects.scripts.push({ word, what: 'shell script' });
  }
}

/**
 * bash/sh/zsh...: the script of `-c` (an operand, or fish's option value) is analysed, a script
 * file is listed for the caller to read, and stdin is read as code under `-s` or when the line
 * gives no script. The options and operand roles are the catalog's reading of shellSpecs.ts.
 */
export const shellReader: Reader = {
  readsArguments: true,
  read(reading, site) {
    if (given(reading, INFORMATIONAL)) return noEffects();
    const effects = noEffects();
    optionScripts(effects, reading);
    const script = scriptOperand(reading);
    if (script !== undefined) effects.scripts.push({ word: script, what: 'shell script' });
    if (given(reading, FROM_STDIN)) {
      mergeEffects(effects, codeFromStdin(reading, site, 'shell'));
      return effects;
    }
    const file = scriptFile(reading);
    if (file !== undefined) mergeEffects(effects, scriptFileEffects(reading, site, { kind: 'shell', word: file }));
    else if (!given(reading, COMMAND_STRING)) mergeEffects(effects, codeFromStdin(reading, site, 'shell'));
    return effects;
  },
};
