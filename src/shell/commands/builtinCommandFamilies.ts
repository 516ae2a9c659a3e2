import type { CommandFamily } from '../catalog/catalog';
import { CLOUD_COMMANDS } from './cloud';
import { CONTAINER_COMMANDS } from './containers';
import { DEVELOPER_TOOL_COMMANDS } from './developerTools';
import { FILE_READER_COMMANDS } from './fileReaders';
import { FILE_UTILITY_COMMANDS } from './fileUtilities';
import { FORGE_COMMANDS } from './forges';
import { GIT_COMMANDS } from './git';
import { INTERPRETER_COMMANDS } from './interpreters';
import { NETWORK_COMMANDS } from './network';
import { NODE_PACKAGE_COMMANDS } from './nodePackages';
import { PACKAGE_MANAGER_COMMANDS } from './packageManagers';
import { PYTHON_PACKAGE_COMMANDS } from './pythonPackages';
import { SEARCH_COMMANDS } from './search';
import { SHELL_BUILTIN_COMMANDS } from './shellBuiltins';
import { SHELL_COMMANDS } from './shells';
import { SYSTEM_COMMANDS } from './system';
import { WRAPPER_COMMANDS } from './wrappers';

/**
 * Every built-in program family, with the names and aliases it answers to: the built-in catalog
 * reads a family's specs when it first looks up one of its programs. A name listed in two
 * families keeps its first spec. The names must be the specs' own (test/shell/builtinCommandFamilies.test.ts).
 */
