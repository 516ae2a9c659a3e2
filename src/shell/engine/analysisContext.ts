import type { RiskCategory } from '../../categories/riskCategories';
import {
  SHELL_CATEGORIES,
  type ShellFinding,
  type ShellPathOperand,
  type ShellScriptRun,
} from '../catalog/shellAnalysis';
import { placeScriptRun } from './scriptRunPlacement';
import type { ScriptPlacement, ScriptRunWords } from '../catalog/commandEffects';
import type { ShellWord } from '../words/shellWord';
import { AliasTable } from './aliases';
import type { Catalog } from '../catalog/catalog';
import { DirectoryFlow } from './directoryFlow';
import { RepeatFilter } from './repeatFilter';
import type { WorkingDirectory } from './workingDirectory';

/** Inner scripts (`bash -c`, `eval`, heredocs fed to a shell) nested deeper than this fail closed. */
export const MAX_INNER_SCRIPT_DEPTH = 50;

/**
 * Script files listed for their content to be read; a command line running more lists the first
 * ones, and fails closed when one past the limit must be read (a hook, a start-up file).
 */
export const MAX_SCRIPT_RUNS = 64;

/** Text (beyond the command itself) the analysis may re-parse for inner scripts and substitutions. */
const BUDGET_SLACK = 65_536;

/** An inner script to analyse, and where its findings come from. */
export interface InnerScript {
  readonly text: string;
  readonly origin: FindingOrigin;
  readonly placement: ScriptPlacement;
}

/** Runs an inner script's text through parse and walk, one level deeper. */
export type ScriptRunner = (context: AnalysisContext, script: InnerScript) => void;

/** Where a finding comes from: the construct that triggered it and the simple command holding it. */
export interface FindingOrigin {
  readonly trigger: string;
  readonly command: string;
}

/** Facts about one parsed script that only mean something together (arithmetic + code held in strings). */
export interface ScriptLevel {
  arithmetic: boolean;
  codeText: string | undefined;
}

// every fail-closed finding shares it, and hosts get it in evidence: frozen, so that a host writing into one answer changes no other
const NO_DETAILS: readonly [string, string, string] = Object.freeze(['', '', ''] as const);

/** A path operand as the walk noted it: a loop or function body is a region of its own. */
interface PlacedOperand {
  readonly command: string;
  readonly operand: ShellPathOperand;
  readonly region: number;
}

// the fields that make two findings of one command the same finding
const sameFinding = (one: ShellFinding, other: ShellFinding): boolean =>
  one.category === other.category &&
  one.trigger === other.trigger &&
  one.note === other.note &&
  one.details[0] === other.details[0] &&
  one.details[1] === other.details[1] &&
  one.details[2] === other.details[2];
const findingKey = (finding: ShellFinding): string =>
  JSON.stringify([finding.category, finding.trigger, finding.note, ...finding.details]);

// the fields that make two operands of one command the same use of a path (no path and '' alike)
function samePlacedOperand(one: PlacedOperand, other: PlacedOperand): boolean {
  const a = one.operand;
  const b = other.operand;
  return (
    one.region === other.region &&
    a.role === b.role &&
    a.source === b.source &&
    (a.path ?? '') === (b.path ?? '') &&
    (a.assumed ?? '') === (b.assumed ?? '') &&
    a.placesLinks === b.placesLinks
  );
}
const placedOperandKey = ({ operand, region }: PlacedOperand): string =>
  JSON.stringify([
    operand.role,
    operand.source,
    operand.path ?? '',
    region,
    operand.assumed ?? '',
    operand.placesLinks ?? false,
  ]);

/** Collects what the walk finds; one per `analyzeShell` call. */
export class AnalysisContext {
  readonly findings: ShellFinding[] = [];
  readonly commands: (readonly string[])[] = [];
  readonly pathOperands: ShellPathOperand[] = [];
  readonly scriptRuns: ShellScriptRun[] = [];
  readonly levels: ScriptLevel[] = [];
  unknowable: string | undefined = undefined;
  depth = 0;
  /** where commands run as the walk goes (see directoryFlow.ts) */
  readonly flow = new DirectoryFlow();
  /** aliases the command line defines, expanded where their names are used */
  readonly aliases = new AliasTable();
  /** work done so far, in steps: nodes walked, words read, text parsed (linear in the input) */
  steps = 0;
  /** the first simple command's name (or its source when built at run time) */
  firstName: string | undefined = undefined;
  /** the first simple command's listed words joined by spaces: EXEC_ARBITRARY's command */
  firstCommand: string | undefined = undefined;
  // each made on first use: a short line often needs none of them
  private seenFindings: RepeatFilter<ShellFinding> | undefined;
  private seenOperands: RepeatFilter<PlacedOperand> | undefined;
  private effectNotes: Set<string> | undefined;
  private unanalysedNames: Set<string> | undefined;
  // made when a second run is noted: most lines run at most one, which needs no key
  private scriptRunKeys: Set<string> | undefined;

