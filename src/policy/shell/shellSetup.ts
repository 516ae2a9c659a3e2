import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeShell } from '../../shell/analyzeShell';
import { BUILTIN_CATALOG } from '../../shell/programs/builtinCatalog';
import type { Catalog } from '../../shell/catalog/catalog';
import { matchesPrefix, prefixWords } from './commandDecisions';
import type { CommandSpec, CommandSpecs } from '../../shell/catalog/commandSpec';
import { catalogWithPrograms } from './hostPrograms';
import type { CommandRule, ShellPolicy } from './shellPolicy';

/** How shell commands are read and decided: the command catalog, and the policy's command rules. */
export interface ShellSetup {
  readonly catalog: Catalog;
  readonly rules: readonly CommandRule[];
  /** real absolute folders outside the workspace where a command's changes are no scope violation */
  readonly scratchFolders: readonly string[];
  /** the policy's shell section it was resolved from, as given: another thread resolves the same setup from it */
  readonly policy?: ShellPolicy;
}

/** A folder as the kernel names it (a symlinked temp folder included); as given when it does not exist. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

/** The scratch folders when the policy names none: the system temp folder. */
export const DEFAULT_SCRATCH_FOLDERS: readonly string[] = Object.freeze([realFolder(tmpdir())]);

/** The built-in catalog, no command rules and the default scratch folders. */
export const BUILTIN_SHELL: ShellSetup = Object.freeze({
  catalog: BUILTIN_CATALOG,
  rules: Object.freeze([]),
  scratchFolders: DEFAULT_SCRATCH_FOLDERS,
});

const clip = (text: string): string => (text.length <= 80 ? text : `${text.slice(0, 79)}\u2026`);

/** Each rule of a host program (and of its subcommands), with where it sits in the policy. */
function programRules(
  spec: CommandSpec,
  at: string,
): { at: string; rule: NonNullable<CommandSpec['rules']>[number] }[] {
  const own = (spec.rules ?? []).map((rule, index) => ({ at: `${at}.rules[${index}]`, rule }));
  const below = Object.entries(spec.subcommands ?? {}).flatMap(([name, child]) =>
    programRules(child, `${at}.subcommands.${name}`),
  );
  return [...own, ...below];
}

/** The examples of the host's program rules, read with the extended catalog: each must raise its category, each notExample must not. */
function programExampleIssues(programs: CommandSpecs, catalog: Catalog): string[] {
  const issues: string[] = [];
  for (const [name, spec] of Object.entries(programs)) {
    for (const { at, rule } of programRules(spec, `shell.programs.${name}`)) {
      const raised = (line: string): string[] => [
        ...new Set(analyzeShell(line, { catalog }).findings.map((finding) => finding.category)),
      ];
      rule.examples.forEach((line, index) => {
        const found = raised(line);
        if (!found.includes(rule.category))
          issues.push(
            `${at}.examples[${index}]: expected '${clip(line)}' to raise ${rule.category}, found ${found.join(', ')}`,
          );
      });
      (rule.notExamples ?? []).forEach((line, index) => {
        if (raised(line).includes(rule.category))
          issues.push(`${at}.notExamples[${index}]: expected '${clip(line)}' not to raise ${rule.category}, it does`);
      });
    }
  }
  return issues;
}

/** The examples of the command rules: each must run a command the prefix matches, each notExample none. */
function ruleExampleIssues(rules: readonly CommandRule[], catalog: Catalog): string[] {
  const issues: string[] = [];
  rules.forEach((rule, ruleIndex) => {
    const prefix = prefixWords(rule);
    const at = `shell.rules[${ruleIndex}]`;
    const matches = (line: string): boolean =>
      analyzeShell(line, { catalog }).commands.some((command) => matchesPrefix(command, prefix));
    rule.examples.forEach((line, index) => {
      if (!matches(line))
        issues.push(
          `${at}.examples[${index}]: expected '${clip(line)}' to run a command starting with '${prefix.join(' ')}', it does not`,
        );
    });
    (rule.notExamples ?? []).forEach((line, index) => {
      if (matches(line))
        issues.push(
          `${at}.notExamples[${index}]: expected '${clip(line)}' not to run a command starting with '${prefix.join(' ')}', it does`,
        );
    });
  });
  return issues;
}

/** How many examples and notExamples a shell section holds, its programs' rules and its command rules alike. */
export function countShellExamples(policy: ShellPolicy | undefined): number {
  const count = (rule: {
    readonly examples: readonly string[];
    readonly notExamples?: readonly string[] | undefined;
  }): number => rule.examples.length + (rule.notExamples?.length ?? 0);
  const programs = Object.entries(policy?.programs ?? {}).flatMap(([name, spec]) =>
    programRules(spec, name).map(({ rule }) => count(rule)),
  );
  const rules = (policy?.rules ?? []).map(count);
  return [...programs, ...rules].reduce((sum, value) => sum + value, 0);
}

/** A shell section resolved: its setup, and the issues that keep it from being used. */
export interface ResolvedShellPolicy {
  readonly setup: ShellSetup;
  readonly issues: readonly string[];
}

// A service creates one governor per session from the same policy, and a policy's checks one
// per check: the same section is resolved (its catalog built, its examples run) once, keyed by
// its content, so a section changed in place is resolved again. The few most recent are kept.
const RESOLVED = new Map<string, ResolvedShellPolicy>();
const MAX_RESOLVED = 16;

/**
 * A policy's shell section resolved: the catalog with its programs and its rules, or every
 * issue found, each with its path below `shell` (a malformed program, a failing example).
 * Examples run only once the programs are valid, on the catalog they make.
 */
export function resolveShellPolicy(policy: ShellPolicy | undefined): ResolvedShellPolicy {
  if (policy === undefined) return { setup: BUILTIN_SHELL, issues: [] };
  const key = JSON.stringify(policy);
  const known = RESOLVED.get(key);
  if (known !== undefined) return known;
  const { catalog, issues } = catalogWithPrograms(policy.programs);
  const rules = policy.rules ?? [];
  const exampleIssues =
    issues.length > 0
      ? []
      : [...programExampleIssues(policy.programs ?? {}, catalog), ...ruleExampleIssues(rules, catalog)];
  const scratchFolders =
    policy.scratchFolders === undefined
      ? DEFAULT_SCRATCH_FOLDERS
      : Object.freeze(policy.scratchFolders.map(realFolder));
  const resolved: ResolvedShellPolicy = Object.freeze({
    setup: Object.freeze({ catalog, rules, scratchFolders, policy }),
    issues: Object.freeze([...issues, ...exampleIssues]),
  });
  const oldest = RESOLVED.size >= MAX_RESOLVED ? RESOLVED.keys().next().value : undefined;
  if (oldest !== undefined) RESOLVED.delete(oldest);
  RESOLVED.set(key, resolved);
  return resolved;
}
