import type { AnalysisContext } from './analysisContext';
import { runAtJob } from './atJobs';
import { runBuiltin } from './builtins';
import { originOf, type CommandCall } from './commandCall';
import { containerExecCommand } from './containerExec';
import { DATA_ONLY_COMMANDS } from './dataCommands';
import { runEditorCommands } from './editorCommands';
import { runGitSubcommandCommands } from './gitRunsCommands';
import { isInterpreter, runInterpreter } from './interpreters';
import { runOptionCommands } from './optionCommands';
import { recordCommandPaths } from './pathOperands';
import { runPackageRunner } from './packageRunners';
import { runGitConfig, runSsh } from './remoteAndConfig';
import { matchRules, type RuleMatch } from './ruleMatch';
import { companionNetworkFinding, ruleFinding } from './ruleDetails';
import { runSedScripts } from './sedScript';
import { runShell, SHELLS } from './shellRunners';
import type { ShellWord } from './shellWord';
import { noteUnanalysedRun } from './unanalysedRuns';
import { wordUrl } from './urls';

// message options whose values are prose, not arguments (`git commit -m "see https://x"`)
const MESSAGE_OPTIONS: ReadonlySet<string> = new Set(['-m', '--message', '-t', '--title', '-b', '--body', '-n', '--notes']);
const MESSAGE_TOOLS: ReadonlySet<string> = new Set(['git', 'gh', 'glab', 'npm', 'hub']);

/** A network URL given to a command that is not data-only: `python x.py https://x.io`. */
function urlFinding(call: CommandCall, context: AnalysisContext): void {
  const skipMessages = MESSAGE_TOOLS.has(call.name);
  for (let index = 1; index < call.words.length; index++) {
    const word = call.words[index];
    const text = word?.literal;
    if (word === undefined || text === undefined) continue;
    if (skipMessages && MESSAGE_OPTIONS.has(text)) {
      index++;
      continue;
    }
    if (skipMessages && text.startsWith('--') && MESSAGE_OPTIONS.has(text.slice(0, text.indexOf('=')))) continue;
    const url = wordUrl(text);
    if (url === undefined) continue;
    context.noteEffect('network request');
    context.addFinding({ category: 'NETWORK_RISK', trigger: url, command: call.command, note: 'URL argument', details: [url, call.name, 'request'] });
    return;
  }
}

function runsCode(call: CommandCall, context: AnalysisContext): ShellWord[] | undefined {
  if (SHELLS.has(call.name)) runShell(call, context);
  else if (isInterpreter(call.name)) runInterpreter(call, context);
  else if (call.name === 'ssh') runSsh(call, context);
  else if (call.name === 'at' || call.name === 'batch') runAtJob(call, context);
  else if (call.name === 'git') return runGitConfig(call, context) ?? runGitSubcommandCommands(call, context);
  else if (call.name === 'sed') runSedScripts(call, context);
  else return containerExecCommand(call, context);
  return undefined;
}

/** Rule findings; an install or publish also reaches the network. Returns the matches and whether NETWORK_RISK was raised. */
function applyRules(call: CommandCall, context: AnalysisContext): { matches: readonly RuleMatch[]; network: boolean } {
  const outcome = matchRules(call.name, call.words);
  if (outcome.unknownSubcommand !== undefined) {
    context.failClosed('subcommand built at run time: fail closed', originOf(call, outcome.unknownSubcommand.source));
  }
  let network = false;
  for (const match of outcome.matches) {
    // SUDO comes from the wrapper reading, which knows the wrapped command and user
    if (match.rule.category === 'SUDO') continue;
    context.addFinding(ruleFinding(call, match));
    context.noteEffect(match.rule.note);
    if (match.rule.category === 'NETWORK_RISK') network = true;
    else if (match.rule.purpose !== undefined) {
      context.addFinding(companionNetworkFinding(call, match, match.rule.purpose));
      network = true;
    }
  }
  return { matches: outcome.matches, network };
}

/**
 * Classifies one simple command that is not a wrapper: builtins that run code, shells and
 * interpreters, the rule table, URL arguments and path operands. Returns a command to analyse
 * next when the command expands to another (a git alias) or runs one (a package runner), else undefined.
 */
export function classifyCommand(call: CommandCall, context: AnalysisContext): ShellWord[] | undefined {
  const builtin = runBuiltin(call, context);
  runOptionCommands(call, context);
  // pagers are data-only commands, yet `less '+!cmd'` runs a shell
  runEditorCommands(call, context);
  if (DATA_ONLY_COMMANDS.has(call.name)) {
    recordCommandPaths(call, context);
    return undefined;
  }
  if (builtin) return undefined;
  const runner = runPackageRunner(call, context);
  const expansion = runner === undefined ? runsCode(call, context) : undefined;
  const { matches, network } = applyRules(call, context);
  if (!network) urlFinding(call, context);
  noteUnanalysedRun(call, context);
  recordCommandPaths(call, context);
  if (runner === undefined) return expansion;
  // a rule that reads into the command run (`npx changeset publish`) has judged it already
  return matches.some((match) => match.next > runner.start) ? undefined : runner.words;
}
