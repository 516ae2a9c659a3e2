import type { Locale, RiskCategory } from '../categories/riskCategories';
import type { Evidence } from '../categories/evidence';

/** English words the rules write into evidence details, and their Russian. */
export type Vocabulary = Readonly<Record<string, string>>;

const OPERATIONS: Vocabulary = {
  read: 'чтение',
  write: 'запись',
  overwrite: 'перезапись',
  delete: 'удаление',
  create: 'создание',
};

const EXTENTS: Vocabulary = {
  file: 'файл',
  folder: 'папка',
  'new file': 'новый файл',
  'does not exist': 'не существует',
  'files matching a pattern': 'файлы по шаблону',
  unknown: 'неизвестно',
};

const SECRET_KINDS: Vocabulary = {
  env: 'переменные окружения',
  ssh: 'ключи и настройки удалённого входа',
  private_key: 'закрытый ключ',
  registry_auth: 'доступ к реестру пакетов',
  credentials: 'учётные данные',
  password: 'пароли',
  api_key: 'ключ доступа к сервису',
  token: 'токен',
  agent_settings: 'настройки агента или редактора, которые запускают команды',
  shell_config: 'настройки командной оболочки',
  config: 'настройки',
};

const LEVELS: Vocabulary = {
  service: 'служба',
  disk: 'диск',
  network: 'сеть',
  power: 'питание',
  kernel: 'ядро',
  processes: 'процессы',
  accounts: 'учётные записи',
  privileges: 'привилегии',
  containers: 'контейнеры',
  infrastructure: 'инфраструктура',
  'system files': 'системные файлы',
  permissions: 'права доступа',
  database: 'база данных',
};

const PURPOSES: Vocabulary = {
  'API call': 'вызов программного интерфейса',
  download: 'скачивание',
  fetch: 'получение',
  'file transfer': 'передача файлов',
  'image download': 'скачивание образа',
  'image upload': 'отправка образа',
  'package download': 'скачивание пакетов',
  'raw connection': 'прямое соединение',
  'remote shell': 'удалённая командная оболочка',
  upload: 'отправка',
  request: 'запрос',
  'request from inline code': 'запрос из встроенного кода',
  'cloud API call': 'вызов программного интерфейса облака',
  'provider API call': 'вызов программного интерфейса поставщика инфраструктуры',
  'reachability probe': 'проверка доступности',
  'name lookup': 'поиск доменного имени',
  'key install': 'установка ключа',
  'TLS connection': 'защищённое соединение',
};

// the web tool's method detail; the method and the tool name are values
const METHODS: Vocabulary = { 'GET (web tool)': 'GET (инструмент web)' };

