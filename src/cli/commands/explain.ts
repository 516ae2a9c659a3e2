import type { Command } from 'commander';
import { addCallOptions, type CallFlags } from '../callOptions';
import { writeLine } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { decideCalls } from '../decideCalls';
import { formatExplanation } from '../formatExplanation';

/** `intentgate explain`: the same decisions as `decide`, written for a person; bad lines go to stderr only. */
export function registerExplain(program: Command, context: CommandContext): void {
  addCallOptions(
    program
      .command('explain')
      .summary('explain the decision for each tool call, for a person')
      .description(
        [
          'Decides tool calls like `decide` (same inputs and flags) and explains each decision:',
          'the verdict, every reason with its code, the risk categories with their evidence (argument, trigger, note),',
          'and for `ask` the confirmation prompt with details, in the policy\'s locale or --locale.',
          'A bad stdin line is reported on stderr with its number and skipped; the exit code is then 1.',
        ].join(' '),
      ),
  ).action(async (flags: CallFlags) => {
    const { io } = context;
    let first = true;
    context.exit(
      await decideCalls(flags, io, {
        decision: (decision, call) => {
          // a blank line between explanations, none before the first
          writeLine(io.stdout, `${first ? '' : '\n'}${formatExplanation(decision, call.args)}`);
          first = false;
        },
        badLine: () => undefined,
      }),
    );
  });
}
