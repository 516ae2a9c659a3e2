import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import type { ShellWord } from '../../words/shellWord';

// a path that may start with an alias: not absolute, not from here or home, not an option
const ALIAS_PATH = /^[A-Za-z0-9][\w.-]*(?:\/|$)/;

/**
 * The alias an mc command reaches, as its operands name it: the first name of the first path
 * below one (`myminio/bucket/x` reaches `myminio`), else the first bare name (`mc admin info
 * myminio`); '' when none reads as one.
 */
function aliasOf(operands: readonly ShellWord[]): string {
  const names = operands.flatMap((word) =>
    word.value !== undefined && ALIAS_PATH.test(word.value) ? [word.value] : [],
  );
  const path = names.find((name) => name.includes('/')) ?? names[0];
  return path === undefined ? '' : path.slice(0, path.indexOf('/') === -1 ? undefined : path.indexOf('/'));
}

/**
 * mc's reader: the spec's roles read the arguments and its rules find what reaches or changes
 * the server; this reader only says, in a NETWORK_RISK finding, which alias it reaches.
 */
export const objectStorageReader: Reader = {
  readsArguments: false,
  read: () => noEffects(),
  findingDetails: { networkPlace: (_reading, operands) => aliasOf(operands) },
};
