import type { Locale } from '../categories/riskCategories';

/** The templates of the "what will change" points; `{name}` is filled from the evidence. */
export interface PointWords {
  /** a file-system change: the operation and the path */
  readonly file: string;
  readonly outside: string;
  /** the kind of secret or configuration a path holds */
  readonly secret: string;
  readonly packages: string;
  readonly dependencyFiles: string;
  readonly dependencies: string;
  readonly publish: string;
  readonly publishTo: string;
  readonly system: string;
  readonly sudo: string;
  readonly network: string;
  /** the purpose of a network point when the evidence names none */
  readonly networkAccess: string;
  readonly unknownEffect: string;
}

export interface Words {
  readonly headings: { readonly action: string; readonly why: string; readonly risk: string; readonly changes: string };
  readonly buttons: {
    readonly continue: string;
    readonly cancel: string;
    readonly details: string;
    readonly edit: string;
  };
  readonly noReason: string;
  readonly nothingListed: string;
  /** "why" when the call states none: the active intent, `{id}` and ` ({name})` */
  readonly forIntent: string;
  readonly runCommand: string;
  readonly callTool: string;
  /** the risk line's start when a policy rule asks a human: `{rule}` names it */
  readonly policyAsks: string;
  /** a change outside the active intent's scope, `{paths}` */
  readonly outsideScope: string;
  /** the line naming a grant that would cover calls like this one: `{grant}` */
  readonly grantLine: string;
  readonly grantForIntent: string;
  readonly grantForSession: string;
  readonly points: PointWords;
  /** the seed's detail labels shown in this locale's words, where the seed wrote them in English */
  readonly labels: Readonly<Record<string, string>>;
}

/** The prompt's fixed words in each locale; `ru` follows seed 002 E's headings. */
export const PROMPT_WORDS: Readonly<Record<Locale, Words>> = {
  en: {
    headings: { action: 'What I want to do', why: 'Why', risk: 'Risk', changes: 'What will change' },
    buttons: { continue: 'Continue', cancel: 'Cancel', details: 'Show details', edit: 'Edit' },
    noReason: 'The agent did not say why.',
    nothingListed: 'nothing the rules could name',
    forIntent: 'To work on intent {id}{name}.',
    runCommand: 'Run the command',
    callTool: 'Call',
    policyAsks: 'The policy asks a human before this command runs: {rule}.',
    outsideScope: "Changes {paths}, outside the active intent's scope: allowed once, only these become writable.",
    grantLine: 'Or allow calls like it: {grant}',
    grantForIntent: 'while the intent is active',
    grantForSession: 'for this session',
    points: {
      file: '{operation} {path}',
      outside: 'outside the project folder',
      secret: '{kind} file',
      packages: 'package changes: {packages}',
      dependencyFiles: 'dependency files: {files}',
      dependencies: 'dependencies change',
      publish: 'publish: {what}',
      publishTo: 'publish: {what} to {remote}',
      system: 'system change: {what}',
      sudo: 'runs as {user}: {command}',
      network: '{purpose}: {address}',
      networkAccess: 'network access',
      unknownEffect: 'the effect cannot be known before it runs: {reason}',
    },
    labels: {},
  },
  ru: {
    headings: { action: 'Что хочу сделать', why: 'Зачем', risk: 'Риск', changes: 'Что изменится' },
    buttons: { continue: 'Продолжить', cancel: 'Отмена', details: 'Показать детали', edit: 'Изменить' },
    noReason: 'Агент не указал причину.',
    nothingListed: 'правила ничего не назвали',
    forIntent: 'Для работы над намерением {id}{name}.',
    runCommand: 'Выполнить команду',
    callTool: 'Вызвать',
    policyAsks: 'Политика требует решения человека перед этой командой: {rule}.',
    outsideScope:
      'Изменит {paths} вне области активного намерения: при разовом разрешении доступными для записи станут только эти пути.',
    grantLine: 'Или разрешить такие вызовы: {grant}',
    grantForIntent: 'пока намерение активно',
    grantForSession: 'на эту сессию',
    points: {
      file: '{operation}: {path}',
      outside: 'вне папки проекта',
      secret: '{kind}',
      packages: 'изменение пакетов: {packages}',
      dependencyFiles: 'файлы зависимостей: {files}',
      dependencies: 'изменение зависимостей',
      publish: 'публикация: {what}',
      publishTo: 'публикация: {what} в {remote}',
      system: 'изменение системы: {what}',
      sudo: 'запуск от имени {user}: {command}',
      network: '{purpose}: {address}',
      networkAccess: 'сетевой доступ',
      // the reasons are written in English only, so the Russian point does not quote them
      unknownEffect: 'результат нельзя узнать до запуска',
    },
    labels: {
      path: 'путь',
      'операция (delete/overwrite)': 'операция (удаление/перезапись)',
      workspace_root: 'корень рабочей папки',
      'path/ключ': 'путь/ключ',
      remote: 'удалённый репозиторий',
      'url/host': 'адрес/хост',
    },
  },
};

/** Fills a template's `{name}` slots; a slot with no value is left empty. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
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
