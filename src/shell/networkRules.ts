import type { CommandRule } from './ruleTypes';

/** Commands that reach external services (seed 002 D: curl, wget, http(s)), besides installs and publishes. */
export const NETWORK_RULES: readonly CommandRule[] = [
  {
    category: 'NETWORK_RISK',
    commands: ['curl', 'wget', 'aria2c', 'axel', 'http', 'https', 'xh', 'xhs', 'curlie', 'lwp-request', 'lwp-download'],
    note: 'HTTP request',
    purpose: 'download',
    examples: ['curl https://example.com', 'wget -q x.io/f', 'http POST api.io/x a=1'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['nc', 'ncat', 'netcat', 'socat', 'telnet'],
    note: 'raw network connection',
    purpose: 'raw connection',
    examples: ['nc -l 8080', 'socat - TCP:h:80', 'telnet h 25'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['ssh', 'mosh', 'autossh'],
    note: 'remote shell',
    purpose: 'remote shell',
    examples: ['ssh user@host', 'ssh -p 2222 h uptime'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['scp', 'sftp', 'ftp', 'lftp', 'tftp'],
    note: 'file transfer',
    purpose: 'file transfer',
    examples: ['scp f h:/tmp', 'sftp h'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['rsync'],
    check: 'remoteOperand',
    note: 'file transfer',
    purpose: 'file transfer',
    examples: ['rsync -av dist/ host:/srv/www', 'rsync rsync://h/m/ x'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['git'],
    subcommands: ['clone', 'fetch', 'pull', 'ls-remote', 'submodule update', 'submodule add', 'submodule sync', 'remote update', 'lfs fetch', 'lfs pull', 'lfs clone'],
    note: 'git fetch',
    purpose: 'fetch',
    examples: ['git clone https://github.com/o/r', 'git pull', 'git submodule update --init'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['docker', 'podman'],
    subcommands: ['pull', 'image pull', 'login', 'search'],
    note: 'image download',
    purpose: 'image download',
    examples: ['docker pull alpine'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['gh', 'glab', 'hub'],
    note: 'forge API call',
    purpose: 'API call',
    examples: ['gh issue list', 'glab mr list'],
  },
];
