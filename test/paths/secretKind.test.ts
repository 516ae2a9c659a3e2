import { describe, expect, it } from 'vitest';
import { type SecretMatch, secretKind } from '../../src/paths/secretKind';

interface Case {
  readonly name: string;
  readonly path: string;
  readonly expected: SecretMatch | undefined;
}

const positives: readonly Case[] = [
  // agent and editor settings that run code
  { name: 'finds .mcp.json', path: '.mcp.json', expected: { kind: 'agent_settings', component: '.mcp.json' } },
  {
    name: 'finds .cursor/mcp.json',
    path: '.cursor/mcp.json',
    expected: { kind: 'agent_settings', component: '.cursor/mcp.json' },
  },
  {
    name: 'finds .vscode/tasks.json',
    path: '.vscode/tasks.json',
    expected: { kind: 'agent_settings', component: '.vscode/tasks.json' },
  },
  {
    name: 'finds .vscode/settings.json before its config word',
    path: '.vscode/settings.json',
    expected: { kind: 'agent_settings', component: '.vscode/settings.json' },
  },
  {
    name: 'finds .claude/settings.json',
    path: '.claude/settings.json',
    expected: { kind: 'agent_settings', component: '.claude/settings.json' },
  },
  {
    name: 'finds .claude/settings.local.json',
    path: '.claude/settings.local.json',
    expected: { kind: 'agent_settings', component: '.claude/settings.local.json' },
  },
  {
    name: 'finds .gemini/settings.json',
    path: '.gemini/settings.json',
    expected: { kind: 'agent_settings', component: '.gemini/settings.json' },
  },
  {
    name: 'finds .codex/config.toml',
    path: '.codex/config.toml',
    expected: { kind: 'agent_settings', component: '.codex/config.toml' },
  },
  {
    name: 'finds agent settings in a nested folder, case-insensitively',
    path: 'packages/app/.VSCode/Tasks.json',
    expected: { kind: 'agent_settings', component: '.VSCode/Tasks.json' },
  },
  {
    name: 'finds agent settings in the home folder',
    path: '/home/u/.claude/settings.json',
    expected: { kind: 'agent_settings', component: '.claude/settings.json' },
  },

  // env files
  { name: 'finds .env', path: '.env', expected: { kind: 'env', component: '.env' } },
  { name: 'finds .env.local', path: '.env.local', expected: { kind: 'env', component: '.env.local' } },
  {
    name: 'finds .env.production in a config folder, env first',
    path: 'config/.env.production',
    expected: { kind: 'env', component: '.env.production' },
  },
  { name: 'finds an *.env file', path: 'deploy/prod.env', expected: { kind: 'env', component: 'prod.env' } },
  { name: 'finds direnv .envrc', path: '.envrc', expected: { kind: 'env', component: '.envrc' } },
  { name: 'finds .env case-insensitively', path: '.ENV', expected: { kind: 'env', component: '.ENV' } },

  // keys and ssh
  { name: 'finds a .pem file', path: 'certs/server.pem', expected: { kind: 'private_key', component: 'server.pem' } },
  {
    name: 'finds a .key file case-insensitively',
    path: 'tls/server.KEY',
    expected: { kind: 'private_key', component: 'server.KEY' },
  },
  { name: 'finds a .p12 file', path: 'cert.p12', expected: { kind: 'private_key', component: 'cert.p12' } },
  { name: 'finds a .pfx file', path: 'cert.pfx', expected: { kind: 'private_key', component: 'cert.pfx' } },
  {
    name: 'finds a .keystore file',
    path: 'android/release.keystore',
    expected: { kind: 'private_key', component: 'release.keystore' },
  },
  { name: 'finds a .jks file', path: 'app.jks', expected: { kind: 'private_key', component: 'app.jks' } },
  { name: 'finds id_rsa', path: 'deploy/id_rsa', expected: { kind: 'private_key', component: 'id_rsa' } },
  {
    name: 'finds id_ed25519.pub',
    path: 'id_ed25519.pub',
    expected: { kind: 'private_key', component: 'id_ed25519.pub' },
  },
  {
    name: 'finds id_ecdsa and id_dsa variants',
    path: 'keys/id_ecdsa_work',
    expected: { kind: 'private_key', component: 'id_ecdsa_work' },
  },
  {
    name: "finds 'private' followed by 'key'",
    path: 'privateKey.json',
    expected: { kind: 'private_key', component: 'privateKey.json' },
  },
  {
    name: 'finds anything under .ssh as ssh',
    path: '/home/u/.ssh/config',
    expected: { kind: 'ssh', component: '.ssh' },
  },
  {
    name: 'finds a key under .ssh as ssh, the folder being more specific',
    path: '~/.ssh/id_rsa',
    expected: { kind: 'ssh', component: '.ssh' },
  },
  { name: 'finds authorized_keys', path: 'authorized_keys', expected: { kind: 'ssh', component: 'authorized_keys' } },
  {
    name: 'finds anything under .gnupg',
    path: '.gnupg/pubring.kbx',
    expected: { kind: 'private_key', component: '.gnupg' },
  },

  // credentials and registry auth
  {
    name: 'finds .aws/credentials',
    path: '/home/u/.aws/credentials',
    expected: { kind: 'credentials', component: '.aws/credentials' },
  },
  {
    name: 'finds .aws/config as credentials, not config',
    path: '.aws/config',
    expected: { kind: 'credentials', component: '.aws/config' },
  },
  { name: 'finds .kube/config', path: '.kube/config', expected: { kind: 'credentials', component: '.kube/config' } },
  { name: 'finds the .aws folder itself', path: '~/.aws', expected: { kind: 'credentials', component: '.aws' } },
  {
    name: 'finds a file under .kube',
    path: '.kube/cache/x.json',
    expected: { kind: 'credentials', component: '.kube' },
  },
  {
    name: 'finds .docker/config.json',
    path: '.docker/config.json',
    expected: { kind: 'registry_auth', component: '.docker/config.json' },
  },
  { name: 'finds .npmrc', path: '.npmrc', expected: { kind: 'registry_auth', component: '.npmrc' } },
  { name: 'finds .yarnrc.yml', path: '.yarnrc.yml', expected: { kind: 'registry_auth', component: '.yarnrc.yml' } },
  { name: 'finds .pypirc', path: '.pypirc', expected: { kind: 'registry_auth', component: '.pypirc' } },
  { name: 'finds .netrc', path: '.netrc', expected: { kind: 'credentials', component: '.netrc' } },
  {
    name: 'finds .git-credentials',
    path: '.git-credentials',
    expected: { kind: 'credentials', component: '.git-credentials' },
  },
  { name: 'finds .pgpass', path: '.pgpass', expected: { kind: 'credentials', component: '.pgpass' } },
  { name: 'finds .htpasswd', path: 'public/.htpasswd', expected: { kind: 'password', component: '.htpasswd' } },
  {
    name: "finds the word 'secrets'",
    path: 'k8s/secrets.yaml',
    expected: { kind: 'credentials', component: 'secrets' },
  },
  {
    name: "finds the word 'secret' in a folder",
    path: 'secret/db.yaml',
    expected: { kind: 'credentials', component: 'secret' },
  },
  {
    name: "finds the word 'credentials'",
    path: 'gcp-credentials.json',
    expected: { kind: 'credentials', component: 'credentials' },
  },

  // words in names
  { name: "finds the word 'password'", path: 'db_password.txt', expected: { kind: 'password', component: 'password' } },
  {
    name: "finds 'Password' at a camelCase hump",
    path: 'dbPassword.txt',
    expected: { kind: 'password', component: 'password' },
  },
  { name: "finds the word 'passwd'", path: '/etc/passwd', expected: { kind: 'password', component: 'passwd' } },
  { name: "finds the word 'token'", path: 'github-token.txt', expected: { kind: 'token', component: 'token' } },
  {
    name: "finds the whole word 'tokens' in a test file (accepted false positive)",
    path: 'src/auth/tokens.test.ts',
    expected: { kind: 'token', component: 'tokens' },
  },
  { name: "finds 'apikey'", path: 'apikey.txt', expected: { kind: 'api_key', component: 'apikey' } },
  { name: "finds 'API_KEY'", path: 'API_KEY.txt', expected: { kind: 'api_key', component: 'API_KEY.txt' } },
  { name: "finds 'api-key'", path: 'openai-api-key', expected: { kind: 'api_key', component: 'openai-api-key' } },
  { name: "finds 'apiKey'", path: 'apiKey.json', expected: { kind: 'api_key', component: 'apiKey.json' } },
  {
    name: "finds 'api key' written with a space",
    path: 'my api key.txt',
    expected: { kind: 'api_key', component: 'my api key.txt' },
  },

  // configuration
  { name: "finds a 'config' folder", path: 'config/database.yml', expected: { kind: 'config', component: 'config' } },
  { name: 'finds config.*', path: 'config.ts', expected: { kind: 'config', component: 'config' } },
  { name: 'finds *.config.*', path: 'vite.config.ts', expected: { kind: 'config', component: 'config' } },
  { name: 'finds a configs folder', path: 'configs/app.yaml', expected: { kind: 'config', component: 'configs' } },
  { name: 'finds *.conf', path: 'nginx/nginx.conf', expected: { kind: 'config', component: 'conf' } },
  { name: 'finds *.cfg', path: 'setup.cfg', expected: { kind: 'config', component: 'setup.cfg' } },
  { name: 'finds *.ini', path: 'php.ini', expected: { kind: 'config', component: 'php.ini' } },
  { name: 'finds settings.*', path: 'app/settings.json', expected: { kind: 'config', component: 'settings' } },
  { name: 'finds .gitconfig', path: '.gitconfig', expected: { kind: 'config', component: '.gitconfig' } },
  { name: 'finds .git/config', path: '.git/config', expected: { kind: 'config', component: 'config' } },
  { name: 'finds .bashrc as shell config', path: '.bashrc', expected: { kind: 'shell_config', component: '.bashrc' } },
  { name: 'finds .zshrc as shell config', path: '~/.zshrc', expected: { kind: 'shell_config', component: '.zshrc' } },
  {
    name: 'finds .profile as shell config',
    path: '.profile',
    expected: { kind: 'shell_config', component: '.profile' },
  },

  // seed 002's Russian words
  { name: "finds 'конфиг'", path: 'конфиг.yaml', expected: { kind: 'config', component: 'конфиг' } },
  { name: "finds 'конфиги' in a folder", path: 'конфиги/app.yaml', expected: { kind: 'config', component: 'конфиги' } },
  {
    name: "finds 'Конфигурация' upper-cased",
    path: 'Конфигурация.json',
    expected: { kind: 'config', component: 'конфигурация' },
  },
  { name: "finds 'ключ'", path: 'ключ.txt', expected: { kind: 'credentials', component: 'ключ' } },
  { name: "finds 'КЛЮЧИ' upper-cased", path: 'КЛЮЧИ/api.txt', expected: { kind: 'credentials', component: 'ключи' } },
  {
    name: "finds 'ключ' in 'ключ-доступа'",
    path: 'ключ-доступа.txt',
    expected: { kind: 'credentials', component: 'ключ' },
  },
  { name: "finds 'пароль'", path: 'пароль.txt', expected: { kind: 'password', component: 'пароль' } },
  { name: "finds 'пароли'", path: 'пароли.txt', expected: { kind: 'password', component: 'пароли' } },
  {
    name: "finds 'паролей' in a folder",
    path: 'хранилище-паролей/db.txt',
    expected: { kind: 'password', component: 'паролей' },
  },
  { name: "finds 'секреты'", path: 'секреты.yaml', expected: { kind: 'credentials', component: 'секреты' } },
  { name: "finds 'секрет'", path: 'docs/секрет.md', expected: { kind: 'credentials', component: 'секрет' } },
  {
    name: "finds 'секретов' in a folder",
    path: 'хранилище_секретов/a.json',
    expected: { kind: 'credentials', component: 'секретов' },
  },
  {
    name: "finds 'Секретные' upper-cased, the adjective",
    path: 'Секретные-ключи.txt',
    expected: { kind: 'credentials', component: 'секретные' },
  },
  { name: "finds 'токен'", path: 'токен.txt', expected: { kind: 'token', component: 'токен' } },
  { name: "finds 'токены'", path: 'токены/github.txt', expected: { kind: 'token', component: 'токены' } },
  {
    name: "finds 'ТОКЕНОВ' upper-cased",
    path: 'список-ТОКЕНОВ.txt',
    expected: { kind: 'token', component: 'токенов' },
  },
  { name: "finds 'ключи'", path: 'ключи.txt', expected: { kind: 'credentials', component: 'ключи' } },
  {
    name: "finds 'ключей' in camelCase",
    path: 'хранилищеКлючей.json',
    expected: { kind: 'credentials', component: 'ключей' },
  },
  {
    name: "finds 'учётные данные'",
    path: 'учётные данные.txt',
    expected: { kind: 'credentials', component: 'учётные данные.txt' },
  },
  {
    name: "finds 'учетные_данные' written with 'е'",
    path: 'учетные_данные.json',
    expected: { kind: 'credentials', component: 'учетные_данные.json' },
  },
  {
    name: "finds 'учётных данных', another case form",
    path: 'хранилище-учётных-данных/x',
    expected: { kind: 'credentials', component: 'хранилище-учётных-данных' },
  },
  {
    name: "finds 'УчётныеДанные' in camelCase",
    path: 'УчётныеДанные.yaml',
    expected: { kind: 'credentials', component: 'УчётныеДанные.yaml' },
  },
  {
    name: "finds 'учётные данные' with 'ё' as 'е' and a combining mark",
    path: 'уче\u0308тные-данные.txt',
    expected: { kind: 'credentials', component: 'уче\u0308тные-данные.txt' },
  },
  { name: "finds 'учётка'", path: 'учётка.txt', expected: { kind: 'credentials', component: 'учётка' } },
  { name: "finds 'креды'", path: 'креды/prod.json', expected: { kind: 'credentials', component: 'креды' } },
  { name: "finds 'пароли'", path: 'docs/пароли.md', expected: { kind: 'password', component: 'пароли' } },
  { name: "finds 'паролями'", path: 'с_паролями.csv', expected: { kind: 'password', component: 'паролями' } },

  // bare 'key' and 'keys' as whole words (seed 002's 'key')
  { name: "finds a bare 'key' word", path: 'src/key.ts', expected: { kind: 'credentials', component: 'key' } },
  { name: "finds a 'keys' folder", path: 'keys/prod.json', expected: { kind: 'credentials', component: 'keys' } },
  { name: "finds 'keys.ts'", path: 'src/keys.ts', expected: { kind: 'credentials', component: 'keys' } },
  {
    name: "finds 'key.txt': a secret word counts in a text file",
    path: 'key.txt',
    expected: { kind: 'credentials', component: 'key' },
  },
  {
    name: "finds 'api/keys.ts' as bare keys: words pair only within one name",
    path: 'src/api/keys.ts',
    expected: { kind: 'credentials', component: 'keys' },
  },
  {
    name: "finds 'ssh' followed by 'keys' as ssh",
    path: 'docs/ssh_keys.md',
    expected: { kind: 'ssh', component: 'ssh_keys.md' },
  },
  {
    name: "finds 'service account' as credentials",
    path: 'service-account.json',
    expected: { kind: 'credentials', component: 'service-account.json' },
  },
  {
    name: "finds 'service_account' inside a longer name",
    path: 'gcp/prod_service_account.json',
    expected: { kind: 'credentials', component: 'prod_service_account.json' },
  },

  // more key material and system secrets
  { name: 'finds a .gpg file', path: 'backup.tar.gpg', expected: { kind: 'private_key', component: 'backup.tar.gpg' } },
  {
    name: 'finds an .asc file',
    path: 'keys-public.asc',
    expected: { kind: 'private_key', component: 'keys-public.asc' },
  },
  { name: 'finds /etc/shadow', path: '/etc/shadow', expected: { kind: 'password', component: 'etc/shadow' } },
  { name: 'finds /etc/gshadow', path: '/etc/gshadow', expected: { kind: 'password', component: 'etc/gshadow' } },
  {
    name: 'finds /etc/sudoers as config',
    path: '/etc/sudoers',
    expected: { kind: 'config', component: 'etc/sudoers' },
  },
  {
    name: 'finds a file under /etc/sudoers.d',
    path: '/etc/sudoers.d/bob',
    expected: { kind: 'config', component: 'etc/sudoers.d' },
  },

  // configuration by name: *config with a data extension, rc dotfiles, CI and hook folders
  { name: 'finds tsconfig.json', path: 'tsconfig.json', expected: { kind: 'config', component: 'tsconfig' } },
  {
    name: 'finds tsconfig.build.json',
    path: 'packages/a/tsconfig.build.json',
    expected: { kind: 'config', component: 'tsconfig' },
  },
  { name: 'finds jsconfig.json', path: 'jsconfig.json', expected: { kind: 'config', component: 'jsconfig' } },
  { name: 'finds .eslintrc', path: '.eslintrc', expected: { kind: 'config', component: '.eslintrc' } },
  { name: 'finds .eslintrc.cjs', path: 'web/.eslintrc.cjs', expected: { kind: 'config', component: '.eslintrc.cjs' } },
  {
    name: 'finds .prettierrc.yaml',
    path: '.prettierrc.yaml',
    expected: { kind: 'config', component: '.prettierrc.yaml' },
  },
  { name: 'finds .nvmrc', path: '.nvmrc', expected: { kind: 'config', component: '.nvmrc' } },
  {
    name: 'finds a GitHub workflow',
    path: '.github/workflows/ci.yml',
    expected: { kind: 'config', component: '.github/workflows' },
  },
  { name: 'finds .gitlab-ci.yml', path: '.gitlab-ci.yml', expected: { kind: 'config', component: '.gitlab-ci.yml' } },
  { name: 'finds a Jenkinsfile', path: 'ci/Jenkinsfile', expected: { kind: 'config', component: 'Jenkinsfile' } },
  { name: 'finds a git hook', path: '.git/hooks/pre-commit', expected: { kind: 'config', component: '.git/hooks' } },
  { name: 'finds a husky hook', path: '.husky/pre-push', expected: { kind: 'config', component: '.husky' } },
  {
    name: 'finds a config yaml in a docs folder: only the file name is documentation',
    path: 'docs/config.yaml',
    expected: { kind: 'config', component: 'config' },
  },
];

