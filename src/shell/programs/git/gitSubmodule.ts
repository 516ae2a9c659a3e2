import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';

/** `git submodule foreach [--recursive] CMD`: one word is run by a shell, several are run as a command. */
export const gitSubmoduleReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    const [only, ...more] = reading.operands;
    if (only === undefined) return effects;
    if (more.length > 0) effects.commands.push({ words: reading.operands, stdin: 'pass' });
    else effects.scripts.push({ word: only, what: 'git submodule foreach command' });
    return effects;
  },
};
