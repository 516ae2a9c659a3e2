import type { Command } from 'commander';
import { computeGovernanceMatrix } from '../../matrix/governanceMatrix';
import { renderMatrixText } from '../../matrix/renderMatrix';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';

/** `intentgate matrix [--json]`: the governance matrix, computed by running the statechart. */
export function registerMatrix(program: Command, context: CommandContext): void {
  program
    .command('matrix')
    .summary('print the governance matrix: lifecycle state × tool class → verdict')
    .description(
      [
        'Prints the governance matrix read from the lifecycle statechart: for each state and each tool class,',
        'the verdict, the deciding reason code and the state the call leads to,',
        'with the orchestration directory present and missing.',
      ].join(' '),
    )
    .option('--json', 'print the matrix as JSON')
    .action((flags: { json?: boolean }) => {
      const { io } = context;
      const matrix = computeGovernanceMatrix();
      const text = flags.json ? `${JSON.stringify(matrix, null, 2)}\n` : renderMatrixText(matrix);
      io.stdout.write(text);
      context.exit(EXIT_CODES.ok);
    });
}
