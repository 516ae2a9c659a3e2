// The governance service over HTTP (`npm start`): agents in any language ask it before each tool call.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { IntentGateError } from '../src/errors/IntentGateError';
import { DEFAULT_ORCHESTRATION_DIR } from '../src/governorOptions';
import { createGovernanceServer, type GovernanceServer } from '../src/server/createGovernanceServer';
import { describeRoutes } from '../src/server/routes';
import { parseServeArgs, SERVE_USAGE } from '../src/server/serveArgs';
import { APPROVAL_TOKEN_ENV } from '../src/server/serverOptions';

function usageError(problem: string): never {
  console.error(`serve: ${problem}\n${SERVE_USAGE}`);
  process.exit(2);
}

function create(prefix: string): GovernanceServer {
  try {
    // the embedded default policy: the workspace is the current directory
    return createGovernanceServer({ governor: {}, prefix });
  } catch (error) {
    if (error instanceof IntentGateError) usageError(error.message);
    throw error;
  }
}

function printBanner(service: GovernanceServer, url: string): void {
  const workspace = process.cwd();
  console.log(`intentgate governance service listening on ${url}`);
  console.log(`workspace: ${workspace}`);
  if (!existsSync(path.join(workspace, DEFAULT_ORCHESTRATION_DIR))) {
    console.log(`warning: no ${DEFAULT_ORCHESTRATION_DIR}/ in ${workspace}: the fail-safe blocks every tool but select_active_intent until it exists`);
  }
  console.log('routes:');
  for (const line of describeRoutes(service.prefix)) console.log(`  ${line}`);
  console.log(
    service.approvalTokenSource === 'env'
      ? `approval token: from ${APPROVAL_TOKEN_ENV} (not printed)`
      : `approval token: ${service.approvalToken}  (set ${APPROVAL_TOKEN_ENV} to choose one)`,
  );
}

async function main(): Promise<void> {
  const parsed = parseServeArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) usageError(parsed.problem);
  if (parsed.args.help) {
    console.log(SERVE_USAGE);
    return;
  }
  const service = create(parsed.args.prefix);
  const { url } = await service.listen(parsed.args.port, parsed.args.host);
  printBanner(service, url);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    // a second signal means the user does not want to wait
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: shutting down`);
    service.close().then(
      () => console.log('stopped'),
      (error: unknown) => {
        console.error('serve: error while stopping:', error);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('serve:', error instanceof Error ? error.message : error);
  process.exit(1);
});
