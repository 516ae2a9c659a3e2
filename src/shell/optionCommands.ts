import type { AnalysisContext } from './analysisContext';
import { runScriptWord, type CommandCall } from './commandCall';
import { staticWord, type ShellWord } from './shellWord';

/** Options whose value is a command line the tool runs (through a shell or split into words). */
const COMMAND_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['rg', ['--pre']],
  ['sort', ['--compress-program']],
  ['tar', ['-I', '--use-compress-program', '--to-command', '--info-script', '-F', '--new-volume-script', '--checkpoint-action']],
  ['rsync', ['-e', '--rsh', '--rsync-path']],
  ['scp', ['-S']],
  ['zip', ['-TT', '--unzip-command']],
  ['man', ['-P', '--pager']],
  ['git', ['--exec-path']],
]);

// ssh -o keys whose value runs on this machine
const SSH_LOCAL_COMMANDS: ReadonlySet<string> = new Set(['proxycommand', 'localcommand', 'knownhostscommand']);

function optionCommand(name: string, option: string, value: ShellWord): ShellWord | undefined {
  if (option === '--checkpoint-action') {
    const text = value.value;
    if (text === undefined) return value;
    return text.startsWith('exec=') ? staticWord(text.slice('exec='.length)) : undefined;
  }
  // git --exec-path only prints unless given a value; the value is a directory of git programs
  if (name === 'git') return undefined;
  return value;
}

function sshOptionCommand(value: ShellWord): ShellWord | undefined {
  const text = value.value;
  if (text === undefined) return value.source.toLowerCase().includes('command') ? value : undefined;
  const match = /^\s*([A-Za-z]+)\s*[=\s]\s*/.exec(text);
  if (match?.[1] === undefined || !SSH_LOCAL_COMMANDS.has(match[1].toLowerCase())) return undefined;
  return staticWord(text.slice(match[0].length));
}

/**
 * Options of otherwise ordinary tools that run a command: `rg --pre CMD`, `tar --to-command=CMD`,
 * `rsync -e CMD`, `ssh -o ProxyCommand=CMD`. Each value is analysed as a script.
 */
export function runOptionCommands(call: CommandCall, context: AnalysisContext): void {
  const options = call.name === 'ssh' || call.name === 'scp' || call.name === 'sftp' ? [...(COMMAND_OPTIONS.get(call.name) ?? []), '-o'] : COMMAND_OPTIONS.get(call.name);
  if (options === undefined) return;
  const words = call.words;
  for (let index = 1; index < words.length; index++) {
    const value = words[index]?.value;
    if (value === undefined || value === '--') continue;
    for (const option of options) {
      const attached = value.startsWith(`${option}=`) ? staticWord(value.slice(option.length + 1)) : undefined;
      const given = attached ?? (value === option ? words[index + 1] : undefined);
      if (given === undefined) continue;
      const command = option === '-o' ? sshOptionCommand(given) : optionCommand(call.name, option, given);
      if (command !== undefined) runScriptWord({ word: command, what: `${call.name} ${option} command` }, call, context);
    }
  }
}
