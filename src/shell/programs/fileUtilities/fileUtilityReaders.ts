import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';

/** `dd if=FILE of=FILE`: operands written `name=value`, of which two name files. */
export const ddReader: Reader = {
  readsArguments: true,
  // its rule's target is the file `of=` names, which its operands do not show as a path
  findingDetails: {
    system: (reading, match) => [
      reading.name,
      reading.words.find((word) => word.value?.startsWith('of=') === true)?.value?.slice(3) ?? '',
      match.rule.level ?? '',
    ],
  },
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
