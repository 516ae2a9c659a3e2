/**
 * git configuration keys that run code: their value is a command git runs through a shell
 * (`core.pager`, `alias.x = !cmd`), or they make git read more configuration or run a command
 * named elsewhere (`include.path`, the `ext::` transport). One list, used for `git -c`,
 * `git config` and a repository's own config file.
 */

// keys whose whole name is fixed
const CODE_KEYS: ReadonlySet<string> = new Set([
  'core.pager',
  'core.editor',
  'core.sshcommand',
  'core.fsmonitor',
  'core.askpass',
  'core.gitproxy',
  'sequence.editor',
  'gpg.program',
  'gpg.ssh.program',
  'gpg.x509.program',
  'gpg.openpgp.program',
  'gpg.ssh.defaultkeycommand',
  'uploadpack.packobjectshook',
  'receive.procreceiverefs',
  'diff.external',
  'interactive.difffilter',
  'imap.tunnel',
  'sendemail.smtpserver',
  'sendemail.tocmd',
  'sendemail.cccmd',
  'sendemail.headercmd',
  'credential.helper',
  'web.browser',
]);

// `section.<name>.key` keys whose value is a command
const NAMED_CODE_KEYS: readonly (readonly [string, readonly string[]])[] = [
  ['credential', ['helper']],
  ['diff', ['textconv', 'command']],
  ['filter', ['clean', 'smudge', 'process']],
  ['merge', ['driver']],
  ['difftool', ['cmd', 'path']],
  ['mergetool', ['cmd', 'path']],
  ['remote', ['uploadpack', 'receivepack', 'proxy']],
  ['browser', ['cmd', 'path']],
  ['man', ['cmd', 'path']],
  ['trailer', ['command', 'cmd']],
  ['http', ['proxy']],
];

/** Whether git runs the value of `key` (any case) as a shell command (an alias only when it starts with `!`). */
export function isGitCodeKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (CODE_KEYS.has(lower) || lower.startsWith('pager.')) return true;
  const first = lower.indexOf('.');
  const last = lower.lastIndexOf('.');
  if (first === -1 || first === last) return false;
  const section = lower.slice(0, first);
  const name = lower.slice(last + 1);
  return NAMED_CODE_KEYS.some(([codeSection, names]) => codeSection === section && names.includes(name));
}

/** Why a key makes git read code the line does not show: more configuration, or a transport that runs a command. */
export function gitConfigProblem(key: string, value: string | undefined): string | undefined {
  const lower = key.toLowerCase();
  if (lower === 'include.path' || (lower.startsWith('includeif.') && lower.endsWith('.path')))
    return `git configuration ${key} reads another configuration file`;
  if ((lower === 'protocol.ext.allow' || lower === 'protocol.allow') && value?.toLowerCase() !== 'never')
    return `git configuration ${key} allows the ext:: transport, which runs a command named in a URL`;
  if (lower === 'init.templatedir') return `git configuration ${key} gives a new repository hooks from another folder`;
  return undefined;
}
