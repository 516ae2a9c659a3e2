import type { Command, CommandNode, Redirected } from 'unbash';
import type { AnalysisContext } from './analysisContext';
import { checkAssignment } from './builtins';
import { guardSubscripts } from './nameArguments';
import { noteOptionGlobs } from './optionGlobRuns';
import { recordRedirects } from './redirects';
import { runCommand } from './runCommand';
import { evaluateArgument, evaluateWord, holdsCodeText, listedWords, type ShellWord } from '../words/shellWord';
import { stdinSource, type StdinSource } from '../words/stdinSource';

/** Where a simple command sits: the source its positions index, and the pipeline stage feeding it. */
export interface CommandSite {
  readonly source: string;
  readonly pipedFrom: CommandNode | undefined;
}

const MAX_LABEL = 200;

/** Static text that looks like a substitution, kept for the arithmetic check of the script level. */
function noteCodeText(word: ShellWord, context: AnalysisContext): void {
  const level = context.level;
  if (level === undefined || level.codeText !== undefined || word.value === undefined) return;
  if (holdsCodeText(word.value)) level.codeText = word.source;
}

/**
 * One simple command from the tree: its words, prefix assignments, redirections, then what it runs.
 * Reads prefix and suffix directly: unbash's derived `args`/`redirects` allocate on every access.
 */
export function analyzeCommandNode(node: Command, site: CommandSite, context: AnalysisContext): void {
  const pipedFrom = site.pipedFrom;
  const words: ShellWord[] = [];
  if (node.name !== undefined) words.push(evaluateWord(node.name));
  let redirects = false;
  for (const item of node.suffix) {
    if (item.type === 'Assignment') guardSubscripts(item, context);
    if (item.type === 'Word' || item.type === 'Assignment') words.push(evaluateArgument(item));
    else redirects = true;
  }
  for (const word of words) noteCodeText(word, context);
  const listed = listedWords(words);
  let command = listed.join(' ');
  for (const prefix of node.prefix) {
    if (prefix.type !== 'Assignment') {
      redirects = true;
      continue;
    }
    if (words.length === 0) command = command === '' ? prefix.text : `${command} ${prefix.text}`;
    guardSubscripts(prefix, context);
    if (prefix.value.type !== 'Word') continue;
    const value = evaluateWord(prefix.value);
    noteCodeText(value, context);
    checkAssignment({ name: prefix.name, value }, { trigger: prefix.text, command }, context);
  }
  if (redirects) recordRedirects(node.redirects, command, context);
  if (words.length === 0) return;
  noteOptionGlobs(node, words, context);
  let stdin: StdinSource | undefined;
  const printsStdin = context.catalog.code.printsStdin;
  runCommand({ words, listed, command }, () => (stdin ??= stdinSource(node, pipedFrom, printsStdin)), context);
}

/** A compound command's own redirections (`{ a; b; } > out`). */
export function analyzeCompoundRedirects(node: Redirected, source: string, context: AnalysisContext): void {
  recordRedirects(node.redirects, source.slice(node.pos, Math.min(node.end, node.pos + MAX_LABEL)), context);
}
