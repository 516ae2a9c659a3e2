import type { ProgramFindingDetails } from '../../catalog/reader';
import { clip, hasOption, optionWord, shown } from '../../catalog/ruleFindings';
import { shownWord, type ShellWord } from '../../words/shellWord';

// hub runs git's spec and reader, but its findings keep the shared details
const isGit = (name: string): boolean => name === 'git';

const firstOperand = (operands: readonly ShellWord[]): string => operands[0]?.value ?? '';

/**
 * What git's rule findings say beyond their category's shared details: `git push` names its refs
 * (and `--tags`, `--all`, `--mirror`) and its remote, `git commit` names neither, and a command that
 * reaches the network goes to the remote its first operand names.
 */
export const GIT_FINDING_DETAILS: ProgramFindingDetails = {
  publish(reading, match, operands) {
    if (!isGit(reading.name)) return undefined;
    if (match.label.endsWith(' push')) {
      const flags = ['--tags', '--all', '--mirror'].filter((flag) => hasOption(reading.options, [flag]));
      const refs = operands.slice(1).map(shownWord);
      return [
        match.label,
        clip([...refs, ...flags].join(',')),
        shown(operands[0] ?? optionWord(reading.options, ['--repo'])),
      ];
    }
    if (match.label.endsWith(' commit')) return [match.label, '', ''];
    return undefined;
  },
  networkPlace: (reading, operands) => (isGit(reading.name) ? firstOperand(operands) : ''),
  companionPlace: (reading, operands) =>
    isGit(reading.name) ? (operands.find((word) => !(word.value ?? '').startsWith('-'))?.value ?? '') : '',
};
