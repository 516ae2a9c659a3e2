import type { CommandReading } from '../../catalog/commandReading';
import type { ProgramFindingDetails, RuleCheckRegistry } from '../../catalog/reader';
import { shown } from '../../catalog/ruleFindings';
import type { ShellWord } from '../../words/shellWord';

// `python setup.py upload`: setuptools' own publish of a package, with the repository it names

const UPLOAD_COMMANDS: ReadonlySet<string> = new Set(['upload', 'register', 'upload_docs']);
const REPOSITORY = '--repository=';

/** The words python hands its program: the program file, then its arguments. */
function programWords(reading: CommandReading): readonly ShellWord[] {
  return reading.runs === undefined ? reading.operands : reading.words.slice(reading.runs.index);
}

/** Whether python runs `setup.py` with an upload command (`python setup.py sdist upload`). */
function setupPyUpload(reading: CommandReading): boolean {
  const words = programWords(reading);
  const script = words[0]?.value ?? '';
  return (
    (script === 'setup.py' || script.endsWith('/setup.py')) &&
    words.slice(1).some((word) => UPLOAD_COMMANDS.has(word.value ?? ''))
  );
}

/** The repository `setup.py upload -r NAME` names among the program's own words. */
function repositoryOf(words: readonly ShellWord[]): ShellWord | undefined {
  const at = words.findIndex((word) => word.value === '-r' || word.value === '--repository');
  if (at !== -1) return words[at + 1];
  const attached = words.find((word) => word.value?.startsWith(REPOSITORY) === true);
  return attached?.value === undefined ? undefined : { ...attached, value: attached.value.slice(REPOSITORY.length) };
}

/** The interpreters' named checks, by the name a rule gives in `when.check`. */
export const INTERPRETER_CHECKS: RuleCheckRegistry = { setupPyUpload };

/** GIT_PUBLISH of `setup.py upload`: [the upload, '', the repository it names]. */
export const setupPyUploadDetails: ProgramFindingDetails = {
  publish: (reading, match, operands) =>
    match.rule.when?.check === 'setupPyUpload'
      ? [`${reading.name} setup.py upload`, '', shown(repositoryOf(operands))]
      : undefined,
};
