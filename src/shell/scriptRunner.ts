import { MAX_INNER_SCRIPT_DEPTH, type AnalysisContext, type FindingOrigin, type ScriptLevel } from './analysisContext';
import { obsoleteArithmeticProblem, parseShell } from './parseShell';
import { walkScript } from './walkScript';

/**
 * Parses and walks one script: the command line itself, or an inner script (`bash -c`, `eval`,
 * a heredoc fed to a shell) one level deeper. Past the depth cap it fails closed.
 */
export function runScriptText(context: AnalysisContext, text: string, origin: FindingOrigin): void {
  if (context.depth > MAX_INNER_SCRIPT_DEPTH) {
    context.failClosed(`inner scripts nested deeper than ${MAX_INNER_SCRIPT_DEPTH}: fail closed`, origin);
    return;
  }
  if (context.depth > 0 && !context.spendInnerScript(text.length)) {
    context.failClosed('inner scripts too large to analyse in linear time: fail closed', origin);
    return;
  }
  context.depth++;
  const level: ScriptLevel = { arithmetic: false, codeText: undefined };
  context.levels.push(level);
  try {
    const obsolete = obsoleteArithmeticProblem(text);
    if (obsolete !== undefined) context.failClosed(obsolete.reason, { trigger: obsolete.trigger, command: origin.command });
    walkScript(parseShell(text), text, context);
    if (level.arithmetic && level.codeText !== undefined) {
      context.failClosed('arithmetic may evaluate code held in a string: fail closed', { trigger: level.codeText, command: origin.command });
    }
  } finally {
    context.levels.pop();
    context.depth--;
  }
}
