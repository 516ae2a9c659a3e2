import { noEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { forgeApiFindingDetails } from './forgeApiCalls';
import { curlRequest, wgetRequest } from './httpRequests';

// What network clients read and write beside the network: the files curl sends and writes, where
// wget saves what it fetches, and the files a forge CLI's API call sends.

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
  findingDetails: { request: curlRequest },
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
  findingDetails: { request: wgetRequest },
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
  findingDetails: forgeApiFindingDetails,
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
