import { MAX_INNER_SCRIPT_DEPTH, type AnalysisContext, type InnerScript, type ScriptLevel } from './analysisContext';
import { obsoleteArithmeticProblem, parseShell } from './parseShell';
import { walkScript } from './walkScript';

function walkLevel(context: AnalysisContext, script: InnerScript): void {
  const { text, origin } = script;
  context.depth++;
  context.steps += text.length;
  const level: ScriptLevel = { arithmetic: false, codeText: undefined };
  context.levels.push(level);
  try {
    // bash drops NUL bytes from a script it reads, so `su\0do` runs sudo: the text cannot be trusted
    if (text.includes('\u0000')) context.failClosed('a NUL byte in the script, which bash drops: fail closed', origin);
    if (text.includes('CDPATH')) context.flow.cdpath = true;
    const obsolete = obsoleteArithmeticProblem(text);
    if (obsolete !== undefined)
      context.failClosed(obsolete.reason, { trigger: obsolete.trigger, command: origin.command });
    walkScript(parseShell(text), text, context);
    if (level.arithmetic && level.codeText !== undefined) {
      context.failClosed('arithmetic may evaluate code held in a string: fail closed', {
        trigger: level.codeText,
        command: origin.command,
      });
    }
  } finally {
    context.levels.pop();
    context.depth--;
  }
}

/** Walks a script in the folder flow its placement gives it (see ScriptPlacement). */
function walkPlaced(context: AnalysisContext, script: InnerScript): void {
  const flow = context.flow;
  if (script.placement === 'inline') return walkLevel(context, script);
  const before = flow.snapshot();
  const outer = script.placement === 'deferred' ? flow.openRegion(true) : undefined;
  try {
    walkLevel(context, script);
  } finally {
    const changed = flow.changes !== before.changes;
    if (outer !== undefined) flow.closeRegion(outer, false);
    flow.restore(before);
    // deferred code that changes folder may run before any later command
    if (changed && script.placement === 'deferred') flow.forget();
  }
}

/**
 * Parses and walks one script: the command line itself, or an inner script (`bash -c`, `eval`,
 * a heredoc fed to a shell) one level deeper. Past the depth cap it fails closed.
 */
export function runScriptText(context: AnalysisContext, script: InnerScript): void {
  if (context.depth > MAX_INNER_SCRIPT_DEPTH) {
    context.failClosed(`inner scripts nested deeper than ${MAX_INNER_SCRIPT_DEPTH}: fail closed`, script.origin);
    return;
  }
  if (context.depth > 0 && !context.spendInnerScript(script.text.length)) {
    context.failClosed('inner scripts too large to analyse in linear time: fail closed', script.origin);
    return;
  }
  walkPlaced(context, script);
}
