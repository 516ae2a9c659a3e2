// One governance service instance in a process of its own, for scripts/benchRedis.ts:
// `node --import tsx scripts/benchServiceInstance.ts OPTIONS_JSON` listens on 127.0.0.1, port 0,
// prints its URL on one line, and serves until it is sent SIGTERM.
import { createGovernanceServer, type GovernanceServerOptions } from '../src/index';

const options = JSON.parse(process.argv[2] ?? '{}') as GovernanceServerOptions;
// traced to nothing: the bench measures decisions and the store, not a trace file's writes
const service = createGovernanceServer({ ...options, governor: { ...options.governor, trace: () => undefined } });
const { url } = await service.listen(0, '127.0.0.1');
console.log(url);
process.once('SIGTERM', () => {
  void service.close().then(() => process.exit(0));
});
