import path from 'node:path';
import { DEFAULT_ORCHESTRATION_DIR, type GovernorOptions } from '../governor/governorOptions';
import { sessionKeyFile } from '../sessions/sessionKey';
import { stateSessionsDir } from '../sessions/stateSessionsDir';
import { quoteForShell } from '../hooks/approvalHint';
import { policyFromFlag } from './cliGovernor';
import type { CliIo } from './cliIo';

/** The flags that say where an agent session's governors are kept: the hook's and the approve command's. */
export interface HookStoreFlags {
  readonly workspace?: string;
  readonly orchestrationDir?: string;
  readonly policy?: string;
}

/** The governor options of a workspace's agent sessions, and the command line a human approves with. */
export interface HookStore {
  readonly governor: GovernorOptions;
  readonly workspace: string;
  /** `intentgate approve` with the flags that find this same store from any folder */
  readonly approveCommand: string;
  /**
   * where a workspace's agent sessions belong outside its reach (docs/security.md): a folder of
   * the user's state folder, and the key that authenticates each file, beside the approval token;
   * both are read from this run's environment, as the hook and `intentgate approve` each see it
   */
  readonly sessionFiles: { readonly dir: string; readonly keyFile: string };
}

/**
 * Where an agent session's governors are kept. The workspace is the flag, else the policy's,
 * else the agent's project folder (`projectDir`, from the environment the agent sets), else the
 * working directory; never a folder the model moved to, which a hook's event may report.
 */
export function hookStore(flags: HookStoreFlags, io: CliIo, projectDir: string | undefined): HookStore {
  const policy = policyFromFlag(flags.policy, io);
  const options = policy?.governor;
  const policyWorkspace =
    options?.workspaceRoot ??
    (options?.sandboxRoot === undefined ? undefined : path.join(options.sandboxRoot, 'project'));
  const workspace =
    flags.workspace !== undefined
      ? path.resolve(io.cwd, flags.workspace)
      : (policyWorkspace ?? path.resolve(io.cwd, projectDir || '.'));
  const orchestrationDir =
    flags.orchestrationDir === undefined ? undefined : path.resolve(io.cwd, flags.orchestrationDir);
  const approveCommand = [
    'intentgate approve',
    `--workspace ${quoteForShell(workspace)}`,
    ...(orchestrationDir === undefined ? [] : [`--orchestration-dir ${quoteForShell(orchestrationDir)}`]),
    ...(policy === undefined ? [] : [`--policy ${quoteForShell(policy.file)}`]),
  ].join(' ');
  const orchestrationFolder = path.resolve(
    workspace,
    orchestrationDir ?? options?.orchestrationDir ?? DEFAULT_ORCHESTRATION_DIR,
  );
  return {
    governor: { ...options, workspaceRoot: workspace, ...(orchestrationDir !== undefined && { orchestrationDir }) },
    workspace,
    approveCommand,
    sessionFiles: stateSessionFiles(orchestrationFolder, io),
  };
}

/**
 * The file store of the agent sessions of an orchestration folder, as every command that opens
 * it passes it to `createFileSessions`: a folder in the user's state folder and the key that
 * authenticates its files, read from this run's environment.
 */
export function stateSessionFiles(
  orchestrationFolder: string,
  io: Pick<CliIo, 'env' | 'cwd'>,
): { readonly dir: string; readonly keyFile: string } {
  return { dir: stateSessionsDir(orchestrationFolder, io.env), keyFile: sessionKeyFile(io.env, io.cwd) };
}
