import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { clientOptionsOf, lastValue, readClientWords, type TargetOptions } from './clientOptions';
import { destroysData, placeOf } from './databaseFindings';

// the options that name where it connects; the others are read as redis-cli's spec lists them
const TARGETS: TargetOptions = { '-h': 'host', '-u': 'host', '-n': 'database' };

// commands that destroy what the server holds or change how it runs; `CONFIG SET` can make it write any file
const DESTROYING: ReadonlySet<string> = new Set([
  'FLUSHALL',
  'FLUSHDB',
  'DEL',
  'UNLINK',
  'SHUTDOWN',
  'SWAPDB',
  'REPLICAOF',
  'SLAVEOF',
  'CONFIG SET',
  'CONFIG RESETSTAT',
  'SCRIPT FLUSH',
  'FUNCTION FLUSH',
  'FUNCTION DELETE',
  'CLUSTER RESET',
  'DEBUG',
  'MODULE LOAD',
  'ACL DELUSER',
]);
// commands of two words (`CONFIG SET`)
const CONTAINERS: ReadonlySet<string> = new Set(['CONFIG', 'SCRIPT', 'FUNCTION', 'CLUSTER', 'MODULE', 'ACL']);

/**
 * `redis-cli [OPTIONS] [COMMAND [ARG...]]`: a command that destroys data or reconfigures the
 * server (FLUSHALL, DEL, CONFIG SET) is SYSTEM_IMPACT naming the keys and the server; the rest
 * (GET, KEYS, INFO) read or change keys and are not possible writes to files.
 */
export const redisReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    const read = readClientWords(reading.words, clientOptionsOf(reading.node, TARGETS));
    for (const word of read.values.get('write') ?? []) effects.paths.push({ word, role: 'write' });
    for (const word of read.values.get('read') ?? []) effects.paths.push({ word, role: 'read' });
    const [first, second, ...rest] = read.operands;
    if (first === undefined) return effects;
    if (first.value === undefined) {
      effects.problems.push({ reason: 'redis-cli command built at run time: fail closed', trigger: first.source });
      return effects;
    }
    const name = first.value.toUpperCase();
    const verb = CONTAINERS.has(name) && second !== undefined ? `${name} ${(second.value ?? '').toUpperCase()}` : name;
    if (!DESTROYING.has(verb)) return effects;
    const keys = CONTAINERS.has(name) ? rest : [second, ...rest];
    const what = [verb, ...keys.map((word) => word?.value ?? word?.source ?? '')].join(' ').trim();
    const database = lastValue(read, 'database');
    destroysData(effects, reading, {
      what,
      statement: what,
      where: placeOf(database === '' ? '' : `#${database}`, lastValue(read, 'host')),
    });
    return effects;
  },
};
