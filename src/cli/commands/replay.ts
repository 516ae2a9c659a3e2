import type { Command } from 'commander';
import path from 'node:path';
import { readAuditTrace } from '../../audit/auditRecord';
import { renderReplayText } from '../../audit/renderReplay';
import { replayTrace } from '../../audit/replayTrace';
import { policyFromFlag, workspaceFor } from '../cliGovernor';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';

interface ReplayFlags {
  readonly policy: string;
  readonly workspace?: string;
  readonly orchestrationDir?: string;
  readonly json?: boolean;
}

/** `intentgate replay TRACE --policy FILE [--json]`: the recorded calls whose verdict another policy would change. */
export function registerReplay(program: Command, context: CommandContext): void {
  program
    .command('replay')
    .summary('decide every call of a trace again under a policy and print the verdicts that would change')
    .description(
      [
        'A dry run before a policy is tightened or loosened: each call of the trace (read with its rotated files)',
        'is decided again by a governor of the policy put in the recorded situation (the state and intent,',
        "the session's approved categories, a human's answer to the held call), with safe mode as the policy says.",
        'Prints the calls whose verdict would change, with the old and new codes, and the calls that cannot be',
        'replayed with why (no arguments recorded, arguments redacted where the decision reads them, a grant,',
        'an intent the policy no longer has). Nothing is written to any trace.',
        'Exits 0 whatever changes, 1 when the trace or the policy cannot be read, 2 on a usage error.',
      ].join(' '),
    )
    .argument('<trace>', 'the trace file, such as .orchestration/agent_trace.jsonl')
    .requiredOption('--policy <file>', 'the policy to decide the calls under')
    .option('--workspace <dir>', "the governed folder (default: the policy's, else the current directory)")
    .option('--orchestration-dir <dir>', "the orchestration directory, over the policy's")
    .option('--json', 'print every replayed call as JSON')
    .action((trace: string, flags: ReplayFlags) => {
      const { io } = context;
      const policy = policyFromFlag(flags.policy, io);
      const { records, clearings } = readAuditTrace(path.resolve(io.cwd, trace));
      const governor = {
        ...policy?.governor,
        workspaceRoot: workspaceFor(policy, flags.workspace, io),
        ...(flags.orchestrationDir !== undefined && { orchestrationDir: path.resolve(io.cwd, flags.orchestrationDir) }),
      };
      const report = replayTrace(records, { governor, clearings });
      io.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderReplayText(report, flags.policy));
      context.exit(EXIT_CODES.ok);
    });
}
