import type { ProgramFamily } from '../../registry/programFamily';
import { NETWORK_COMMANDS } from './networkSpecs';
import { FORGE_COMMANDS } from './forgeSpecs';
import { curlReader, forgeApiReader, wgetReader } from './networkFiles';
import { sshOptionsReader } from './sshOptions';
import { remoteCopyReader } from './remoteCopies';
import { sshKeygenReader } from './sshKeygen';
import { NETWORK_CHECKS } from './networkChecks';

/** The network family: curl, wget, ssh, rsync and the other network clients, and the forge CLIs. */
export const NETWORK_FAMILY: ProgramFamily = {
  specs: [() => NETWORK_COMMANDS, () => FORGE_COMMANDS],
  readers: {
    curl: curlReader,
    wget: wgetReader,
    forgeApi: forgeApiReader,
    ssh: sshOptionsReader,
    remoteCopy: remoteCopyReader,
    sshKeygen: sshKeygenReader,
  },
  checks: NETWORK_CHECKS,
  // ssh's password prompt, and the remote shells rsync and cvs run (cvs has no spec: its remote shell is ssh's kind)
  environment: { commandLines: ['SSH_ASKPASS', 'RSYNC_RSH', 'CVS_RSH'] },
};
