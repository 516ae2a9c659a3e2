import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { clientOptionsOf, readClientWords, type TargetOptions } from './clientOptions';
import { destroysData, placeOf } from './databaseFindings';

// the option that names where it connects; the others are read as mongosh's spec lists them
const TARGETS: TargetOptions = { '--host': 'host' };

// shell methods that drop or empty a database, a collection or its indexes
const DESTROYING = new RegExp(
  String.raw`\.(?:dropDatabase\s*\(|drop\s*\(|dropIndex(?:es)?\s*\(|deleteMany\s*\(\s*(?:\{\s*\})?\s*\)|` +
    String.raw`remove\s*\(\s*(?:\{\s*\})?\s*\)|dropUser\s*\(|dropAllUsers\s*\()`,
  'g',
);

/** The connection operand's database and host (`mongodb://h/app`, `app`, `h:27017/app`). */
function targetOf(operand: string | undefined, host: string): string {
  const url = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)\/?([^?]*)/.exec(operand ?? '');
  if (url !== null) return placeOf(url[2] ?? '', host || (url[1] ?? ''));
  const slash = (operand ?? '').lastIndexOf('/');
  return slash === -1
    ? placeOf(operand ?? '', host)
    : placeOf(operand?.slice(slash + 1) ?? '', operand?.slice(0, slash) ?? '');
}

/**
 * `mongosh [OPTIONS] [DB ADDRESS] [FILE...]`: JavaScript from `--eval` that drops a database or
 * collection or deletes every document is SYSTEM_IMPACT naming the call and the database; a
 * script file runs code that is not analysed.
 */
export const mongoReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    const read = readClientWords(reading.words, clientOptionsOf(reading.node, TARGETS));
    const scripts = read.operands.filter((word) => word.value?.endsWith('.js') === true || word.value === undefined);
    const address = read.operands.find((word) => !scripts.includes(word));
    const files = [...(read.values.get('program') ?? []), ...scripts];
    for (const word of files) {
      effects.paths.push({ word, role: 'read' });
      effects.unanalysed.push(`${reading.name} ${word.value ?? word.source}`);
    }
    const where = targetOf(address?.value, read.values.get('host')?.at(-1)?.value ?? '');
    for (const code of read.values.get('code') ?? []) {
      if (code.value === undefined) {
        effects.problems.push({
          reason: `${reading.name} --eval built at run time: fail closed`,
          trigger: code.source,
        });
        continue;
      }
      for (const match of code.value.matchAll(DESTROYING)) {
        const start = code.value.lastIndexOf(' ', match.index) + 1;
        const close = code.value.indexOf(')', match.index + match[0].length - 1);
        const end = close === -1 ? match.index + match[0].length : close + 1;
        const call = code.value.slice(start, end).replace(/^[;(]+/, '');
        destroysData(effects, reading, { what: call, statement: code.value, where });
      }
    }
    return effects;
  },
};
