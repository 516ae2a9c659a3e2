import type { AnalysisContext } from './analysisContext';
import type { CommandCall } from './commandCall';
import { isOptionWord } from '../words/options';
import { changeDirectory } from './workingDirectory';

// `pushd +N`/`-N` rotate the folder stack: where they land is not in the source
const STACK_ROTATION = /^[+-]\d+$/;

/** The target of `cd [-L|-P|-e|-@] [--] DIR`; `cd -` is a target too. */
function cdTarget(call: CommandCall): CommandCall['words'][number] | undefined {
  for (let index = 1; index < call.words.length; index++) {
    const word = call.words[index];
    if (word === undefined) break;
    if (word.value === '--') return call.words[index + 1];
    if (!isOptionWord(word) || word.value === '-') return word;
  }
  return undefined;
}

function changeTo(call: CommandCall, context: AnalysisContext): void {
  const flow = context.flow;
  // a function or alias named cd, or `enable`, may have replaced the builtin
  if (flow.overridden) return flow.forget();
  flow.changeTo(changeDirectory(flow.current, cdTarget(call), { cdpath: flow.cdpath }));
}

function pushDirectory(call: CommandCall, context: AnalysisContext): void {
  const operands = call.words.slice(1).filter((word) => word.value !== '--');
  // -n only edits the stack
  if (operands.some((word) => word.value === '-n')) return;
  const target = operands[0];
  if (target === undefined || target.value === undefined || STACK_ROTATION.test(target.value))
    return context.flow.forget();
  changeTo(call, context);
}

/**
 * cd, pushd and popd move the shell analysed only when the shell runs them itself (`env cd` runs
 * a program that changes nothing); `enable` may swap a builtin for something else.
 */
export function runFolderBuiltin(call: CommandCall, context: AnalysisContext): boolean {
  switch (call.name) {
    case 'cd':
      if (call.inShell === true) changeTo(call, context);
      return true;
    case 'pushd':
      if (call.inShell === true) pushDirectory(call, context);
      return true;
    case 'popd':
      if (call.inShell === true && !call.words.some((word) => word.value === '-n')) context.flow.forget();
      return true;
    case 'enable':
      context.flow.overridden = true;
      return false;
    default:
      return false;
  }
}