const negatives: readonly Case[] = [
  { name: "ignores 'keyboard'", path: 'src/keyboard.ts', expected: undefined },
  { name: "ignores 'tokenizer'", path: 'tokenizer.ts', expected: undefined },
  { name: "ignores 'monkey'", path: 'monkey.ts', expected: undefined },
  { name: "ignores 'keymap'", path: 'src/keymap.ts', expected: undefined },
  { name: "ignores 'hotkeys'", path: 'src/hotkeys.ts', expected: undefined },
  { name: "ignores 'turnkey'", path: 'turnkey.md', expected: undefined },
  {
    name: 'ignores a markdown doc about config: documentation is not config',
    path: 'docs/config.md',
    expected: undefined,
  },
  { name: 'ignores a text file named settings', path: 'notes/settings.txt', expected: undefined },
  { name: 'ignores an rst doc in a config folder', path: 'config/README.rst', expected: undefined },
  { name: "ignores 'shadow' outside /etc", path: 'src/ui/shadow.ts', expected: undefined },
  { name: "ignores 'sudoers' outside /etc", path: 'docs/sudoers.md', expected: undefined },
  { name: "ignores '.github' files outside workflows", path: '.github/CODEOWNERS', expected: undefined },
  { name: "ignores a '.src' dotfile: 'src' is no rc file", path: '.src', expected: undefined },
  { name: "ignores 'service' alone", path: 'src/service.ts', expected: undefined },
  { name: "ignores 'account' alone", path: 'src/account.json', expected: undefined },
  { name: "ignores 'environment'", path: 'src/environment.ts', expected: undefined },
  { name: "ignores 'envelope'", path: 'envelope.ts', expected: undefined },
  { name: "ignores 'env.ts' without the leading dot", path: 'src/env.ts', expected: undefined },
  { name: "ignores '.environment'", path: '.environment', expected: undefined },
  { name: "ignores 'passwordless' as a word of its own", path: 'docs/passwordless-login.md', expected: undefined },
  { name: "ignores 'secretary'", path: 'secretary.txt', expected: undefined },
  { name: "ignores 'configure.ac': 'configure' is not the word 'config'", path: 'configure.ac', expected: undefined },
  { name: "ignores 'reconfig'", path: 'scripts/reconfig.sh', expected: undefined },
  { name: "ignores 'conference'", path: 'conference.md', expected: undefined },
  { name: "ignores 'privacy'", path: 'docs/privacy.md', expected: undefined },
  { name: "ignores 'sshd' inside a longer word", path: 'docs/ssh-tunnels.md', expected: undefined },
  { name: "ignores 'pem' inside a name", path: 'pemberton.txt', expected: undefined },
  { name: "ignores 'keynote' extension look-alikes", path: 'talk.keynote', expected: undefined },
  { name: "ignores 'ключевые' (an adjective, not 'ключ')", path: 'ключевые-слова.md', expected: undefined },
  { name: "ignores 'паролька'", path: 'паролька.txt', expected: undefined },
  { name: "ignores 'конфигуратор'", path: 'конфигуратор.ts', expected: undefined },
  { name: "ignores 'данные' alone", path: 'данные/отчёт.csv', expected: undefined },
  { name: "ignores 'учётные' alone", path: 'учётные-записи.md', expected: undefined },
  { name: "ignores 'секретарь' (a secretary)", path: 'секретарь.txt', expected: undefined },
  { name: "ignores 'токенизатор'", path: 'токенизатор.ts', expected: undefined },
  { name: 'ignores a plain source file', path: 'src/index.ts', expected: undefined },
  { name: 'ignores a README', path: 'README.md', expected: undefined },
  { name: 'ignores an empty path', path: '', expected: undefined },
  { name: "ignores '..' and '.' components", path: '../.', expected: undefined },
];

describe('secretKind', () => {
  it.each(positives)('$name', ({ path, expected }) => {
    expect(secretKind(path)).toEqual(expected);
  });

  it.each(negatives)('$name', ({ path, expected }) => {
    expect(secretKind(path)).toEqual(expected);
  });

  it('reads backslashes as separators', () => {
    expect(secretKind('C:\\Users\\u\\.ssh\\id_rsa')).toEqual({ kind: 'ssh', component: '.ssh' });
  });
});
