import path from 'node:path';
import { pathForms } from '../paths/pathForms';
import { BUILTIN_SHELL } from '../policy/shell/shellSetup';
import { categorization, NO_RISK } from '../categories/evidence';
import { pathUseEvidence } from './fileRisk';
import type { KindArguments } from './kindArguments';
import { workspacePathContext, type CallRisk, type RiskContext } from './riskContext';
import { shellRisk, type CommandPath } from './shellRisk';

/** A shell call as its kind reads it: the command line and the working folder it names. */
export type ShellCall = Omit<Extract<KindArguments, { kind: 'shell' }>, 'kind'>;

const NO_COMMAND_PATHS: readonly CommandPath[] = Object.freeze([]);

// a line runs a few commands: comparing that many word by word costs less than a key each
const FEW_COMMANDS = 16;

function sameWords(one: readonly string[], other: readonly string[]): boolean {
  if (one.length !== other.length) return false;
  for (let index = 0; index < one.length; index++) if (one[index] !== other[index]) return false;
  return true;
}

/** Each simple command once, in the order it first runs: a long pipeline of one program is one command. */
function distinctCommands(commands: readonly (readonly string[])[]): readonly (readonly string[])[] {
  // most lines run one command: nothing to compare
  if (commands.length < 2) return commands;
  if (commands.length <= FEW_COMMANDS) {
    const kept: (readonly string[])[] = [];
    for (const words of commands) if (!kept.some((seen) => sameWords(seen, words))) kept.push(words);
    return kept.length === commands.length ? commands : kept;
  }
  const seen = new Map<string, readonly string[]>();
  for (const words of commands) {
    const key = JSON.stringify(words);
    if (!seen.has(key)) seen.set(key, words);
  }
  return seen.size === commands.length ? commands : [...seen.values()];
}

/**
 * What a shell call does, read in each form of its working folder: the evidence, the workspace
 * paths its command names, and its simple commands for the policy's command rules.
 */
export function shellCallRisk(call: ShellCall, risk: RiskContext): CallRisk {
  const workspace = workspacePathContext(risk);
  const { cwd } = call;
  const setup = risk.shell ?? BUILTIN_SHELL;
  const options = {
    catalog: setup.catalog,
    scratchFolders: setup.scratchFolders,
    homeDir: risk.homeDir,
    controlPaths: risk.controlPaths,
  };
  if (cwd === undefined) {
    // no working folder: one reading from the workspace root, its lists taken as they are
    const only = shellRisk(call.command, workspace, options);
    return {
      risk: categorization(only.evidence),
      commandPaths: only.paths,
      shell: { commands: distinctCommands(only.commands), unknowable: only.unknowable },
    };
  }
  const cwdEvidence = pathUseEvidence({ path: cwd.path, role: 'read', argument: cwd.argument }, workspace);
  // a working folder with whitespace at either end may be trimmed before use: the command is read in each
  const bases = pathForms(cwd.path).map((form) => path.resolve(risk.workspaceRoot, form));
  const found = bases.map((base) => shellRisk(call.command, { ...workspace, base }, options));
  const [first] = found;
  if (first === undefined) return { risk: NO_RISK, commandPaths: NO_COMMAND_PATHS };
  return {
    risk: categorization([...cwdEvidence, ...found.flatMap((each) => each.evidence)]),
    commandPaths: found.flatMap((each) => each.paths),
    shell: {
      commands: distinctCommands(first.commands),
      unknowable: found.map((each) => each.unknowable).find((why) => why !== undefined),
    },
  };
}
