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
  'TLS connection': 'защищённое соединение',
  'cloud API call': 'вызов программного интерфейса облака',
  download: 'скачивание',
  fetch: 'получение',
  'file transfer': 'передача файлов',
  'image download': 'скачивание образа',
  'image upload': 'отправка образа',
  'key install': 'установка ключа',
  'name lookup': 'поиск доменного имени',
  'object storage': 'объектное хранилище',
  'package download': 'скачивание пакетов',
  'provider API call': 'вызов программного интерфейса поставщика инфраструктуры',
  'raw connection': 'прямое соединение',
  'reachability probe': 'проверка доступности',
  'remote shell': 'удалённая командная оболочка',
  request: 'запрос',
  'request from inline code': 'запрос из встроенного кода',
  upload: 'отправка',
};

// the web tool's method detail; the method and the tool name are values
const METHODS: Vocabulary = { 'GET (web tool)': 'GET (инструмент web)' };

// the rules' notes, which EXEC_ARBITRARY lists as its expected effect
const EFFECTS: Vocabulary = {
  'API change of a release, tag, ref, file or merge':
    'изменение выпуска, метки, ссылки, файла или слияния через программный интерфейс',
  'DNS or registry lookup': 'запрос к службе доменных имён',
  'GitHub release or pull request': 'выпуск или запрос на слияние на хостинге кода',
  'GitLab release or merge request': 'выпуск или запрос на слияние на хостинге кода',
  'HTTP request': 'веб-запрос',
  'TLS connection': 'защищённое соединение',
  'a destructive verb of a program intentgate does not know': 'разрушительная подкоманда неизвестной программы',
  'artifact publish': 'публикация артефакта',
  'breaks the repository lock of running commands': 'снятие блокировки репозитория, которую держат работающие команды',
  'changes what the object store holds or how it runs': 'изменение содержимого или настроек объектного хранилища',
  'chart push': 'публикация чарта',
  'clears a policy or parameter': 'сброс политики или параметра',
  "clears a user's permissions": 'сброс прав пользователя',
  'closes client connections': 'закрытие клиентских соединений',
  'cloud or cluster API call': 'вызов программного интерфейса облака или кластера',
  'cluster change': 'изменение кластера',
  'container or image removal': 'удаление контейнера или образа',
  'crate publish': 'публикация крейта',
  'deletes a bucket': 'удаление бакета',
  'deletes a configuration entry': 'удаление записи конфигурации',
  'deletes a consumer': 'удаление потребителя',
  'deletes a key': 'удаление ключа',
  'deletes a key and its history': 'удаление ключа и его истории',
  'deletes a message': 'удаление сообщения',
  'deletes a namespace and what it holds': 'удаление пространства имён со всем содержимым',
  'deletes a queue and its messages': 'удаление очереди и её сообщений',
  "deletes a queue's messages": 'удаление сообщений из очереди',
  'deletes a queue, exchange or binding': 'удаление очереди, обменника или привязки',
  'deletes a role': 'удаление роли',
  'deletes a service intention': 'удаление правила доступа между сервисами',
  'deletes a stream and its messages': 'удаление стрима и его сообщений',
  "deletes a stream's messages": 'удаление сообщений из стрима',
  'deletes a user': 'удаление пользователя',
  'deletes a virtual host and everything in it': 'удаление виртуального хоста со всем содержимым',
  'deletes an ACL auth-method': 'удаление метода аутентификации',
  'deletes an ACL binding-rule': 'удаление правила привязки ролей',
  'deletes an ACL policy': 'удаление политики доступа',
  'deletes an ACL role': 'удаление роли доступа',
  'deletes an ACL token': 'удаление токена доступа',
  'deletes an access policy': 'удаление политики доступа',
  'deletes backup archives or the repository': 'удаление архивов резервных копий или репозитория',
  'deletes backup schedules': 'удаление расписаний резервного копирования',
  'deletes cluster backups, restores or schedules': 'удаление резервных копий кластера, восстановлений или расписаний',
  'deletes cluster restores': 'удаление восстановлений кластера',
  'deletes consumer groups': 'удаление групп потребителей',
  'deletes consumer groups or their offsets': 'удаление групп потребителей или их смещений',
  'deletes every version of secrets': 'удаление всех версий секретов',
  'deletes keys': 'удаление ключей',
  'deletes messages from partitions': 'удаление сообщений из партиций',
  'deletes objects or a bucket': 'удаление объектов или бакета',
  'deletes or renames duplicate files': 'удаление или переименование дубликатов файлов',
  'deletes secrets': 'удаление секретов',
  'deletes stored files': 'удаление файлов в хранилище',
  'deletes stored objects': 'удаление объектов в хранилище',
  'deletes the messages before an offset': 'удаление сообщений до смещения',
  'deletes the repository': 'удаление репозитория',
  'deletes topics and their messages': 'удаление топиков и их сообщений',
  'deletes what the destination holds and the source does not':
    'удаление в месте назначения того, чего нет в источнике',
  'deletes what the target holds and the source does not': 'удаление в месте назначения того, чего нет в источнике',
  'deletes where cluster backups are kept': 'удаление места хранения резервных копий кластера',
  'deletes where volume snapshots are kept': 'удаление места хранения снимков томов',
  'dependency file change': 'изменение файла зависимостей',
  'deregisters a plugin': 'снятие плагина с регистрации',
  'deregisters a service': 'снятие сервиса с регистрации',
  'destroys secret versions for good': 'безвозвратное уничтожение версий секрета',
  'disables a secrets engine, deleting its secrets': 'отключение движка секретов с удалением его секретов',
  'disables an audit device': 'отключение журнала аудита',
  'disables an auth method, revoking its tokens': 'отключение метода аутентификации с отзывом его токенов',
  'discards the history of every key': 'удаление истории всех ключей',
  'disk or filesystem change': 'изменение диска или файловой системы',
  'drops a database': 'удаление базы данных',
  'drops and recreates the database': 'удаление и пересоздание базы данных',
  "drops deleted keys' history": 'удаление истории удалённых ключей',
  'elevated privileges': 'повышенные права',
  'empties the trash and drops old versions': 'очистка корзины и удаление старых версий',
  'extension publish': 'публикация расширения',
  'fetches and runs a package': 'скачивание и запуск пакета',
  'file transfer': 'передача файлов',
  'filesystem creation': 'создание файловой системы',
  'forces a member out of the cluster': 'принудительное исключение участника из кластера',
  'forge API call': 'вызов программного интерфейса хостинга кода',
  'forgets backup snapshots': 'удаление снимков резервных копий',
  'frees the space of deleted archives for good': 'безвозвратное освобождение места удалённых архивов',
  'gem publish': 'публикация гема',
  'git commit': 'фиксация изменений в репозитории',
  'git fetch': 'получение изменений из удалённого репозитория',
  'git push': 'отправка изменений в удалённый репозиторий',
  'git tag': 'метка версии в репозитории',
  'host name change': 'смена имени узла',
  'image download': 'скачивание образа',
  'image download or container run': 'скачивание образа или запуск контейнера',
  'image push': 'публикация образа',
  'infrastructure change': 'изменение инфраструктуры',
  'infrastructure provider call': 'обращение к поставщику инфраструктуры',
  'installs a key on a remote host': 'установка ключа на удалённый узел',
  'kernel module change': 'изменение модуля ядра',
  'kernel parameter change': 'изменение параметра ядра',
  'makes the active server step down': 'снятие активного сервера с роли ведущего',
  'makes the agent leave the cluster': 'выход агента из кластера',
  'module install': 'установка модуля',
  "moves a consumer group's offsets": 'сдвиг смещений группы потребителей',
  "moves consumer groups' offsets": 'сдвиг смещений групп потребителей',
  'moves files, deleting them where they were': 'перемещение файлов с удалением из исходного места',
  'moves objects, deleting them where they were': 'перемещение объектов с удалением из исходного места',
  'moves the leadership to another member': 'передача лидерства другому участнику кластера',
  'network configuration': 'настройка сети',
  'network connection': 'сетевое соединение',
  'network probe': 'проверка сети',
  'network request': 'сетевой запрос',
  'object storage call': 'обращение к объектному хранилищу',
  'package install': 'установка пакетов',
  'package publish': 'публикация пакета',
  'permission change': 'изменение прав доступа',
  'power state change': 'изменение состояния питания',
  'privilege change': 'изменение привилегий',
  'prunes backup archives': 'прореживание архивов резервных копий',
  'raw network connection': 'прямое сетевое соединение',
  'raw write to a device': 'прямая запись на устройство',
  'remote shell': 'удалённая командная оболочка',
  'removes a bucket and what it holds': 'удаление бакета со всем содержимым',
  'removes a gossip encryption key': 'удаление ключа шифрования обмена между узлами кластера',
  'removes a member from the cluster': 'удаление участника из кластера',
  'removes a node from the cluster': 'удаление узла из кластера',
  'removes a plugin': 'удаление плагина',
  'removes a repository key': 'удаление ключа репозитория',
  'removes a server from the cluster': 'удаление сервера из кластера',
  'removes access rules': 'удаление правил доступа',
  'removes backup data no snapshot needs': 'удаление данных резервных копий, не нужных ни одному снимку',
  'removes configuration overrides': 'удаление переопределений конфигурации',
  'removes every lock, those of running commands too':
    'снятие всех блокировок, в том числе блокировок работающих команд',
  'removes old cache folders': 'удаление старых папок кэша',
  'removes velero and its backups setup from the cluster':
    'удаление инструмента резервного копирования и его настроек из кластера',
  'repairs the repository, dropping what it cannot mend':
    'исправление репозитория с удалением того, что нельзя восстановить',
  'replaces every secret with a snapshot': 'замена всех секретов содержимым снимка',
  'replaces the whole cluster state with a snapshot': 'замена всего состояния кластера содержимым снимка',
  'returns the node to a blank state, deleting its data': 'сброс узла в исходное состояние с удалением его данных',
  'revokes a lease, deleting its keys': 'отзыв аренды с удалением её ключей',
  'revokes a permission': 'отзыв разрешения',
  'revokes a role': 'отзыв роли',
  'revokes leases': 'отзыв аренд',
  'revokes tokens': 'отзыв токенов',
  'rewrites backup archives': 'перезапись архивов резервных копий',
  'rewrites snapshots and forgets the originals': 'перезапись снимков с удалением исходных',
  'runs Erlang code inside the broker': 'запуск кода внутри брокера',
  'scheduled jobs change': 'изменение заданий по расписанию',
  'seals a bucket against every change': 'запечатывание бакета от любых изменений',
  'seals a stream against every change': 'запечатывание стрима от любых изменений',
  'seals the server: every request fails': 'запечатывание сервера: все запросы будут отклонены',
  'service control': 'управление службой',
  'signals other processes': 'сигналы другим процессам',
  'signals the running load balancer processes to end':
    'сигнал завершения работающим процессам балансировщика нагрузки',
  'site deploy': 'развёртывание сайта',
  'stops or restarts the web server': 'остановка или перезапуск веб-сервера',
  'stops the broker': 'остановка брокера',
  'stops the web server': 'остановка веб-сервера',
  'syncs two ways, deleting on either side': 'двусторонняя синхронизация с удалением на обеих сторонах',
  'system file change': 'изменение системного файла',
  'system package install': 'установка системных пакетов',
  'takes a node or service out of rotation': 'вывод узла или сервиса из балансировки',
  'turns authentication off': 'отключение аутентификации',
  'user account change': 'изменение учётных записей',
  'version bump and tag': 'повышение версии и метка',
};

// effects holding a value (what runs, what keeps an archive's names): the value stays, the words around it are translated
const EFFECT_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/^runs inline (.+) code$/, 'запуск встроенного кода $1'],
  [/^runs (.+)$/, 'запуск $1'],
  [
    /^extracts members where their own names say \((.+)\): absolute or '\.\.' names land anywhere$/,
    'извлечение файлов архива под их собственными именами ($1): абсолютные имена и имена с «..» попадут куда угодно',
  ],
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
