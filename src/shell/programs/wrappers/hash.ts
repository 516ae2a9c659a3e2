import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';

/** `hash -p PATH NAME` makes NAME run PATH later: PATH is analysed as a command (plain hash only looks up). */
export const hashReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    const target = reading.options.find((option) => option.name === '-p')?.value;
    if (target !== undefined) effects.commands.push({ words: [target], stdin: 'pass' });
    return effects;
  },
};
