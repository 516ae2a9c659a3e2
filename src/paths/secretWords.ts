/** The kinds of FS_CONFIG_SECRETS file a path can name, most specific first. */
export const SECRET_KINDS = [
  'env',
  'ssh',
  'private_key',
  'registry_auth',
  'credentials',
  'password',
  'api_key',
  'token',
  'agent_settings',
  'shell_config',
  'config',
] as const;

export type SecretKind = (typeof SECRET_KINDS)[number];

type KindTable<T> = Readonly<Partial<Record<SecretKind, readonly T[]>>>;

/** One agent or editor settings file, as the names that end its path (lowercase), and what it runs. */
export interface AgentSetting {
  readonly path: readonly [string] | readonly [string, string];
  readonly runs: string;
}

/**
 * Agent and editor settings that make a tool run code: writing one writes a command that runs
 * later, when the editor opens the folder or the agent starts, outside every check here. They
 * are of kind `agent_settings`, and SECRET_NAMES and SECRET_PAIRS take them from this table.
 */
export const AGENT_SETTINGS: readonly AgentSetting[] = [
  { path: ['.mcp.json'], runs: 'the MCP servers Claude Code and other clients start for the project, each a command' },
  { path: ['.cursor', 'mcp.json'], runs: 'the MCP servers Cursor starts, each a command' },
  { path: ['.cursor', 'environment.json'], runs: "the install and start commands of Cursor's background agents" },
  { path: ['.vscode', 'mcp.json'], runs: 'the MCP servers VS Code starts, each a command' },
  {
    path: ['.vscode', 'tasks.json'],
    runs: 'shell tasks, which VS Code runs on its own when a task says runOn: folderOpen',
  },
  { path: ['.vscode', 'launch.json'], runs: 'the programs the debugger starts, and their preLaunchTask' },
  {
    path: ['.vscode', 'settings.json'],
    runs: 'the programs extensions start: terminal profiles, formatters, linters and language servers by path',
  },
  {
    path: ['.claude', 'settings.json'],
    runs: "Claude Code's hooks, shell commands run around each tool call, and its permissions",
  },
  {
    path: ['.claude', 'settings.local.json'],
    runs: "Claude Code's hooks and permissions, as settings.json, kept out of git",
  },
  { path: ['.gemini', 'settings.json'], runs: "Gemini CLI's MCP servers and its tool discovery and call commands" },
  {
    path: ['.codex', 'config.toml'],
    runs: "Codex's MCP servers, and the sandbox and approval policy its commands run under",
  },
  { path: ['.roo', 'mcp.json'], runs: 'the MCP servers Roo Code starts for the project' },
  { path: ['.amazonq', 'mcp.json'], runs: 'the MCP servers Amazon Q Developer starts for the workspace' },
  { path: ['.zed', 'settings.json'], runs: "Zed's context servers and language servers, each a command" },
  { path: ['.zed', 'tasks.json'], runs: 'shell tasks Zed runs' },
  {
    path: ['.devcontainer', 'devcontainer.json'],
    runs: 'the dev container and its postCreateCommand, postStartCommand and other lifecycle commands',
  },
  {
    path: ['.devcontainer.json'],
    runs: 'the dev container and its lifecycle commands, as .devcontainer/devcontainer.json',
  },
];

const agentNames = AGENT_SETTINGS.flatMap(({ path }) => (path.length === 1 ? [path[0]] : []));
const agentPairs = AGENT_SETTINGS.flatMap(({ path }) => (path.length === 2 ? [path] : []));

/** Whole file or folder names (lowercase) of each kind. */
export const SECRET_NAMES: KindTable<string> = {
  env: ['.env', '.envrc'],
  ssh: ['.ssh', 'ssh', 'authorized_keys', 'authorized_keys2', 'known_hosts', 'ssh_config', 'sshd_config'],
  private_key: ['.gnupg'],
  registry_auth: ['.npmrc', '.yarnrc', '.yarnrc.yml', '.pypirc'],
  // the cloud CLIs' folders hold their credentials and tokens
  credentials: ['.netrc', '_netrc', '.pgpass', '.git-credentials', 'kubeconfig', '.aws', '.kube', '.azure'],
  password: ['htpasswd', '.htpasswd'],
  agent_settings: agentNames,
  shell_config: [
    '.bashrc',
    '.bash_profile',
    '.bash_login',
    '.bash_logout',
    '.bash_aliases',
    '.profile',
    '.zshrc',
    '.zshenv',
    '.zprofile',
    '.zlogin',
    '.zlogout',
    '.kshrc',
    '.cshrc',
    '.tcshrc',
    'config.fish',
  ],
  config: [
    '.gitconfig',
    '.husky',
    '.circleci',
    '.buildkite',
    '.gitlab-ci.yml',
    '.travis.yml',
    '.drone.yml',
    'jenkinsfile',
    'azure-pipelines.yml',
    'bitbucket-pipelines.yml',
  ],
};

/** Name prefixes (lowercase) of each kind: 'id_rsa' covers 'id_rsa.pub' and 'id_rsa_work'. */
export const SECRET_PREFIXES: KindTable<string> = {
  env: ['.env.'],
  private_key: ['id_rsa', 'id_ed25519', 'id_ecdsa', 'id_dsa'],
};

/** Extensions (lowercase, after the last '.') of each kind. */
export const SECRET_EXTENSIONS: KindTable<string> = {
  env: ['env'],
  private_key: ['pem', 'key', 'p12', 'pfx', 'keystore', 'jks', 'ppk', 'p8', 'gpg', 'pgp', 'asc'],
  password: ['kdbx'],
  config: ['cfg', 'ini', 'cnf'],
};

