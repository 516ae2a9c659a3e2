import type { Command } from 'commander';
import path from 'node:path';
import { readAuditTrace } from '../../audit/auditRecord';
import { summarizeTrace } from '../../audit/auditSummary';
import { renderAuditText } from '../../audit/renderAudit';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';

/** `intentgate audit TRACE [--json]`: what decided the calls of a trace, who approved what and when. */
export function registerAudit(program: Command, context: CommandContext): void {
  program
    .command('audit')
    .summary('summarise a trace: calls by verdict and code, grants used, who approved what and when')
    .description(
      [
        'Reads a trace file with its rotated files (<file>.<n> oldest first, then the file) and prints:',
        'the calls by verdict and deciding code, the grants used and how many calls each covered,',
        "the answers to held calls with who gave them and when, the calls run under a session's approval,",
        'the calls run with safe mode off, and the changes made to the trace outside intentgate.',
        'Exits 1 when the trace is missing or cannot be read.',
      ].join(' '),
    )
    .argument('<trace>', 'the trace file, such as .orchestration/agent_trace.jsonl')
    .option('--json', 'print the summary as JSON')
    .action((trace: string, flags: { json?: boolean }) => {
      const { io } = context;
      const summary = summarizeTrace(readAuditTrace(path.resolve(io.cwd, trace)));
      io.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : renderAuditText(summary));
      context.exit(EXIT_CODES.ok);
    });
}
