import { sortCategories, type RiskCategory } from '../../src/risk/categories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { SHELL_CATEGORIES, type ShellAnalysis, type ShellFinding } from '../../src/shell/shellAnalysis';

export const EXEC: RiskCategory = 'EXEC_ARBITRARY';
export const SUDO: RiskCategory = 'SUDO';
export const NET: RiskCategory = 'NETWORK_RISK';
export const GIT: RiskCategory = 'GIT_PUBLISH';
export const DEPS: RiskCategory = 'DEPS_INSTALL_UPDATE';
export const SYS: RiskCategory = 'SYSTEM_IMPACT';
export const ALL: readonly RiskCategory[] = SHELL_CATEGORIES;

/** The distinct categories of an analysis, in the seed's order. */
export function categoriesOf(command: string): RiskCategory[] {
  return sortCategories(analyzeShell(command).findings.map((finding) => finding.category));
}

/** The findings of one category, without the line-wide EXEC_ARBITRARY finding. */
export function findingsOf(analysis: ShellAnalysis, category: RiskCategory): ShellFinding[] {
  return analysis.findings.filter((finding) => finding.category === category);
}

/** The categories an analysis raises, and whether it failed closed. */
export function outcome(command: string): { categories: RiskCategory[]; failedClosed: boolean } {
  const analysis = analyzeShell(command);
  return { categories: sortCategories(analysis.findings.map((finding) => finding.category)), failedClosed: analysis.unknowable !== undefined };
}

/** Only EXEC_ARBITRARY: what a data-only or harmless command raises. */
export const ONLY_EXEC: readonly RiskCategory[] = [EXEC];

export function sorted(categories: readonly RiskCategory[]): RiskCategory[] {
  return sortCategories(categories);
}
