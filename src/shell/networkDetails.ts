import type { CommandCall } from './commandCall';
import { hasOption, isOptionWord, optionValue, readArguments, valuedSet } from './options';
import { PATH_GRAMMARS } from './pathRoles';
import type { ShellWord } from './shellWord';
import { remoteHost, wordUrl } from './urls';

const CURL_VALUED = valuedSet(PATH_GRAMMARS.get('curl')?.valued ?? []);
const WGET_VALUED = valuedSet(PATH_GRAMMARS.get('wget')?.valued ?? []);
const SSH_VALUED = valuedSet(['-b', '-B', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-P', '-Q', '-R', '-S', '-W', '-w']);
// options that take a value, so the value is not mistaken for the host
const HOST_TOOL_VALUED: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ...['ssh', 'mosh', 'autossh', 'scp', 'sftp'].map((name) => [name, SSH_VALUED] as const),
  ['rsync', valuedSet(['-e', '--rsh', '--rsync-path', '--exclude', '--include', '--filter', '-f', '--port', '--password-file', '--log-file', '-T', '--temp-dir', '--backup-dir', '--suffix', '--chmod', '--chown', '--timeout', '--bwlimit', '--exclude-from', '--include-from', '--files-from', '--partial-dir', '--link-dest', '--compare-dest', '--copy-dest'])],
  ...['nc', 'ncat', 'netcat'].map((name) => [name, valuedSet(['-p', '-s', '-w', '-i', '-x', '-X', '-q', '-e', '-c', '-O', '-I', '-T', '-V'])] as const),
  ['telnet', valuedSet(['-l', '-n', '-b', '-e', '-X'])],
  ...['ping', 'ping6'].map((name) => [name, valuedSet(['-c', '-i', '-I', '-W', '-w', '-s', '-t', '-l', '-p', '-Q', '-S', '-M', '-m'])] as const),
  ...['traceroute', 'tracepath', 'mtr'].map((name) => [name, valuedSet(['-f', '-m', '-p', '-q', '-w', '-i', '-s', '-c', '-z', '-l'])] as const),
  ['dig', valuedSet(['-b', '-c', '-f', '-k', '-p', '-q', '-t', '-x', '-y'])],
  ['host', valuedSet(['-t', '-c', '-W', '-N', '-R', '-m'])],
  ['ssh-copy-id', valuedSet(['-i', '-p', '-o', '-F', '-J'])],
]);
// tools whose first operand is the host they reach; dig's @server and +options are not the name looked up
const HOST_TOOLS: ReadonlySet<string> = new Set([...HOST_TOOL_VALUED.keys(), 'ftp', 'lftp', 'tftp', 'socat', 'nslookup', 'whois', 'drill']);
const LOOKUP_MODIFIER = /^[@+]/;
const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** The URL, or failing that the host, a command's operands name. */
export function addressOf(operands: readonly ShellWord[]): string {
  for (const operand of operands) {
    const url = operand.value === undefined ? undefined : wordUrl(operand.value);
    if (url !== undefined) return url;
  }
  for (const operand of operands) {
    const value = operand.value;
    if (value === undefined || value.startsWith('-')) continue;
    const host = remoteHost(value);
    if (host !== undefined) return host;
  }
  return '';
}

function curlMethod(words: readonly ShellWord[]): { method: string; upload: boolean; operands: readonly ShellWord[] } {
  const parsed = readArguments(words, 1, CURL_VALUED);
  const explicit = optionValue(parsed, ['-X', '--request'])?.value;
  const data = parsed.options.some((option) => option.name.startsWith('--data') || ['-d', '-F', '--form', '--json'].includes(option.name));
  const put = hasOption(parsed, ['-T', '--upload-file']);
  const method = explicit ?? (put ? 'PUT' : data ? 'POST' : hasOption(parsed, ['-I', '--head']) ? 'HEAD' : '');
  return { method, upload: data || put || ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()), operands: parsed.operands };
}

/** NETWORK_RISK details for a network command: [url/host, tool and method, purpose]; `tool` is e.g. 'git clone'. */
export function networkDetails(call: CommandCall, use: { readonly tool: string; readonly purpose: string; readonly next: number }): readonly [string, string, string] {
  const { tool, purpose, next } = use;
  const words = call.words;
  if (call.name === 'curl') {
    const { method, upload, operands } = curlMethod(words);
    return [addressOf(operands), method === '' ? 'curl' : `curl ${method}`, upload ? 'upload' : purpose];
  }
  if (call.name === 'wget') {
    const parsed = readArguments(words, 1, WGET_VALUED);
    const upload = parsed.options.some((option) => option.name.startsWith('--post') || option.name === '--method');
    return [addressOf(parsed.operands), upload ? 'wget POST' : 'wget', upload ? 'upload' : purpose];
  }
  const valued = HOST_TOOL_VALUED.get(call.name);
  const read = valued === undefined ? words.slice(next).filter((word) => !isOptionWord(word)) : readArguments(words, 1, valued).operands;
  const operands = call.name === 'dig' || call.name === 'drill' ? read.filter((word) => !LOOKUP_MODIFIER.test(word.value ?? '')) : read;
  const method = operands[0]?.value?.toUpperCase();
  if ((call.name === 'http' || call.name === 'https' || call.name === 'xh') && method !== undefined && HTTP_METHODS.has(method)) {
    return [addressOf(operands.slice(1)), `${call.name} ${method}`, method === 'GET' ? purpose : 'upload'];
  }
  const address = addressOf(operands);
  const first = operands[0]?.value ?? '';
  // `ssh user@host cmd` names its host without a colon; git names a remote
  const shown = address !== '' ? address : HOST_TOOLS.has(call.name) ? first.slice(first.lastIndexOf('@') + 1) : call.name === 'git' ? first : '';
  return [shown, tool, purpose];
}
