import { describeValue } from '../text/describeValue';
import { AnalysisContext } from './engine/analysisContext';
import { BUILTIN_CATALOG } from './programs/builtinCatalog';
import type { Catalog } from './catalog/catalog';
import { runScriptText } from './engine/scriptRunner';
import { SHELL_CATEGORIES, type ShellAnalysis, type ShellFinding } from './catalog/shellAnalysis';

const MAX_TEXT = 200;
const MAX_EFFECTS = 4;
const MAX_UNANALYSED = 5;
const BLANK = /^[ \t\n]*$/;

function clip(text: string, length = MAX_TEXT): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}\u2026`;
}

function firstToken(text: string): string {
  const match = /^\S{1,60}/.exec(text);
  return match?.[0] ?? clip(text, 60);
}

/** Seed 002: any non-empty shell command is EXEC_ARBITRARY; one finding for the whole line. */
function execFinding(context: AnalysisContext, trimmed: string): ShellFinding {
  const trigger = context.firstName ?? firstToken(trimmed);
  const effects = context.effects;
  const effect = effects.length > 0 ? effects.slice(0, MAX_EFFECTS).join('; ') : `runs ${trigger}`;
  const unanalysed = context.unanalysed;
  const note =
    unanalysed.length === 0
      ? 'any non-empty command'
      : `any non-empty command; not analysed: ${unanalysed.slice(0, MAX_UNANALYSED).join(', ')}`;
  const first = context.firstCommand;
  return {
    category: 'EXEC_ARBITRARY',
    trigger,
    command: clip(first ?? trimmed),
    note,
    details: [clip(trimmed), '', clip(effect)],
  };
}

function failedResult(text: string, reason: string): ShellAnalysis {
  const trigger = firstToken(text.trim());
  const findings = SHELL_CATEGORIES.map((category) => ({
    category,
    trigger,
    command: clip(text.trim()),
    note: reason,
    details: ['', '', ''] as const,
    unseen: true as const,
  }));
  return { findings, commands: [], pathOperands: [], scriptRuns: [], unknowable: reason };
}

function internalReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `internal error: ${clip(message, 100)}: fail closed`;
}

/** How a command line is read: with the built-in command catalog, or one a policy extended. */
export interface AnalyzeShellOptions {
  readonly catalog?: Catalog;
}

/**
 * Analyses a shell command line statically: every simple command it runs (through lists,
 * pipelines, substitutions, wrappers and inner scripts such as `bash -c`), the risk categories
 * its commands raise, and the paths they use. When the effect cannot be known statically it fails
 * closed: `unknowable` says why and every shell category is raised. Never throws.
 *
 * @example
 * analyzeShell('sudo -u bob git push origin main').findings.map((f) => f.category);
 * // ['EXEC_ARBITRARY', 'SUDO', 'GIT_PUBLISH', 'NETWORK_RISK']
 */
export function analyzeShell(command: string, options: AnalyzeShellOptions = {}): ShellAnalysis {
  try {
    if (typeof command !== 'string')
      return failedResult(describeValue(command), 'command is not a string: fail closed');
    if (BLANK.test(command))
      return { findings: [], commands: [], pathOperands: [], scriptRuns: [], unknowable: undefined };
    const context = new AnalysisContext(runScriptText, command.length, options.catalog ?? BUILTIN_CATALOG);
    const trimmed = command.trim();
    const origin = { trigger: firstToken(trimmed), command: clip(trimmed) };
    try {
      runScriptText(context, { text: command, origin, placement: 'inline' });
    } catch (error) {
      context.failClosed(internalReason(error), origin);
    }
    context.settlePaths();
    return {
      findings: [execFinding(context, trimmed), ...context.findings],
      commands: context.commands,
      pathOperands: context.pathOperands,
      scriptRuns: context.scriptRuns,
      unknowable: context.unknowable,
    };
  } catch (error) {
    return failedResult(typeof command === 'string' ? command : '', internalReason(error));
  }
}