// the rules' notes, which EXEC_ARBITRARY lists as its expected effect
const EFFECTS: Vocabulary = {
  'GitHub release or pull request': 'выпуск или запрос на слияние на хостинге кода',
  'GitLab release or merge request': 'выпуск или запрос на слияние на хостинге кода',
  'HTTP request': 'веб-запрос',
  'chart push': 'публикация чарта',
  'crate publish': 'публикация крейта',
  'disk or filesystem change': 'изменение диска или файловой системы',
  'drops a database': 'удаление базы данных',
  'drops and recreates the database': 'удаление и пересоздание базы данных',
  'elevated privileges': 'повышенные права',
  'extension publish': 'публикация расширения',
  'fetches and runs a package': 'скачивание и запуск пакета',
  'file transfer': 'передача файлов',
  'filesystem creation': 'создание файловой системы',
  'forge API call': 'вызов программного интерфейса хостинга кода',
  'gem publish': 'публикация гема',
  'git commit': 'фиксация изменений в репозитории',
  'git fetch': 'получение изменений из удалённого репозитория',
  'git push': 'отправка изменений в удалённый репозиторий',
  'git tag': 'метка версии в репозитории',
  'image download': 'скачивание образа',
  'image push': 'публикация образа',
  'kernel module change': 'изменение модуля ядра',
  'kernel parameter change': 'изменение параметра ядра',
  'module install': 'установка модуля',
  'network configuration': 'настройка сети',
  'package install': 'установка пакетов',
  'package publish': 'публикация пакета',
  'power state change': 'изменение состояния питания',
  'raw network connection': 'прямое сетевое соединение',
  'raw write to a device': 'прямая запись на устройство',
  'remote shell': 'удалённая командная оболочка',
  'scheduled jobs change': 'изменение заданий по расписанию',
  'service control': 'управление службой',
  'signals other processes': 'сигналы другим процессам',
  'system package install': 'установка системных пакетов',
  'version bump and tag': 'повышение версии и метка',
  'network request': 'сетевой запрос',
  'network connection': 'сетевое соединение',
  'dependency file change': 'изменение файла зависимостей',
  'API change of a release, tag, ref, file or merge':
    'изменение выпуска, метки, ссылки, файла или слияния через программный интерфейс',
  'site deploy': 'развёртывание сайта',
  'user account change': 'изменение учётных записей',
  'host name change': 'смена имени узла',
  'privilege change': 'изменение привилегий',
  'cloud or cluster API call': 'вызов программного интерфейса облака или кластера',
  'cluster change': 'изменение кластера',
  'infrastructure provider call': 'обращение к поставщику инфраструктуры',
  'infrastructure change': 'изменение инфраструктуры',
  'image download or container run': 'скачивание образа или запуск контейнера',
  'container or image removal': 'удаление контейнера или образа',
  'network probe': 'проверка сети',
  'DNS or registry lookup': 'запрос к службе доменных имён',
  'installs a key on a remote host': 'установка ключа на удалённый узел',
  'TLS connection': 'защищённое соединение',
  'system file change': 'изменение системного файла',
  'permission change': 'изменение прав доступа',
};

// effects that name what runs: the name is a value, the words around it are not
const EFFECT_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/^runs inline (.+) code$/, 'запуск встроенного кода $1'],
  [/^runs (.+)$/, 'запуск $1'],
];

/** Every Russian word list, for the tests that check the prompt's vocabulary. */
export const RU_EVIDENCE_WORDS = {
  OPERATIONS,
  EXTENTS,
  SECRET_KINDS,
  LEVELS,
  PURPOSES,
  METHODS,
  EFFECTS,
  EFFECT_PATTERNS,
} as const;

type Translate = (value: string) => string;

const from =
  (vocabulary: Vocabulary): Translate =>
  (value) =>
    vocabulary[value] ?? value;

function effect(value: string): string {
  const known = EFFECTS[value];
  if (known !== undefined) return known;
  const pattern = EFFECT_PATTERNS.find(([regex]) => regex.test(value));
  return pattern === undefined ? value : value.replace(pattern[0], pattern[1]);
}

const effects: Translate = (value) => value.split('; ').map(effect).join('; ');

const keep: Translate = (value) => value;

// which detail of each category holds rule words; the others hold values from the call
const POSITIONS: Readonly<Record<RiskCategory, readonly [Translate, Translate, Translate]>> = {
  FS_DELETE_OVERWRITE: [keep, from(OPERATIONS), from(EXTENTS)],
  FS_OUTSIDE_WORKSPACE: [keep, keep, from(OPERATIONS)],
  FS_CONFIG_SECRETS: [keep, from(SECRET_KINDS), from(OPERATIONS)],
  // a written dependency manifest names its operation first
  DEPS_INSTALL_UPDATE: [from(OPERATIONS), keep, keep],
  GIT_PUBLISH: [keep, keep, keep],
  SYSTEM_IMPACT: [keep, keep, from(LEVELS)],
  SUDO: [keep, keep, keep],
  NETWORK_RISK: [keep, from(METHODS), from(PURPOSES)],
  EXEC_ARBITRARY: [keep, keep, effects],
};

/** The evidence's three details in the locale: rule words translated, call values as written. */
export function localDetails(evidence: Evidence, locale: Locale): readonly [string, string, string] {
  if (locale === 'en') return evidence.details;
  const [first, second, third] = POSITIONS[evidence.category];
  const [a, b, c] = evidence.details;
  return [first(a), second(b), third(c)];
}
