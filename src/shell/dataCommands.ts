/**
 * Commands whose arguments are data: only their own name decides, so `echo sudo`, `grep push`
 * or `cat package.json` raise nothing beyond EXEC_ARBITRARY.
 */
export const DATA_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'echo', 'printf', 'true', 'false', 'test', '[', ':',
  'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack',
  'cat', 'less', 'more', 'head', 'tail', 'wc', 'sort', 'uniq', 'cut', 'tr', 'diff', 'cmp', 'comm', 'file', 'stat', 'ls', 'tree', 'du', 'df',
  'pwd', 'which', 'type', 'basename', 'dirname', 'realpath', 'readlink', 'jq', 'yq',
  'tac', 'nl', 'column', 'paste', 'fold', 'expand', 'strings', 'od', 'hexdump', 'xxd', 'base64', 'md5sum', 'sha1sum', 'sha256sum',
  'printenv', 'whoami', 'id', 'uname', 'sleep', 'cd', 'pushd', 'popd', 'dirs', 'read', 'unset', 'shift', 'set', 'wait', 'exit', 'return', 'help', 'hash',
]);
