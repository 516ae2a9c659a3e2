import type { Locale, RiskCategory } from '../risk/categories';
import type { Evidence } from '../risk/evidence';

interface Words {
  readonly headings: { readonly action: string; readonly why: string; readonly risk: string; readonly changes: string };
  readonly buttons: { readonly continue: string; readonly cancel: string; readonly details: string; readonly edit: string };
  readonly noReason: string;
  readonly nothingListed: string;
  readonly forIntent: (id: string, name: string | undefined) => string;
  readonly runCommand: string;
  readonly callTool: string;
  readonly change: Readonly<Record<RiskCategory, string>>;
}

/** The prompt's fixed words in each locale; `ru` follows seed 002 E's headings. */
export const PROMPT_WORDS: Readonly<Record<Locale, Words>> = {
  en: {
    headings: { action: 'What I want to do', why: 'Why', risk: 'Risk', changes: 'What will change' },
    buttons: { continue: 'Continue', cancel: 'Cancel', details: 'Show details', edit: 'Edit' },
    noReason: 'The agent did not say why.',
    nothingListed: 'nothing the rules could name',
    forIntent: (id, name) => `To work on intent ${id}${name ? ` (${name})` : ''}.`,
    runCommand: 'Run the command',
    callTool: 'Call',
    change: {
      FS_DELETE_OVERWRITE: '{1} {0} ({2})',
      FS_OUTSIDE_WORKSPACE: '{2} {0}, outside the project folder',
      FS_CONFIG_SECRETS: '{2} {0} ({1})',
      DEPS_INSTALL_UPDATE: 'dependencies change: {0} {1} {2}',
      GIT_PUBLISH: 'publishes: {0}',
      SYSTEM_IMPACT: 'system change: {0} ({2})',
      SUDO: 'runs with elevated privileges as {1}: {0}',
      NETWORK_RISK: 'network access to {0} ({1})',
      EXEC_ARBITRARY: 'runs: {0}',
    },
  },
  ru: {
    headings: { action: 'Что хочу сделать', why: 'Зачем', risk: 'Риск', changes: 'Что изменится' },
    buttons: { continue: 'Продолжить', cancel: 'Отмена', details: 'Показать детали', edit: 'Изменить' },
    noReason: 'Агент не указал причину.',
    nothingListed: 'правила ничего не назвали',
    forIntent: (id, name) => `Для работы над намерением ${id}${name ? ` (${name})` : ''}.`,
    runCommand: 'Выполнить команду',
    callTool: 'Вызвать',
    change: {
      FS_DELETE_OVERWRITE: '{1}: {0} ({2})',
      FS_OUTSIDE_WORKSPACE: '{2}: {0}, вне папки проекта',
      FS_CONFIG_SECRETS: '{2}: {0} ({1})',
      DEPS_INSTALL_UPDATE: 'изменятся зависимости: {0} {1} {2}',
      GIT_PUBLISH: 'публикация: {0}',
      SYSTEM_IMPACT: 'изменение системы: {0} ({2})',
      SUDO: 'запуск с повышенными правами ({1}): {0}',
      NETWORK_RISK: 'сетевой доступ к {0} ({1})',
      EXEC_ARBITRARY: 'выполнится: {0}',
    },
  },
};

/** One "what will change" point from one piece of evidence, in the locale's template. */
export function describeChange(evidence: Evidence, locale: Locale): string {
  return PROMPT_WORDS[locale].change[evidence.category]
    .replace(/\{(\d)\}/g, (_, index: string) => evidence.details[Number(index)] || '')
    .replace(/\(\s*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const COMMAND_ARGUMENTS = ['command', 'cmd', 'script'];
const TARGET_ARGUMENTS = ['path', 'file_path', 'absolutePath', 'url', 'dir_path'];

/** "What I want to do" in one line: the command for shells, else the tool and its target. */
export function describeAction(tool: string, args: Readonly<Record<string, unknown>>, locale: Locale): string {
  const words = PROMPT_WORDS[locale];
  const command = COMMAND_ARGUMENTS.map((key) => args[key]).find((value) => typeof value === 'string');
  if (typeof command === 'string') return `${words.runCommand}: ${command}`;
  const target = TARGET_ARGUMENTS.map((key) => args[key]).find((value) => typeof value === 'string');
  const op = typeof args.op === 'string' ? ` ${args.op}` : '';
  return `${words.callTool} ${tool}${op}${typeof target === 'string' ? `: ${target}` : ''}`;
}
