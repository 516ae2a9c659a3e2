import { optionEffects } from '../../catalog/argumentEffects';
import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import type { PathRole } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';

// ssh-keygen does one thing per call, chosen by an option, and that choice says what its -f file
// is: read and printed (`-l`, `-y`, `-F host`), rewritten in place (`-p`, `-c`, `-R host`), or,
// with no such option, the new key it writes beside its `.pub`. The defaults it uses without -f
// are named too: `-R host` edits ~/.ssh/known_hosts.

/** Options after which -f names a file ssh-keygen only reads: fingerprints, public keys, lookups, KRL tests, signatures. */
const READS_FILE = ['-l', '-y', '-B', '-e', '-i', '-L', '-r', '-F', '-Q', '-Y'];
/** Options after which -f names known_hosts (default ~/.ssh/known_hosts), which -R and -H rewrite keeping a `.old` copy. */
const EDITS_KNOWN_HOSTS = ['-R', '-H'];
/** Options that rewrite the key file in place: a new passphrase, a new comment. */
const REWRITES_KEY = ['-p', '-c'];
const KNOWN_HOSTS = '~/.ssh/known_hosts';

const given = (reading: CommandReading, names: readonly string[]): boolean =>
  reading.options.some((option) => names.includes(option.name));

const valueOf = (reading: CommandReading, name: string): ShellWord | undefined =>
  reading.options.findLast((option) => option.name === name)?.value;

/** A file named after another (`key.pub`, `known_hosts.old`), or the word itself when built at run time. */
function besides(word: ShellWord, suffix: string): ShellWord {
  return word.value === undefined ? word : staticWord(`${word.value}${suffix}`);
}

/** The key ssh-keygen writes when not told where: it asks, offering ~/.ssh/id_TYPE. */
function defaultKey(reading: CommandReading): ShellWord {
  const type = valueOf(reading, '-t')?.value?.toLowerCase().replace(/-/g, '_');
  return staticWord(type === undefined || type === '' ? '~/.ssh' : `~/.ssh/id_${type}`);
}

/** The -f file and the files beside it, with their roles, for the mode the options choose. */
function keyFilePaths(effects: CommandEffects, reading: CommandReading): void {
  const file = valueOf(reading, '-f');
  const add = (word: ShellWord, role: PathRole, assumed?: string): void => {
    effects.paths.push(assumed === undefined ? { word, role } : { word, role, assumed });
  };
  const moduli = valueOf(reading, '-M')?.value;
  if (given(reading, READS_FILE) || moduli === 'screen') {
    if (file !== undefined) add(file, 'read');
    else if (given(reading, ['-F'])) add(staticWord(KNOWN_HOSTS), 'read');
    return;
  }
  if (given(reading, EDITS_KNOWN_HOSTS)) {
    const hosts = file ?? staticWord(KNOWN_HOSTS);
    add(hosts, 'overwrite');
    add(besides(hosts, '.old'), 'overwrite');
    return;
  }
  if (given(reading, ['-k'])) {
    if (file !== undefined) add(file, 'overwrite');
    return;
  }
  // -A writes every missing host key under the -f prefix, or in /etc/ssh
  if (given(reading, ['-A'])) {
    add(file === undefined ? staticWord('/etc/ssh') : besides(file, '/etc/ssh'), 'overwrite');
    return;
  }
  // -K writes the keys a FIDO token holds into the current folder, under names the token gives
  if (given(reading, ['-K'])) {
    add(staticWord('.'), 'overwrite', 'ssh-keygen -K writes the keys a security key holds into the folder it runs in');
    return;
  }
  // -M generate writes only its output file, an operand; -I and -D sign or list without -f
  if (moduli !== undefined || given(reading, ['-I', '-D'])) return;
  if (file === undefined) {
    add(defaultKey(reading), 'overwrite', 'ssh-keygen asks where the key is, offering ~/.ssh/id_TYPE');
    return;
  }
  add(file, 'overwrite');
  if (!given(reading, ['-p'])) add(besides(file, '.pub'), 'overwrite');
}

/** The operands: keys to certify or revoke, files to sign, or the moduli it writes; each certificate and signature it writes beside them. */
function operandPaths(effects: CommandEffects, reading: CommandReading): void {
  const writesOperands = valueOf(reading, '-M') !== undefined;
  const signs = valueOf(reading, '-Y')?.value === 'sign';
  const certifies = given(reading, ['-I']);
  for (const word of reading.operands) {
    effects.paths.push({ word, role: writesOperands ? 'overwrite' : 'read' });
    if (signs) effects.paths.push({ word: besides(word, '.sig'), role: 'overwrite' });
    if (certifies)
      effects.paths.push({
        word: word.value === undefined ? word : staticWord(`${word.value.replace(/\.pub$/, '')}-cert.pub`),
        role: 'overwrite',
      });
  }
}

/**
 * ssh-keygen: its options but -f as the spec reads them (the CA key of -s, the PKCS#11 or FIDO
 * library of -D and -w, code it loads); -f and the operands by the mode its options choose.
 */
export const sshKeygenReader: Reader = {
  readsArguments: true,
  read(reading): CommandEffects {
    const effects = noEffects();
    // `--help`: the spec reads the operands as data, and nothing is read or written
    if (reading.operandSpec === 'data') return effects;
    optionEffects(
      effects,
      reading,
      reading.options.filter((option) => option.name !== '-f'),
    );
    keyFilePaths(effects, reading);
    operandPaths(effects, reading);
    return effects;
  },
};
