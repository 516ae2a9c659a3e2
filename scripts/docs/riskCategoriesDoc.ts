import { RISK_CATEGORIES, CATEGORY_TEXTS, type RiskCategory } from '../../src/categories/riskCategories';
import {
  FILE_RULE_CATEGORIES,
  FILE_RULE_PROBES,
  PROBE_WORKSPACE,
  fileRuleRoles,
  type FileRuleCategory,
} from './fileRuleRoles';
import { code, codeList, generatedHeader, table } from './markdown';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { catalogRules } from '../../src/shell/catalog/catalogRules';
import {
  categoryTextsTable,
  configByNameLine,
  roleTable,
  secretWordsTable,
  shellRulesTable,
  toolKindsLine,
} from './riskTables';
import { builtinToolRisks, type ToolRisk } from './toolKindCategories';

const SOURCES = [
  'src/categories/riskCategories.ts',
  'src/shell/programs/',
  'src/risk/fileRisk.ts',
  'src/paths/secretWords.ts',
  'src/tools/toolCatalog.ts',
];

/** The categories the built-in command catalog's rules raise, in the seed's order. */
function ruleCategories(): RiskCategory[] {
  const raised = new Set(catalogRules(BUILTIN_CATALOG).map((entry) => entry.rule.category));
  return RISK_CATEGORIES.filter((category) => raised.has(category));
}

const isFileRuleCategory = (category: RiskCategory): category is FileRuleCategory =>
  (FILE_RULE_CATEGORIES as readonly RiskCategory[]).includes(category);

function fileRulesSection(category: RiskCategory): string[] {
  if (!isFileRuleCategory(category)) return ['**File rules:** none raise it.'];
  const answers = roleTable(fileRuleRoles(category));
  if (category !== 'FS_CONFIG_SECRETS') {
    const probe = FILE_RULE_PROBES[category];
    return [`**File rules:** ${probe.stands}; probe ${code(probe.path)}. Raised when the call:`, answers];
  }
  return [
    '**File rules:** a secret or configuration file; which kinds raise it depends on what the call does (probe: one file name of each kind):',
    answers,
    'A path is of a kind when one of its file or folder names matches an entry of that kind: a whole ' +
      'name, a prefix, an extension, a whole word inside the name, or a folder/file pair, ' +
      'case-insensitively (`secretKind` in src/paths/secretKind.ts). When several kinds match, the higher row wins:',
    secretWordsTable(),
    configByNameLine(),
  ];
}

function categorySection(category: RiskCategory, risks: readonly ToolRisk[]): string {
  const shell = shellRulesTable(category);
  return [
    `## ${category}`,
    categoryTextsTable(category),
    ...(shell === undefined
      ? [`**Shell command rules:** none; command rules raise only ${codeList(ruleCategories())}.`]
      : ['**Shell command rules** (the built-in command catalog, src/shell/programs/):', shell]),
    ...fileRulesSection(category),
    `**Built-in tools that can raise it**, by kind: ${toolKindsLine(category, risks)}.`,
  ].join('\n\n');
}

function toolsWithoutRisk(risks: readonly ToolRisk[]): string {
  const quiet = risks.filter((risk) => risk.categories.length === 0);
  return quiet.length === 0 ? 'none' : quiet.map((risk) => `${code(risk.tool)} (${code(risk.kind)})`).join(', ');
}

/** docs/risk-categories.md: safe mode's nine categories with their texts and every rule that raises them. */
export function riskCategoriesDoc(): string {
  const risks = builtinToolRisks();
  const overview = table(
    ['category', 'risk (en)', 'risk (ru)'],
    RISK_CATEGORIES.map((category) => [
      `[${code(category)}](#${category.toLowerCase()})`,
      CATEGORY_TEXTS.en[category].risk,
      CATEGORY_TEXTS.ru[category].risk,
    ]),
  );
  return `${[
    generatedHeader('Risk categories', SOURCES),
    'Safe mode (seed 002) maps every tool call to these nine categories, in this order; how a call is ' +
      'held and approved is in [safe-mode.md](safe-mode.md). For each category: its texts in both ' +
      'locales (the risk line and the labels of its at most three details), the shell command rules ' +
      'and file rules that raise it, and the built-in tools that can.',
    `The file rules and the tools are read by running the rules themselves (\`pathUseEvidence\`, ` +
      `\`categorize\`) on probe paths and calls in a workspace that does not exist ` +
      `(${code(PROBE_WORKSPACE)}), so they say what the code does today; "on every call" means every ` +
      `probe call of that tool raised it. Shell commands also pass the paths they name through the file rules.`,
    overview,
    `Built-in tools that raise no category: ${toolsWithoutRisk(risks)}.`,
    ...RISK_CATEGORIES.map((category) => categorySection(category, risks)),
  ].join('\n\n')}\n`;
}