export const BUILTIN_COMMAND_FAMILIES: readonly CommandFamily[] = [
  {
    programs: [
      'echo', 'printf', 'true', 'false', 'test', '[', ':', 'pwd', 'read', 'mapfile readarray', 'unset', 'shift', 'set', 'shopt', 'wait', 'exit',
      'return', 'help', 'type', 'which', 'whereis', 'dirs', 'jobs', 'fg', 'bg', 'disown', 'let', 'getopts', 'times', 'umask', 'ulimit', 'enable',
      'caller', 'history', 'logout', 'suspend', 'sleep',
    ],
    specs: () => SHELL_BUILTIN_COMMANDS,
  },
  {
    programs: [
      'sudo', 'sudo-rs', 'sudoedit', 'doas', 'pkexec', 'pfexec', 'run0', 'gosu', 'su-exec', 'setuidgid', 's6-setuidgid', 'su', 'runuser', 'nohup',
      'setsid', 'builtin', 'busybox', 'exec', 'command', 'time', 'timeout', 'nice', 'ionice', 'stdbuf', 'chroot', 'flock', 'watch', 'strace',
      'ltrace', 'valgrind', 'unbuffer', 'caffeinate', 'torsocks', 'proxychains', 'proxychains4', 'firejail', 'dbus-launch', 'dbus-run-session',
      'ssh-agent', 'flatpak-spawn', 'proot', 'entr', 'xvfb-run', 'taskset', 'chrt', 'numactl', 'prlimit', 'faketime', 'eatmydata', 'tini',
      'dumb-init', 'with-contenv', 'chronic', 'catchsegv', 'chpst', 'fakeroot', 'setpriv', 'setarch', 'linux32', 'linux64', 'unshare', 'nsenter',
      'systemd-run', 'script', 'sg', 'env', 'cross-env', 'cross-env-shell', 'xargs', 'hash', 'capsh', 'bwrap', 'gdb', 'perf', 'expect', 'tmux',
      'screen', 'parallel', 'nodemon', 'concurrently', 'watchexec',
    ],
    specs: () => WRAPPER_COMMANDS,
  },
  {
    programs: [
      'bash rbash', 'sh', 'zsh', 'dash', 'ksh ksh93 mksh pdksh oksh', 'ash', 'yash', 'posh', 'fish', 'csh tcsh',
    ],
    specs: () => SHELL_COMMANDS,
  },
  {
    programs: [
      'python py pypy', 'node nodejs', 'perl', 'ruby', 'php', 'lua luajit', 'Rscript', 'osascript', 'awk gawk mawk nawk',
    ],
    specs: () => INTERPRETER_COMMANDS,
  },
  {
    programs: [
      'rm', 'rmdir', 'unlink', 'shred', 'truncate', 'mv', 'cp', 'ln', 'install', 'tee', 'touch', 'mkdir', 'mkfifo', 'mknod', 'chmod', 'chown',
      'chgrp', 'dd', 'sed', 'split', 'csplit', 'shuf', 'mktemp', 'link', 'fallocate', 'sync', 'patch',
    ],
    specs: () => FILE_UTILITY_COMMANDS,
  },
  {
    programs: [
      'cat', 'tac', 'nl', 'head', 'tail', 'wc', 'cut', 'paste', 'column', 'fold', 'expand', 'unexpand', 'tr', 'uniq', 'comm', 'join', 'sort', 'od',
      'hexdump', 'xxd', 'strings', 'base64 base32 basenc', 'md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum shasum', 'cksum sum', 'stat',
      'file', 'ls dir vdir', 'tree', 'du', 'df', 'realpath', 'readlink', 'basename', 'dirname', 'whoami', 'id', 'groups', 'getent', 'uname', 'date',
      'printenv', 'seq', 'yes', 'nproc', 'fmt', 'rev', 'diff', 'cmp', 'less more', 'jq', 'yq', 'free', 'uptime', 'ps', 'pgrep', 'lsof', 'tput',
      'clear', 'locale', 'getconf', 'tty', 'hostname',
    ],
    specs: () => FILE_READER_COMMANDS,
  },
  {
    programs: [
      'grep egrep fgrep', 'rg', 'ag', 'ack', 'find', 'fd fdfind', 'locate',
    ],
    specs: () => SEARCH_COMMANDS,
  },
  {
    programs: [
      'git', 'hub',
    ],
    specs: () => GIT_COMMANDS,
  },
  {
    programs: [
      'npm', 'pnpm', 'yarn', 'bun', 'npx pnpx bunx', 'deno', 'release-it', 'semantic-release', 'changeset', 'lerna', 'vsce', 'ovsx', 'vercel',
      'netlify', 'firebase', 'wrangler', 'fly flyctl',
    ],
    specs: () => NODE_PACKAGE_COMMANDS,
  },
  {
    programs: [
      'pip pip3 pip2', 'uv', 'uvx', 'pipx', 'poetry', 'pipenv', 'pdm', 'hatch', 'conda mamba micromamba', 'twine', 'flit', 'rye', 'pixi',
      'pytest py.test', 'mypy', 'black', 'ruff', 'flake8', 'pylint', 'isort', 'tox', 'nox',
    ],
    specs: () => PYTHON_PACKAGE_COMMANDS,
  },
  {
    programs: [
      'cargo', 'gem', 'bundle bundler', 'go', 'composer', 'apt apt-get aptitude', 'dnf yum microdnf tdnf', 'zypper', 'apk', 'pacman yay paru',
      'brew port', 'snap flatpak', 'nix-env', 'nix', 'dpkg rpm',
    ],
    specs: () => PACKAGE_MANAGER_COMMANDS,
  },
  {
    programs: [
      'docker podman', 'docker-compose', 'kubectl oc', 'helm',
    ],
    specs: () => CONTAINER_COMMANDS,
  },
  {
    programs: [
      'aws', 'gcloud', 'gsutil', 'az', 'doctl', 'eksctl', 'heroku', 'terraform tofu terragrunt', 'pulumi',
    ],
    specs: () => CLOUD_COMMANDS,
  },
  {
    programs: [
      'curl', 'wget', 'aria2c', 'axel', 'http https xh xhs', 'curlie', 'lwp-request lwp-download GET POST HEAD', 'nc ncat netcat', 'socat', 'telnet',
      'ssh', 'mosh', 'autossh', 'scp', 'sftp', 'ftp lftp tftp', 'rsync', 'ping ping6', 'traceroute tracepath mtr', 'dig', 'nslookup', 'host', 'whois',
      'drill', 'ssh-copy-id', 'openssl',
    ],
    specs: () => NETWORK_COMMANDS,
  },
  {
    programs: [
      'systemctl', 'service', 'launchctl', 'rc-service', 'rc-update', 'update-rc.d', 'chkconfig', 'sv', 'crontab', 'iptables', 'ip6tables',
      'iptables-restore', 'ip6tables-restore', 'nft', 'ufw', 'firewall-cmd', 'pfctl', 'nmcli', 'ifconfig', 'ifup', 'ifdown', 'route', 'ip', 'mount',
      'umount', 'mkswap', 'swapon', 'swapoff', 'fdisk', 'sfdisk', 'cfdisk', 'gdisk', 'sgdisk', 'parted', 'wipefs', 'losetup', 'cryptsetup',
      'lvcreate', 'lvremove', 'vgcreate', 'pvcreate', 'mdadm', 'tune2fs', 'resize2fs', 'blkdiscard', 'hdparm', 'diskutil', 'chattr', 'fsck', 'mkfs',
      'reboot', 'shutdown', 'halt', 'poweroff', 'init', 'telinit', 'kexec', 'sysctl', 'modprobe', 'insmod', 'rmmod', 'kextload', 'kextunload', 'kill',
      'killall', 'pkill', 'skill', 'xkill', 'useradd', 'userdel', 'usermod', 'adduser', 'deluser', 'groupadd', 'groupdel', 'groupmod', 'addgroup',
      'delgroup', 'passwd', 'chpasswd', 'chgpasswd', 'chage', 'gpasswd', 'chsh', 'chfn', 'vipw', 'vigr', 'visudo', 'setcap', 'newgrp',
    ],
    specs: () => SYSTEM_COMMANDS,
  },
  {
    programs: [
      'gh', 'glab',
    ],
    specs: () => FORGE_COMMANDS,
  },
  {
    programs: [
      'make gmake', 'just', 'task go-task', 'rake', 'ninja', 'mage', 'gradle', 'gradlew', 'mvn', 'mvnw', 'ant', 'scons', 'bazel', 'bazelisk',
      'invoke', 'cmake', 'meson', 'turbo', 'nx', 'tsc', 'eslint', 'prettier', 'biome', 'stylelint', 'rustfmt', 'gofmt', 'clang-format', 'shellcheck',
      'shfmt', 'jest', 'vitest', 'mocha', 'playwright', 'tsx', 'ts-node', 'cc gcc g++ c++ clang clang++', 'rustc', 'javac', 'java',
      'vim vi nvim view vimdiff gvim gview gvimdiff rvim rview evim eview ex nvi', 'emacs emacsclient', 'nano pico micro', 'man', 'tar bsdtar', 'zip',
      'unzip', 'gzip gunzip pigz unpigz compress uncompress', 'bzip2 bunzip2', 'xz unxz lzma unlzma', 'zstd unzstd zstdmt', 'iconv', 'sqlite3',
      'at batch',
    ],
    specs: () => DEVELOPER_TOOL_COMMANDS,
  },
];
