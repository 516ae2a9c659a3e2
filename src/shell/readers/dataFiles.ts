import { noEffects } from '../catalog/commandEffects';
import type { Reader } from '../catalog/reader';
import type { CommandReading } from '../catalog/commandReading';
import { staticWord, type ShellWord } from '../shellWord';

/** `dd if=FILE of=FILE`: operands written `name=value`, of which two name files. */
export const ddReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    for (const word of reading.words.slice(1)) {
      const value = word.value;
      if (value?.startsWith('of=') === true)
        effects.paths.push({ word: { ...staticWord(value.slice(3)), source: word.source }, role: 'overwrite' });
      if (value?.startsWith('if=') === true)
        effects.paths.push({ word: { ...staticWord(value.slice(3)), source: word.source }, role: 'read' });
    }
    return effects;
  },
};

// curl sends a file's content with `-d @file`, `--data-binary @file`, `-F name=@file`, `-F name=<file`
const CURL_FILE_DATA: ReadonlySet<string> = new Set([
  '-d',
  '--data',
  '--data-binary',
  '--data-urlencode',
  '--json',
  '-F',
  '--form',
]);

function given(reading: CommandReading, names: readonly string[]): boolean {
  return reading.options.some((option) => names.includes(option.name));
}

function optionValueOf(reading: CommandReading, names: readonly string[]): ShellWord | undefined {
  return reading.options.find((option) => names.includes(option.name))?.value;
}

/**
 * curl's data options that read a file (`-d @.env`), and `-O`, which writes a file named after
 * the URL in the folder it runs in (or `--output-dir`); the spec gives its other options.
 */
export const curlReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    if (given(reading, ['-O', '--remote-name', '--remote-name-all', '-J', '--remote-header-name']))
      effects.paths.push({ word: optionValueOf(reading, ['--output-dir']) ?? staticWord('.'), role: 'write' });
    for (const option of reading.options) {
      const value = option.value?.value;
      if (value === undefined || !CURL_FILE_DATA.has(option.name)) continue;
      const at = value.search(/[@<]/);
      const file = at === -1 ? '' : (value.slice(at + 1).split(';')[0] ?? '');
      const attached = at === 0 || (at > 0 && value[at - 1] === '=');
      if (attached && file !== '' && file !== '-')
        effects.paths.push({ word: { ...staticWord(file), source: option.value?.source ?? file }, role: 'read' });
    }
    return effects;
  },
};

/** wget writes what it fetches into the folder it runs in (or -P DIR), unless -O names the file or --spider fetches nothing. */
export const wgetReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    if (given(reading, ['-O', '--output-document', '--spider'])) return effects;
    effects.paths.push({
      word: optionValueOf(reading, ['-P', '--directory-prefix']) ?? staticWord('.'),
      role: 'write',
    });
    return effects;
  },
};

/** `gh api -F key=@FILE` reads the file; the spec gives `--input FILE`. */
export const forgeApiReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    for (const option of reading.options) {
      const value = option.value?.value;
      if (value === undefined || (option.name !== '-F' && option.name !== '--field')) continue;
      const at = value.indexOf('=@');
      if (at !== -1) effects.paths.push({ word: staticWord(value.slice(at + 2)), role: 'read' });
    }
    return effects;
  },
};

/** chmod, chown and chgrp: the files written are also permission changes, SYSTEM_IMPACT outside the project. */
export const permissionsReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    reading.operands.forEach((word, index) => {
      const role = reading.roles[index];
      if (role === 'write') effects.paths.push({ word, role, changesPermissions: true });
      else if (role === 'read') effects.paths.push({ word, role });
      else if (role === 'unknown')
        effects.paths.push({
          word,
          role: 'overwrite',
          assumed: reading.unknown ?? `'${reading.name}' is not fully known`,
          changesPermissions: true,
        });
    });
    for (const option of reading.options)
      if (option.kind === 'read' && option.value !== undefined)
        effects.paths.push({ word: option.value, role: 'read' });
    return effects;
  },
};

/** csplit writes its pieces as xx00, xx01... in the folder it runs in unless -f names the prefix. */
export const csplitReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    if (!reading.options.some((option) => option.name === '-f' || option.name === '--prefix'))
      effects.paths.push({ word: staticWord('xx'), role: 'write' });
    return effects;
  },
};
