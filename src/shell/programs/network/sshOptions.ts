import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';

// ssh -o keys whose value runs on this machine
const LOCAL_COMMANDS: ReadonlySet<string> = new Set(['proxycommand', 'localcommand', 'knownhostscommand']);

function commandOfOption(value: ShellWord): ShellWord | undefined {
  const text = value.value;
  if (text === undefined) return value.source.toLowerCase().includes('command') ? value : undefined;
  const match = /^\s*([A-Za-z]+)\s*[=\s]\s*/.exec(text);
  if (match?.[1] === undefined || !LOCAL_COMMANDS.has(match[1].toLowerCase())) return undefined;
  return staticWord(text.slice(match[0].length));
}

/** ssh, scp and sftp `-o ProxyCommand=CMD` (and LocalCommand, KnownHostsCommand) run CMD on this machine. */
export const sshOptionsReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    for (const option of reading.options) {
      if (option.name !== '-o' || option.value === undefined) continue;
      const command = commandOfOption(option.value);
      if (command !== undefined) effects.scripts.push({ word: command, what: `${reading.name} -o command` });
    }
    return effects;
  },
};
