// The governance service over HTTP (the old `npm start`): a thin front for `intentgate serve`
// that keeps this script's flags and usage text.
import { processIo } from '../src/cli/cliIo';
import { runGovernanceService } from '../src/cli/governanceService';
import { UsageError } from '../src/cli/usageError';
import { parseServeArgs, SERVE_USAGE } from '../src/server/serveArgs';

function usageError(problem: string): never {
  console.error(`serve: ${problem}\n${SERVE_USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const parsed = parseServeArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) usageError(parsed.problem);
  if (parsed.args.help) {
    console.log(SERVE_USAGE);
    return;
  }
  const { port, host, prefix, workspace, quiet } = parsed.args;
  process.exitCode = await runGovernanceService(
    { port, host, prefix, quiet, ...(workspace !== undefined && { workspace }) },
    processIo(),
  );
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) usageError(error.message);
  console.error('serve:', error instanceof Error ? error.message : error);
  process.exit(1);
});
