import { PROMPT_WORDS } from '../approval/promptWords';
import { CATEGORY_TEXTS, LOCALES, RISK_CATEGORIES, type Locale, type RiskCategory } from '../risk/categories';

/** The console's own words in English; every other language has the same keys. */
const EN = {
  title: 'intentgate approval console',
  signInHeading: 'Sign in',
  tokenLabel: 'Approval token',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signInFailed: 'Sign-in failed',
  language: 'Language',
  sound: 'Sound when a call waits',
  live: 'live',
  offline: 'reconnecting…',
  noSessions: 'No sessions yet. A session appears when an agent sends its first prompt.',
  state: 'State',
  activeIntent: 'Active intent',
  none: 'none',
  scope: 'Scope',
  safeMode: 'Safe mode',
  on: 'on',
  off: 'off',
  approvedCategories: 'Approved for this session',
  runEnded: "Agent's run ended",
  stillRunning: 'no',
  keptForResume: 'kept for its resumed run',
  heldCalls: 'Waiting for you',
  nothingHeld: 'Nothing is waiting.',
  tool: 'Tool',
  editHint: 'Edit the arguments as JSON; the call is then decided again.',
  argsUnknown: "The console did not see this call's arguments: write them in full.",
  decideAgain: 'Decide again',
  close: 'Close',
  invalidJson: 'The arguments must be a JSON object.',
  approveHeading: 'Approve categories for this session',
  grants: 'Grants',
  noGrants: 'No grants.',
  revoke: 'Revoke',
  allowLikeThis: 'Allow calls like it',
  fromIntent: "the intent's own",
  approve: 'Approve for this session',
  pickCategory: 'Tick at least one category.',
  lastDecision: 'Last decision',
  statechart: 'Statechart',
  hideDetails: 'Hide details',
  failed: 'The service refused',
  shellCommands: 'Shell commands',
  runs_contain: 'Containment on',
  runs_analysis_only: 'Containment off: analysis alone',
  runs_refuse: 'Containment required and unavailable: refused',
  writable: 'Writable',
  readOnly: 'Read-only',
  everythingElse: 'everything else',
  insideWritable: 'inside the writable places',
  masked: 'Unreadable',
  network: 'Network',
} as const;

/** A key of the console's own words. */
export type ConsoleLabelKey = keyof typeof EN;

/** The console's own words per language. */
export const CONSOLE_LABELS: Readonly<Record<Locale, Readonly<Record<ConsoleLabelKey, string>>>> = {
  en: EN,
  ru: {
    title: 'intentgate: консоль подтверждений',
    signInHeading: 'Вход',
    tokenLabel: 'Токен подтверждения',
    signIn: 'Войти',
    signOut: 'Выйти',
    signInFailed: 'Войти не удалось',
    language: 'Язык',
    sound: 'Звук, когда вызов ждёт',
    live: 'на связи',
    offline: 'переподключение…',
    noSessions: 'Сессий пока нет. Сессия появится, когда агент пришлёт первый запрос.',
    state: 'Состояние',
    activeIntent: 'Активное намерение',
    none: 'нет',
    scope: 'Область',
    safeMode: 'Безопасный режим',
    on: 'вкл.',
    off: 'выкл.',
    approvedCategories: 'Разрешено для этой сессии',
    runEnded: 'Запуск агента завершён',
    stillRunning: 'нет',
    keptForResume: 'сохранена для продолжения',
    heldCalls: 'Ждут вашего ответа',
    nothingHeld: 'Ничего не ждёт.',
    tool: 'Инструмент',
    editHint: 'Измените аргументы в JSON; вызов будет решён заново.',
    argsUnknown: 'Консоль не видела аргументы этого вызова: впишите их полностью.',
    decideAgain: 'Решить заново',
    close: 'Закрыть',
    invalidJson: 'Аргументы должны быть JSON-объектом.',
    approveHeading: 'Разрешить категории для этой сессии',
    grants: 'Разрешения',
    noGrants: 'Разрешений нет.',
    revoke: 'Отозвать',
    allowLikeThis: 'Разрешить такие вызовы',
    fromIntent: 'из намерения',
    approve: 'Разрешить для сессии',
    pickCategory: 'Отметьте хотя бы одну категорию.',
    lastDecision: 'Последнее решение',
    statechart: 'Диаграмма состояний',
    hideDetails: 'Скрыть детали',
    failed: 'Сервис отказал',
    shellCommands: 'Команды оболочки',
    runs_contain: 'Изоляция включена',
    runs_analysis_only: 'Изоляция выключена: только анализ',
    runs_refuse: 'Изоляция обязательна и недоступна: отказ',
    writable: 'Доступно для записи',
    readOnly: 'Только чтение',
    everythingElse: 'всё остальное',
    insideWritable: 'внутри доступного для записи',
    masked: 'Нечитаемо',
    network: 'Сеть',
  },
};

/** What the page needs in one language: its words, the prompt's headings and buttons, the categories' risk texts. */
export interface ConsoleWords {
  readonly labels: Readonly<Record<ConsoleLabelKey, string>>;
  readonly headings: (typeof PROMPT_WORDS)[Locale]['headings'];
  readonly buttons: (typeof PROMPT_WORDS)[Locale]['buttons'];
  readonly categories: Readonly<Record<RiskCategory, string>>;
}

/** Every language's words, as `GET /console/labels.json` serves them. */
export function consoleWords(): Readonly<Record<Locale, ConsoleWords>> {
  const words = (locale: Locale): ConsoleWords => ({
    labels: CONSOLE_LABELS[locale],
    headings: PROMPT_WORDS[locale].headings,
    buttons: PROMPT_WORDS[locale].buttons,
    categories: Object.fromEntries(RISK_CATEGORIES.map((category) => [category, CATEGORY_TEXTS[locale][category].risk])) as Record<RiskCategory, string>,
  });
  return Object.fromEntries(LOCALES.map((locale) => [locale, words(locale)])) as Record<Locale, ConsoleWords>;
}