/** Whole words (lowercase) of each kind, found anywhere in a name. */
export const SECRET_WORDS: KindTable<string> = {
  // 'key' and 'keys' alone are seed 002's 'key'; after a KEY_QUALIFIERS word they take its kind instead
  credentials: ['secret', 'secrets', 'credential', 'credentials', 'creds', 'key', 'keys'],
  password: ['password', 'passwords', 'passwd', 'passphrase', 'passphrases'],
  api_key: ['apikey', 'apikeys'],
  token: ['token', 'tokens'],
  config: ['config', 'configs', 'conf', 'settings', 'configuration', 'configurations'],
};

/**
 * Russian words in all their case forms, singular and plural, as whole words (read after
 * Unicode NFC normalisation, so 'ё' written as 'е' with a combining mark is 'ё'): seed 002's
 * ключ, пароль and конфиг, and the synonyms of the English words above.
 */
export const SECRET_RUSSIAN_WORDS: KindTable<RegExp> = {
  credentials: [
    // ключ (key): ключ, ключа, ключу, ключом, ключе, ключи, ключей, ключам, ключами, ключах
    /^ключ(?:а|у|ом|е|и|ей|ам|ами|ах)?$/,
    // секрет (secret): секрет, секрета, секрету, секретом, секрете, секреты, секретов, секретам, секретами, секретах
    /^секрет(?:а|у|ом|е|ы|ов|ам|ами|ах)?$/,
    // секретный (secret, the adjective): секретный, секретная, секретное, секретные and their case forms
    /^секретн(?:ый|ая|ое|ые|ого|ой|ому|ым|ом|ую|ых|ыми)$/,
    // креды (creds): креды, кредов, кредам, кредами, кредах
    /^кред(?:ы|ов|ам|ами|ах)$/,
    // учётка (an account's credentials), with 'ё' or 'е': учётка, учётки, учётке, учётку, учёткой, учёток, учёткам, учётками, учётках
    /^уч[её]т(?:ка|ки|ке|ку|кой|ок|кам|ками|ках)$/,
  ],
  // пароль (password): пароль, пароля, паролю, паролем, пароле, пароли, паролей, паролям, паролями, паролях
  password: [/^парол(?:ь|я|ю|ем|е|и|ей|ям|ями|ях)$/],
  // токен (token): токен, токена, токену, токеном, токене, токены, токенов, токенам, токенами, токенах
  token: [/^токен(?:а|у|ом|е|ы|ов|ам|ами|ах)?$/],
  // конфиг (config) and конфигурация (configuration) in every case form
  config: [/^конфиг(?:а|у|ом|е|и|ов|ам|ами|ах)?$/, /^конфигураци(?:я|и|ю|ей|й|ям|ями|ях)$/],
};

/**
 * Two Russian words in a row, within one name, that make it a file of this kind, in every case
 * form: учётные данные (credentials), with 'ё' or 'е': учётные данные, учётных данных, учётным
 * данным, учётными данными.
 */
export const SECRET_RUSSIAN_WORD_PAIRS: KindTable<readonly [RegExp, RegExp]> = {
  credentials: [[/^уч[её]тн(?:ые|ых|ым|ыми)$/, /^данн(?:ые|ых|ым|ыми)$/]],
};

/** A word that makes a following 'key' or 'keys' a key of this kind: 'api_key', 'privateKey', 'ssh_keys'. */
export const KEY_QUALIFIERS: KindTable<string> = {
  ssh: ['ssh'],
  private_key: ['private', 'gpg', 'pgp', 'signing', 'deploy'],
  api_key: ['api'],
};

/** Two words in a row, within one name, that make it a file of this kind: 'service-account.json'. */
export const SECRET_WORD_PAIRS: KindTable<readonly [string, string]> = {
  credentials: [
    ['service', 'account'],
    ['service', 'accounts'],
  ],
};

/** Folder and file pairs (lowercase) of each kind: '.aws/credentials'; '.github/workflows' holds CI definitions, '.git/hooks' code run later. */
export const SECRET_PAIRS: KindTable<readonly [string, string]> = {
  registry_auth: [['.docker', 'config.json']],
  credentials: [
    ['.aws', 'credentials'],
    ['.aws', 'config'],
    ['.kube', 'config'],
  ],
  password: [
    ['etc', 'shadow'],
    ['etc', 'gshadow'],
  ],
  agent_settings: agentPairs,
  config: [
    ['.github', 'workflows'],
    ['.github', 'actions'],
    ['.git', 'hooks'],
    ['etc', 'sudoers'],
    ['etc', 'sudoers.d'],
  ],
};

/**
 * Configuration by name, beyond the tables above: a word ending in 'config' (`tsconfig.json`)
 * when the file holds data (one of these extensions, or none), and a dotfile whose first word
 * ends in 'rc' (`.eslintrc.cjs`, `.nvmrc`); at least four letters, so `.src` is not one.
 */
export const CONFIG_DATA_EXTENSIONS: readonly string[] = [
  'json',
  'jsonc',
  'json5',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'xml',
  'properties',
  'plist',
];

/** Documentation is not configuration: a file with one of these extensions is never of kind 'config' (`docs/config.md`). */
export const DOCUMENTATION_EXTENSIONS: readonly string[] = ['md', 'markdown', 'mdx', 'txt', 'rst', 'adoc'];
