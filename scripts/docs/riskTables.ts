import {
  KEY_QUALIFIERS,
  SECRET_EXTENSIONS,
  SECRET_KINDS,
  SECRET_NAMES,
  SECRET_PAIRS,
  SECRET_PREFIXES,
  SECRET_RUSSIAN_WORD_PAIRS,
  SECRET_RUSSIAN_WORDS,
  SECRET_WORDS,
  SECRET_WORD_PAIRS,
  CONFIG_DATA_EXTENSIONS,
  DOCUMENTATION_EXTENSIONS,
  type SecretKind,
} from '../../src/paths/secretWords';
import { CATEGORY_TEXTS, type RiskCategory } from '../../src/categories/riskCategories';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { catalogRules, type CatalogRule } from '../../src/shell/catalog/catalogRules';
import { PATH_ROLES, type RoleAnswers } from './fileRuleRoles';
import { code, codeList, table } from './markdown';
import type { ToolRisk } from './toolKindCategories';

/** A category's risk text and detail labels in both locales (CATEGORY_TEXTS). */
export function categoryTextsTable(category: RiskCategory): string {
  const { en, ru } = CATEGORY_TEXTS;
  const rows = [
    ['risk', en[category].risk, ru[category].risk],
    ...en[category].details.map((label, index) => [`detail ${index + 1}`, label, ru[category].details[index] ?? '']),
  ];
  return table(['', 'en', 'ru'], rows);
}

function selectedBy({ subcommands, rule }: CatalogRule): string {
  const parts: string[] = [];
  if (subcommands.length > 0) parts.push(`subcommand ${code(subcommands.join(' '))}`);
  const when = rule.when;
  if (when?.options !== undefined) parts.push(`options ${codeList(when.options)}`);
  if (when?.notOptions !== undefined) parts.push(`without ${codeList(when.notOptions)}`);
  if (when?.operands !== undefined) parts.push(when.operands === 'none' ? 'nothing after it' : 'something after it');
  if (when?.check !== undefined) parts.push(`check ${code(when.check)}`);
  return parts.length === 0 ? 'any call' : parts.join('; ');
}

/** The rules of the built-in command catalog that raise a category, or undefined when none does. */
export function shellRulesTable(category: RiskCategory): string | undefined {
  const rules = catalogRules(BUILTIN_CATALOG).filter((entry) => entry.rule.category === category);
  if (rules.length === 0) return undefined;
  const rows = rules.map((entry) => [
    codeList([entry.program, ...entry.aliases]),
    selectedBy(entry),
    entry.rule.note,
    codeList(entry.rule.examples),
  ]);
  return table(['program', 'when', 'note', 'examples'], rows);
}

function roleAnswer(answer: readonly SecretKind[] | boolean): string {
  if (typeof answer === 'boolean') return answer ? 'yes' : '—';
  if (answer.length === SECRET_KINDS.length) return 'every kind';
  return codeList(answer);
}

/** Per path role, whether the file rules raise the category (or which secret kinds do). */
export function roleTable(answers: RoleAnswers): string {
  return table(
    ['the call', 'raises it'],
    PATH_ROLES.map((role) => [`${role}s the path`, roleAnswer(answers[role])]),
  );
}

const words = <T>(entries: readonly T[] | undefined, show: (entry: T) => string): string =>
  codeList((entries ?? []).map(show));

/** What makes a path a secret or configuration file, per kind (src/paths/secretWords.ts). */
export function secretWordsTable(): string {
  const rows = SECRET_KINDS.map((kind) => [
    code(kind),
    words(SECRET_NAMES[kind], String),
    words(SECRET_PREFIXES[kind], (prefix) => `${prefix}*`),
    words(SECRET_EXTENSIONS[kind], (extension) => `*.${extension}`),
    words(SECRET_WORDS[kind], String),
    codeList([
      ...(SECRET_RUSSIAN_WORDS[kind] ?? []).map((pattern) => pattern.source),
      ...(SECRET_RUSSIAN_WORD_PAIRS[kind] ?? []).map(([first, second]) => `${first.source} ${second.source}`),
    ]),
    words(KEY_QUALIFIERS[kind], (qualifier) => `${qualifier} key`),
    words(SECRET_WORD_PAIRS[kind], ([first, second]) => `${first} ${second}`),
    words(SECRET_PAIRS[kind], ([folder, file]) => `${folder}/${file}`),
  ]);
  return table(
    ['kind', 'names', 'prefixes', 'extensions', 'words', 'Russian words', 'key words', 'word pairs', 'folder/file'],
    rows,
  );
}

/** The configuration rule by name, and the documentation exception, from the same lists the code reads. */
export function configByNameLine(): string {
  return [
    `Also of kind ${code('config')}: a name with a word ending in ${code('config')} on a file with no ` +
      `extension or one of ${codeList(CONFIG_DATA_EXTENSIONS.map((extension) => `*.${extension}`))} (${code('tsconfig.json')}),`,
    `and a dotfile whose first word ends in ${code('rc')} (${code('.eslintrc.cjs')}, ${code('.nvmrc')}).`,
    `Documentation (${codeList(DOCUMENTATION_EXTENSIONS.map((extension) => `*.${extension}`))}) is ` +
      `never configuration, though it keeps any other kind (${code('docs/config.md')} is not config).`,
  ].join(' ');
}

/** The built-in tools that raised a category, grouped by kind, saying when every probe call of the kind did. */
export function toolKindsLine(category: RiskCategory, risks: readonly ToolRisk[]): string {
  const groups = new Map<string, string[]>();
  for (const risk of risks) {
    if (!risk.categories.includes(category)) continue;
    const key = `${code(risk.kind)}${risk.always.includes(category) ? ' on every call' : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), risk.tool]);
  }
  if (groups.size === 0) return 'none';
  return [...groups].map(([kind, tools]) => `${kind} (${codeList(tools)})`).join('; ');
}
