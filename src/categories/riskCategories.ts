/** Seed 002's nine risk categories, fixed. */
export const RISK_CATEGORIES = [
  'FS_DELETE_OVERWRITE',
  'FS_OUTSIDE_WORKSPACE',
  'FS_CONFIG_SECRETS',
  'DEPS_INSTALL_UPDATE',
  'GIT_PUBLISH',
  'SYSTEM_IMPACT',
  'SUDO',
  'NETWORK_RISK',
  'EXEC_ARBITRARY',
] as const;

export type RiskCategory = (typeof RISK_CATEGORIES)[number];

export const LOCALES = ['en', 'ru'] as const;

export type Locale = (typeof LOCALES)[number];

export interface CategoryText {
  /** the user-facing risk text of seed 002 C */
  readonly risk: string;
  /** the labels of the at most three details of seed 002 C, in order */
  readonly details: readonly [string, string, string];
}

/** Seed 002 C's texts: `ru` verbatim from the seed, `en` its English reading. */
export const CATEGORY_TEXTS: Readonly<Record<Locale, Readonly<Record<RiskCategory, CategoryText>>>> = {
  en: {
    FS_DELETE_OVERWRITE: {
      risk: 'Data or file history can be lost.',
      details: ['path', 'operation (delete/overwrite)', 'extent (files/folders)'],
    },
    FS_OUTSIDE_WORKSPACE: {
      risk: "Action outside the project's working folder.",
      details: ['path', 'workspace root', 'operation'],
    },
    FS_CONFIG_SECRETS: {
      risk: 'Risk of leaking or breaking configuration.',
      details: ['path/key', 'secret type', 'operation'],
    },
    DEPS_INSTALL_UPDATE: {
      risk: "Will change the project's dependencies and environment.",
      details: ['command/manager', 'packages', 'dependency files'],
    },
    GIT_PUBLISH: { risk: 'Publishes changes to the outside.', details: ['command', 'branch/tag', 'remote'] },
    SYSTEM_IMPACT: {
      risk: 'May affect the system.',
      details: ['command', 'target (service/disk/network)', 'impact level'],
    },
    SUDO: { risk: 'Elevated privileges, risk to the system.', details: ['command', 'target', 'reason'] },
    NETWORK_RISK: { risk: 'Network access to external services.', details: ['url/host', 'method/tool', 'purpose'] },
    EXEC_ARBITRARY: {
      risk: 'Runs an arbitrary command.',
      details: ['command/script', 'working folder', 'expected effect'],
    },
  },
  ru: {
    FS_DELETE_OVERWRITE: {
      risk: 'Можно потерять данные/историю файлов.',
      details: ['path', 'операция (delete/overwrite)', 'объём (файлы/папки)'],
    },
    FS_OUTSIDE_WORKSPACE: {
      risk: 'Действие вне рабочей папки проекта.',
      details: ['path', 'workspace_root', 'операция'],
    },
    FS_CONFIG_SECRETS: {
      risk: 'Риск утечки или поломки конфигурации.',
      details: ['path/ключ', 'тип секрета', 'операция'],
    },
    DEPS_INSTALL_UPDATE: {
      risk: 'Изменит зависимости и окружение проекта.',
      details: ['команда/менеджер', 'пакеты', 'файлы зависимостей'],
    },
    GIT_PUBLISH: { risk: 'Публикация изменений наружу.', details: ['команда', 'ветка/тег', 'remote'] },
    SYSTEM_IMPACT: {
      risk: 'Может повлиять на систему.',
      details: ['команда', 'объект (сервис/диск/сеть)', 'уровень влияния'],
    },
    SUDO: { risk: 'Повышенные права, риск для системы.', details: ['команда', 'цель', 'причина'] },
    NETWORK_RISK: {
      risk: 'Сетевой доступ во внешние сервисы.',
      details: ['url/host', 'метод/инструмент', 'цель запроса'],
    },
    EXEC_ARBITRARY: {
      risk: 'Выполнение произвольной команды.',
      details: ['команда/скрипт', 'рабочая папка', 'ожидаемый эффект'],
    },
  },
};

export function isRiskCategory(value: unknown): value is RiskCategory {
  return typeof value === 'string' && (RISK_CATEGORIES as readonly string[]).includes(value);
}

/** Categories in the seed's order, without repeats. */
export function sortCategories(categories: Iterable<RiskCategory>): RiskCategory[] {
  // a call raises a few categories: a list is searched as fast as a set is built, and a loop makes no closures
  const given: readonly RiskCategory[] = Array.isArray(categories) ? categories : [...categories];
  const sorted: RiskCategory[] = [];
  for (const category of RISK_CATEGORIES) if (given.includes(category)) sorted.push(category);
  return sorted;
}
