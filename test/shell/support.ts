import { expect } from 'vitest';
import { sortCategories, type RiskCategory } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import {
  SHELL_CATEGORIES,
  type PathRole,
  type ShellAnalysis,
  type ShellFinding,
} from '../../src/shell/catalog/shellAnalysis';

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
  return {
    categories: sortCategories(analysis.findings.map((finding) => finding.category)),
    failedClosed: analysis.unknowable !== undefined,
  };
}

/** Only EXEC_ARBITRARY: what a data-only or harmless command raises. */
export const ONLY_EXEC: readonly RiskCategory[] = [EXEC];

export function sorted(categories: readonly RiskCategory[]): RiskCategory[] {
  return sortCategories(categories);
}

/** A command, the simple commands it runs (wrappers and what they wrap) and its categories. */
export interface CommandsCase {
  readonly name: string;
  readonly command: string;
  readonly commands: readonly (readonly string[])[];
  readonly categories: readonly RiskCategory[];
}

/** Asserts the commands and categories of a case, and that the analysis did not fail closed. */
export function expectCommands({ command, commands, categories }: CommandsCase): void {
  const analysis = analyzeShell(command);
  expect({
    commands: analysis.commands,
    categories: sorted(analysis.findings.map((finding) => finding.category)),
    unknowable: analysis.unknowable,
  }).toEqual({ commands, categories: sorted(categories), unknowable: undefined });
}

export interface FailCase {
  readonly name: string;
  readonly command: string;
  /** words of the reason the analysis gives */
  readonly reason: string;
}

/** Asserts that the analysis failed closed (every shell category) with a reason naming `reason`. */
export function expectFailClosed({ command, reason }: FailCase): void {
  const analysis = analyzeShell(command);
  expect({ ...outcome(command), reason: analysis.unknowable?.includes(reason) }).toEqual({
    categories: [...ALL],
    failedClosed: true,
    reason: true,
  });
}

/** A command and the categories it raises, for a family's table of cases. */
export interface CategoryCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly RiskCategory[];
}

/** Asserts the categories of a case, and that the analysis did not fail closed. */
export function expectCategories({ command, expected }: CategoryCase): void {
  expect({ command, ...outcome(command) }).toEqual({ command, categories: sorted(expected), failedClosed: false });
}

/** [path, role] of each path operand, in the order found. */
export type Operand = readonly [string | undefined, PathRole];

/** A command and the path operands it names, for a family's table of cases. */
export interface OperandCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly Operand[];
}

/** Asserts the path operands of a case, each with its role. */
export function expectOperands({ command, expected }: OperandCase): void {
  const operands = analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role] as const);
  expect({ command, operands }).toEqual({ command, operands: expected });
}