  // nested inner scripts and substitutions re-read their text at every level: bounded so that
  // hostile nesting costs a constant multiple of the input, not depth x length
  private innerBudget: number;
  private substitutionBudget: number;

  constructor(
    private readonly scriptRunner: ScriptRunner,
    sourceLength: number,
    /** what the analysis knows about programs */
    readonly catalog: Catalog,
  ) {
    this.innerBudget = sourceLength + BUDGET_SLACK;
    this.substitutionBudget = 2 * sourceLength + BUDGET_SLACK;
  }

  /** Takes `length` characters of inner-script parsing from the budget; false when it is spent. */
  spendInnerScript(length: number): boolean {
    this.innerBudget -= length;
    return this.innerBudget >= 0;
  }

  /** Takes a nested substitution's text from the budget; false when it is spent. */
  spendSubstitution(length: number): boolean {
    this.substitutionBudget -= length;
    return this.substitutionBudget >= 0;
  }

  /** where commands now run, relative to the start of the command line (see workingDirectory.ts) */
  get directory(): WorkingDirectory {
    return this.flow.current;
  }

  /** Parses and analyses an inner script; by default one run by another process (`bash -c`). */
  runScript(text: string, origin: FindingOrigin, placement: ScriptPlacement = 'child'): void {
    this.scriptRunner(this, { text, origin, placement });
  }

  addFinding(finding: ShellFinding): void {
    if ((this.seenFindings ??= new RepeatFilter(sameFinding, findingKey)).isRepeat(finding)) return;
    this.findings.push(finding);
  }

  /** A rule matched: its note becomes part of EXEC_ARBITRARY's expected effect. */
  noteEffect(note: string): void {
    (this.effectNotes ??= new Set()).add(note);
  }

  /** A script, makefile or package script runs whose content is not analysed. */
  noteUnanalysed(name: string): void {
    const names = (this.unanalysedNames ??= new Set());
    if (names.size < 20) names.add(name);
  }

  /** A script file runs as shell code: listed so that the caller may read and analyse it. */
  noteScriptRun(word: ShellWord, how: ShellScriptRun['how'], script?: string, details?: ScriptRunWords): void {
    const run = placeScriptRun(this.directory, { word, how, script, details });
    if (this.scriptRuns.length === 0) {
      this.scriptRuns.push(run);
      return;
    }
    this.scriptRunKeys ??= new Set(this.scriptRuns.map((noted) => JSON.stringify(noted)));
    const key = JSON.stringify(run);
    if (this.scriptRunKeys.has(key)) return;
    if (this.scriptRuns.length >= MAX_SCRIPT_RUNS) {
      if (run.mustRead !== undefined)
        this.failClosed(`more than ${MAX_SCRIPT_RUNS} files to read before the command runs: fail closed`, {
          trigger: word.source,
          command: word.source,
        });
      return;
    }
    this.scriptRunKeys.add(key);
    this.scriptRuns.push(run);
  }

  get effects(): readonly string[] {
    return this.effectNotes === undefined ? [] : [...this.effectNotes];
  }

  get unanalysed(): readonly string[] {
    return this.unanalysedNames === undefined ? [] : [...this.unanalysedNames];
  }

  /** Lists a simple command; `name` is its basename, or its source when built at run time; `text` its words joined by spaces. */
  listCommand(words: readonly string[], name: string, text: string): void {
    this.firstName ??= name;
    this.firstCommand ??= text;
    this.commands.push(words);
  }

  addPath(operand: ShellPathOperand): void {
    // a loop or function body is kept apart: its operands may be read again from another folder
    const region = this.flow.regionId;
    if (
      (this.seenOperands ??= new RepeatFilter(samePlacedOperand, placedOperandKey)).isRepeat({
        command: operand.command,
        operand,
        region,
      })
    )
      return;
    this.pathOperands.push(operand);
    this.flow.noteOperand(region);
  }

  /** Ends the walk: a relative operand that may have run in another folder becomes unknown. */
  settlePaths(): void {
    if (this.pathOperands.length === 0) return;
    const unsettled = this.flow.unsettledOperands();
    if (unsettled === undefined) return;
    this.pathOperands.forEach((operand, index) => {
      if (unsettled(index, operand.path)) this.pathOperands[index] = { ...operand, path: undefined };
    });
  }

  get level(): ScriptLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /**
   * The effect cannot be known statically: every shell category is raised, once per analysis
   * (the first reason is kept so a hostile input cannot multiply findings).
   */
  failClosed(reason: string, origin: FindingOrigin): void {
    if (this.unknowable !== undefined) return;
    this.unknowable = reason;
    for (const category of SHELL_CATEGORIES) this.addUnseenFinding(category, reason, origin);
  }

  private addUnseenFinding(category: RiskCategory, reason: string, origin: FindingOrigin): void {
    this.addFinding({
      category,
      trigger: origin.trigger,
      command: origin.command,
      note: reason,
      details: NO_DETAILS,
      unseen: true,
    });
  }
}
