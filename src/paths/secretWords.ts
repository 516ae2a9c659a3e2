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
  'shell_config',
  'config',
] as const;

export type SecretKind = (typeof SECRET_KINDS)[number];

type KindTable<T> = Readonly<Partial<Record<SecretKind, readonly T[]>>>;

/** Whole file or folder names (lowercase) of each kind. */
export const SECRET_NAMES: KindTable<string> = {
  env: ['.env', '.envrc'],
  ssh: ['.ssh', 'ssh', 'authorized_keys', 'authorized_keys2', 'known_hosts', 'ssh_config', 'sshd_config'],
  private_key: ['.gnupg'],
  registry_auth: ['.npmrc', '.yarnrc', '.yarnrc.yml', '.pypirc'],
  // the cloud CLIs' folders hold their credentials and tokens
  credentials: ['.netrc', '_netrc', '.pgpass', '.git-credentials', 'kubeconfig', '.aws', '.kube', '.azure'],
  password: ['htpasswd', '.htpasswd'],
  shell_config: [
    '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.bash_aliases', '.profile',
    '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.zlogout', '.kshrc', '.cshrc', '.tcshrc', 'config.fish',
  ],
  config: [
    '.gitconfig', '.husky', '.circleci', '.buildkite', '.gitlab-ci.yml', '.travis.yml', '.drone.yml', 'jenkinsfile',
    'azure-pipelines.yml', 'bitbucket-pipelines.yml',
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

/** Seed 002's Russian words in all their case forms, as whole words. */
export const SECRET_RUSSIAN_WORDS: KindTable<RegExp> = {
  // ключ (key): ключ, ключа, ключу, ключом, ключе, ключи, ключей, ключам, ключами, ключах
  credentials: [/^ключ(?:а|у|ом|е|и|ей|ам|ами|ах)?$/],
  // пароль (password): пароль, пароля, паролю, паролем, пароле, пароли, паролей, паролям, паролями, паролях
  password: [/^парол(?:ь|я|ю|ем|е|и|ей|ям|ями|ях)$/],
  // конфиг (config) and конфигурация (configuration) in every case form
  config: [/^конфиг(?:а|у|ом|е|и|ов|ам|ами|ах)?$/, /^конфигураци(?:я|и|ю|ей|й|ям|ями|ях)$/],
};

/** A word that makes a following 'key' or 'keys' a key of this kind: 'api_key', 'privateKey', 'ssh_keys'. */
export const KEY_QUALIFIERS: KindTable<string> = {
  ssh: ['ssh'],
  private_key: ['private', 'gpg', 'pgp', 'signing', 'deploy'],
  api_key: ['api'],
};

/** Two words in a row, within one name, that make it a file of this kind: 'service-account.json'. */
export const SECRET_WORD_PAIRS: KindTable<readonly [string, string]> = {
  credentials: [['service', 'account'], ['service', 'accounts']],
};

/** Folder and file pairs (lowercase) of each kind: '.aws/credentials'; '.github/workflows' holds CI definitions, '.git/hooks' code run later. */
export const SECRET_PAIRS: KindTable<readonly [string, string]> = {
  registry_auth: [['.docker', 'config.json']],
  credentials: [['.aws', 'credentials'], ['.aws', 'config'], ['.kube', 'config']],
  password: [['etc', 'shadow'], ['etc', 'gshadow']],
  config: [['.github', 'workflows'], ['.github', 'actions'], ['.git', 'hooks'], ['etc', 'sudoers'], ['etc', 'sudoers.d']],
};

/**
 * Configuration by name, beyond the tables above: a word ending in 'config' (`tsconfig.json`)
 * when the file holds data (one of these extensions, or none), and a dotfile whose first word
 * ends in 'rc' (`.eslintrc.cjs`, `.nvmrc`); at least four letters, so `.src` is not one.
 */
export const CONFIG_DATA_EXTENSIONS: readonly string[] = ['json', 'jsonc', 'json5', 'yaml', 'yml', 'toml', 'ini', 'cfg', 'conf', 'xml', 'properties', 'plist'];

/** Documentation is not configuration: a file with one of these extensions is never of kind 'config' (`docs/config.md`). */
export const DOCUMENTATION_EXTENSIONS: readonly string[] = ['md', 'markdown', 'mdx', 'txt', 'rst', 'adoc'];
