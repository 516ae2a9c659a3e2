import { distrustReason, operandEffects, optionEffects, possibleWrite } from '../../catalog/argumentEffects';
import { mergeEffects, noEffects, type ScriptRunEffect } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { staticWord } from '../../words/shellWord';
import { isolatesImports, isReadOnlyCode } from './inlineCode';
import { codeFromStdin, scriptFileEffects } from '../../catalog/codeArguments';
import { setupPyUploadDetails } from './setupPyUpload';

/** Python modules run as CLIs whose rules apply (`python3 -m pip install x` reads as `pip install x`). */
const PYTHON_CLI_MODULES: ReadonlySet<string> = new Set([
  'pip',
  'pip3',
  'pipx',
  'twine',
  'poetry',
  'pdm',
  'uv',
  'conda',
  'ensurepip',
  'venv',
  'virtualenv',
]);

/**
 * Code a python or node line runs without naming it (read by python's and node's readers of the
 * files their runs name): python imports from its program's folder, or the working folder for
 * -c, -m and stdin, before the standard library (not with -I or -P); node loads the variables
 * of --env-file, NODE_OPTIONS among them.
 */
function unnamedCodeRuns(reading: CommandReading): ScriptRunEffect[] {
  const runs: ScriptRunEffect[] = reading.options
    .filter((option) => option.name === '--env-file' || option.name === '--env-file-if-exists')
    .flatMap((option) => (option.value === undefined ? [] : [{ word: option.value, how: 'envFile' as const }]));
  if (reading.node?.path[0] !== 'python' || isolatesImports(reading.options)) return runs;
  const module = reading.options.find((option) => option.name === '-m')?.value;
  const inline = module !== undefined || reading.options.some((option) => option.kind === 'code');
  const programWord = inline || reading.runs === undefined ? undefined : reading.words[reading.runs.index];
  // a program whose path is built at run time is not read at all
  if (programWord !== undefined && programWord.value === undefined) return runs;
  const program = programWord?.value;
  const folder = program === undefined || program === '-' ? '.' : program.slice(0, program.lastIndexOf('/') + 1) || '.';
  const scripts = module?.value === undefined ? [] : [module.value];
  // a program file's folder is marked: where it is only known at run time, so is the program, unread
  // code all the same, while inline code read as harmless must have its folder known (see PYTHON_RUN_FILES)
  runs.push({ word: staticWord(folder), how: 'python', script: inline ? undefined : 'program', details: { scripts } });
  return runs;
}

/**
 * The reading with the arguments of inline code as data when the code only computes, prints and
 * reads the files it names literally (`python3 -c CODE out.txt`): it cannot write a file its
 * arguments name. Roles its options give (perl -n reads them, -i rewrites them) stay.
 */
function argumentsOfReadOnlyCode(reading: CommandReading): CommandReading {
  const code = reading.options.filter((option) => option.kind === 'code' || option.kind === 'program');
  const readOnly = code.every(
    (option) =>
      option.kind === 'code' && option.value?.value !== undefined && isReadOnlyCode(option.value.value, reading.name),
  );
  if (!readOnly) return reading;
  return { ...reading, roles: reading.roles.map((role) => (role === 'unknown' ? 'data' : role)) };
}

/**
 * python, node, perl, ruby, php...: inline code (`-c`, `-e`) is read for URLs and the command
 * lines it hands to a shell; a program file is listed as not analysed and its arguments are
 * handed to code intentgate does not know; with neither, the program is read from stdin.
 * The spec gives the options: `code` for inline code, `program` for a program file option.
 */
export const interpreterReader: Reader = {
  readsArguments: true,
  findingDetails: setupPyUploadDetails,
  read(reading, site) {
    const effects = noEffects();
    // `--version`, `-h`: the spec reads the operands as data, and nothing runs
    if (reading.operandSpec === 'data') return effects;
    optionEffects(effects, reading);
    effects.scriptRuns.push(...unnamedCodeRuns(reading));
    // `python -m MODULE ARGS`: the spec ends the options at the module, whose arguments follow
    const module =
      reading.node?.path[0] === 'python' ? reading.options.find((option) => option.name === '-m')?.value : undefined;
    if (module !== undefined) {
      const args = reading.runs === undefined ? [] : reading.words.slice(reading.runs.index);
      if (module.value !== undefined && PYTHON_CLI_MODULES.has(module.value)) {
        effects.commands.push({ words: [staticWord(module.value), ...args], stdin: 'pass' });
      } else if (module.value !== undefined && site.catalog.lookup(module.value) !== undefined) {
        // a module the catalog knows as a program reads its arguments as that program does
        effects.unanalysed.push(`${reading.name} -m ${module.value}`);
        effects.commands.push({ words: [staticWord(module.value), ...args], stdin: 'pass', unlisted: true });
      } else {
        effects.unanalysed.push(`${reading.name} -m ${module.value ?? module.source}`);
        for (const word of args) possibleWrite(effects, word, distrustReason(reading));
      }
      return effects;
    }
    // a program option that leaves the operands a program (`node -r ./x.js app.js`) only loads code before it
    const given = (kind: string | undefined): boolean =>
      kind === 'code' || (kind === 'program' && reading.runs?.role !== 'program');
    if (reading.options.some((option) => given(option.kind))) {
      operandEffects(effects, argumentsOfReadOnlyCode(reading));
      return effects;
    }
    const runs = reading.runs;
    const program = runs === undefined ? undefined : reading.words[runs.index];
    if (runs === undefined || program === undefined) {
      mergeEffects(effects, codeFromStdin(reading, site, 'interpreter'));
      return effects;
    }
    const file = scriptFileEffects(reading, site, { kind: 'interpreter', word: program });
    mergeEffects(effects, file);
    // the program's own arguments are handed to code intentgate does not know
    if (file.problems.length === 0 && file.paths.length > 0)
      effects.commands.push({ words: reading.words.slice(runs.index), stdin: 'pass', programFile: true });
    return effects;
  },
};
