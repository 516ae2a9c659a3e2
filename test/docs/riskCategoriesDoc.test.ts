import { describe, expect, it } from 'vitest';
import { riskCategoriesDoc } from '../../scripts/docs/riskCategoriesDoc';
import { SECRET_KINDS, SECRET_NAMES } from '../../src/paths/secretWords';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { catalogRules } from '../../src/shell/catalog/catalogRules';
import { BUILTIN_TOOL_KINDS } from '../../src/tools/builtinToolKinds';

// seed 002 C's risk texts (ru, verbatim) and their English reading from the seeds' README
const SEED_002_TEXTS = [
  {
    category: 'FS_DELETE_OVERWRITE',
    ru: 'Можно потерять данные/историю файлов.',
    en: 'Data or file history can be lost.',
    details: ['path', 'операция (delete/overwrite)', 'объём (файлы/папки)'],
  },
  {
    category: 'FS_OUTSIDE_WORKSPACE',
    ru: 'Действие вне рабочей папки проекта.',
    en: "Action outside the project's working folder.",
    details: ['path', 'workspace_root', 'операция'],
  },
  {
    category: 'FS_CONFIG_SECRETS',
    ru: 'Риск утечки или поломки конфигурации.',
    en: 'Risk of leaking or breaking configuration.',
    details: ['path/ключ', 'тип секрета', 'операция'],
  },
  {
    category: 'DEPS_INSTALL_UPDATE',
    ru: 'Изменит зависимости и окружение проекта.',
    en: "Will change the project's dependencies and environment.",
    details: ['команда/менеджер', 'пакеты', 'файлы зависимостей'],
  },
  {
    category: 'GIT_PUBLISH',
    ru: 'Публикация изменений наружу.',
    en: 'Publishes changes to the outside.',
    details: ['команда', 'ветка/тег', 'remote'],
  },
  {
    category: 'SYSTEM_IMPACT',
    ru: 'Может повлиять на систему.',
    en: 'May affect the system.',
    details: ['команда', 'объект (сервис/диск/сеть)', 'уровень влияния'],
  },
  {
    category: 'SUDO',
    ru: 'Повышенные права, риск для системы.',
    en: 'Elevated privileges, risk to the system.',
    details: ['команда', 'цель', 'причина'],
  },
  {
    category: 'NETWORK_RISK',
    ru: 'Сетевой доступ во внешние сервисы.',
    en: 'Network access to external services.',
    details: ['url/host', 'метод/инструмент', 'цель запроса'],
  },
  {
    category: 'EXEC_ARBITRARY',
    ru: 'Выполнение произвольной команды.',
    en: 'Runs an arbitrary command.',
    details: ['команда/скрипт', 'рабочая папка', 'ожидаемый эффект'],
  },
] as const;

const doc = riskCategoriesDoc();

/** The text of one category's section, from its heading to the next. */
function section(category: string): string {
  const start = doc.indexOf(`\n## ${category}\n`);
  if (start === -1) return '';
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

describe('the risk categories doc', () => {
  it('has a section per category, in the seed order', () => {
    const headings = [...doc.matchAll(/^## (\w+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(SEED_002_TEXTS.map((text) => text.category));
  });

  it.each(SEED_002_TEXTS)('gives $category its seed texts in both locales', ({ category, ru, en, details }) => {
    const text = section(category);
    expect(text).toContain(`| risk | ${en} | ${ru} |`);
    details.forEach((label, index) =>
      expect(text).toMatch(new RegExp(`\\| detail ${index + 1} \\| [^|]+ \\| ${label.replace(/[()/]/g, '\\$&')} \\|`)),
    );
  });

  it('lists every program of every catalog rule in its category section', () => {
    for (const { program, aliases, rule } of catalogRules(BUILTIN_CATALOG)) {
      for (const name of [program, ...aliases])
        expect(section(rule.category), `${rule.category}: ${name}`).toContain(`\`${name}\``);
      for (const example of rule.examples) expect(section(rule.category)).toContain(example.replaceAll('|', '\\|'));
    }
  });

  it('lists every secret kind and secret file name under FS_CONFIG_SECRETS', () => {
    const text = section('FS_CONFIG_SECRETS');
    for (const kind of SECRET_KINDS) {
      expect(text).toContain(`| \`${kind}\` |`);
      for (const name of SECRET_NAMES[kind] ?? []) expect(text).toContain(`\`${name}\``);
    }
  });

  it('names every built-in tool and every tool kind', () => {
    for (const [tool, spec] of Object.entries(BUILTIN_TOOL_KINDS)) {
      expect(doc.includes(`\`${tool}\``), tool).toBe(true);
      expect(doc, spec.kind).toContain(`\`${spec.kind}\``);
    }
  });

  it('says which uses of a path raise each file rule', () => {
    expect(section('FS_DELETE_OVERWRITE')).toContain('| reads the path | — |');
    expect(section('FS_DELETE_OVERWRITE')).toContain('| deletes the path | yes |');
    expect(section('FS_OUTSIDE_WORKSPACE')).toContain('| reads the path | yes |');
    expect(section('DEPS_INSTALL_UPDATE')).toContain('| overwrites the path | yes |');
    expect(section('FS_CONFIG_SECRETS')).toContain('| overwrites the path | every kind |');
  });
});
