import {
  environmentProblem,
  NO_ENVIRONMENT_CODE,
  pathEntries,
  type EnvironmentCode,
  type EnvironmentCodeReader,
  type FamilyEnvironment,
} from '../../catalog/environmentCode';
import type { ScriptRunEffect } from '../../catalog/commandEffects';
import { staticWord, type ShellWord } from '../../words/shellWord';

/** PYTHONPATH: its folders come before the standard library, so a module file there runs in a module's place. */
function pythonPath(word: ShellWord): EnvironmentCode {
  const runs: ScriptRunEffect[] = [];
  for (const entry of pathEntries(word, 'PYTHONPATH')) {
    if (entry === 'inherited') continue;
    if (entry === undefined)
      return environmentProblem('PYTHONPATH set to a folder built at run time, from which python imports');
    runs.push({ word: staticWord(entry === '' ? '.' : entry), how: 'python' });
  }
  return { problem: undefined, runs };
}

/** PYTHONPYCACHEPREFIX: the bytecode folder, read by this family's reader of the modules python finds. */
const bytecodeFolder: EnvironmentCodeReader = (word, name) => {
  if (word.value === undefined)
    return environmentProblem(`${name} set to a folder built at run time, where python writes`);
  return word.value === ''
    ? NO_ENVIRONMENT_CODE
    : { problem: undefined, runs: [{ word, how: 'python', script: 'bytecode' }] };
};

const startupCode: EnvironmentCodeReader = (word, name) =>
  word.value === ''
    ? NO_ENVIRONMENT_CODE
    : environmentProblem(`${name} names Python code an interactive python runs first`);

const breakpointHook: EnvironmentCodeReader = (word, name) =>
  word.value === '' || word.value === '0'
    ? NO_ENVIRONMENT_CODE
    : environmentProblem(`${name} names a function python imports and calls at breakpoint()`);

// python finds its standard library, site-packages (whose .pth files run code) or start-up code where these say
const pythonLocation: EnvironmentCodeReader = (_word, name) =>
  environmentProblem(`${name} moves where python finds its standard library or the packages it loads at start-up`);

/**
 * What python reads from the environment about the modules it finds: module folders and the
 * bytecode folder are read by this family's reader of them, start-up code fails closed. The
 * python program is the interpreters'; the modules it finds first are this family's.
 */
export const PYTHON_ENVIRONMENT: FamilyEnvironment = {
  code: {
    PYTHONPATH: pythonPath,
    PYTHONPYCACHEPREFIX: bytecodeFolder,
    PYTHONSTARTUP: startupCode,
    PYTHONBREAKPOINT: breakpointHook,
    PYTHONHOME: pythonLocation,
    PYTHONUSERBASE: pythonLocation,
    PYTHONPLATLIBDIR: pythonLocation,
  },
};
