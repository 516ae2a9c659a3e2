import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_ORCHESTRATION_DIR } from '../../governor/governorOptions';
import { INSTALL_AGENTS, isInstallAgent, type InstallAgent } from '../../hooks/install/agentConfigs';
import { CLAUDE_ON_FAILURE_SINCE, installedClaudeVersion, isAtLeast } from '../../hooks/install/claudeCodeVersion';
import type { DraftChanges } from '../../hooks/install/fileDraft';
import { HooksInstallError } from '../../hooks/install/installError';
import { INSTALL_RECORD_FILE } from '../../hooks/install/installRecord';
import { planInstall, planUninstall, type InstallPlan, type InstallTarget } from '../../hooks/install/installHooks';
import { intentgateProgram, timeoutProgram } from '../../hooks/install/intentgateProgram';
import { nextSteps } from '../../hooks/install/nextSteps';
import { unifiedDiff } from '../../hooks/install/unifiedDiff';
import { INTENTS_FILE_NAME } from '../../intents/intentsFile';
import { CliFailure } from '../cliFailure';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';
import { policyFromFlag } from '../cliGovernor';
import { UsageError } from '../usageError';

interface HooksFlags {
  readonly workspace?: string;
  readonly policy?: string;
  readonly print?: boolean;
  readonly agentVersion?: string;
}

/** How long the wrapper lets a hook run before it blocks; the agents' own timeout is 30 s. */
const HOOK_TIMEOUT_SEC = 25;

function agentOf(name: string): InstallAgent {
  if (!isInstallAgent(name))
    throw new UsageError(`no hooks to install for '${name}': the agents are ${INSTALL_AGENTS.join(', ')}`);
  return name;
}

/** The workspace and orchestration directory the flags name, as `intentgate hook` finds them, and the flags that name them to the hook. */
function targetOf(flags: HooksFlags, io: CliIo): { target: InstallTarget; hookFlags: string[] } {
  const policy = policyFromFlag(flags.policy, io);
  const workspace = path.resolve(io.cwd, flags.workspace ?? policy?.governor.workspaceRoot ?? '.');
  if (!existsSync(workspace) || !statSync(workspace).isDirectory())
    throw new CliFailure(`the workspace ${workspace} is not a folder`);
  const orchestrationDir = path.resolve(workspace, policy?.governor.orchestrationDir ?? DEFAULT_ORCHESTRATION_DIR);
  // absolute: the agents run hooks in folders of their own choosing (a subfolder, the shell's)
  const hookFlags = ['--workspace', workspace, ...(policy === undefined ? [] : ['--policy', policy.file])];
  return { target: { workspace, orchestrationDir }, hookFlags };
}

/** Prints the plan's changes: as diffs with --print, else as the list of files written. */
function report(plan: InstallPlan, workspace: string, print: boolean, io: CliIo): void {
  const name = (file: string): string => path.relative(workspace, file) || '.';
  const { files, createdDirs, removedDirs }: DraftChanges = plan.changes;
  if (files.length === 0) writeLine(io.stdout, 'Nothing to change.');
  for (const change of files) {
    // the record is for uninstall; its diff would only repeat the others
    if (print && path.basename(change.file) === INSTALL_RECORD_FILE)
      writeLine(io.stdout, `and the install record ${name(change.file)} (what uninstall takes out)`);
    else if (print) io.stdout.write(unifiedDiff(name(change.file), change.before, change.after));
    else
      writeLine(
        io.stdout,
        `${change.before === undefined ? 'created' : change.after === undefined ? 'deleted' : 'updated'} ${name(change.file)}`,
      );
  }
  for (const dir of createdDirs) if (print) writeLine(io.stdout, `folder ${name(dir)}/ would be created`);
  for (const dir of removedDirs)
    writeLine(io.stdout, `${print ? 'folder would be removed' : 'removed folder'} ${name(dir)}/`);
  for (const note of plan.notes) writeLine(io.stderr, `note: ${note}`);
  if (print) writeLine(io.stdout, 'Nothing was written (--print).');
}

/** A refusal of install or uninstall is a failure of the run (exit 1), its reason named. */
function planned<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof HooksInstallError) throw new CliFailure(error.message, { cause: error });
    throw error;
  }
}

function install(agentName: string, flags: HooksFlags, io: CliIo): void {
  const agent = agentOf(agentName);
  const { target, hookFlags } = targetOf(flags, io);
  const version = agent === 'claude-code' ? (flags.agentVersion ?? installedClaudeVersion(io.env)) : undefined;
  const timeout = timeoutProgram(io.env);
  const onFailureBlock = agent === 'claude-code' && isAtLeast(version, CLAUDE_ON_FAILURE_SINCE);
  if (!timeout.found && !onFailureBlock)
    writeLine(
      io.stderr,
      "warning: neither 'timeout' nor 'gtimeout' is on PATH (GNU coreutils): every hook will fail, and block, until one is",
    );
  const invocation = {
    program: intentgateProgram(process.argv[1] ?? 'intentgate', io.env),
    flags: hookFlags,
    timeoutSec: HOOK_TIMEOUT_SEC,
    timeoutProgram: timeout.program,
    onFailureBlock,
  };
  const plan = planned(() => planInstall(target, agent, invocation));
  if (flags.print !== true) plan.draft.apply();
  report(plan, target.workspace, flags.print === true, io);
  if (agent === 'claude-code') {
    writeLine(
      io.stdout,
      onFailureBlock
        ? `Claude Code ${version ?? ''}: its hooks block on failure (onFailure: "block").`
        : `Claude Code ${version ?? '(not found)'} is older than ${CLAUDE_ON_FAILURE_SINCE}: a ` +
            `failing hook blocks through \`${timeout.program} ${HOOK_TIMEOUT_SEC} … || exit 2\`.`,
    );
  }
  writeLine(
    io.stdout,
    nextSteps(agent, {
      workspace: target.workspace,
      intentsFile: path.relative(target.workspace, path.join(target.orchestrationDir, INTENTS_FILE_NAME)),
      flags: hookFlags,
    }),
  );
}

function uninstall(agentName: string, flags: HooksFlags, io: CliIo): void {
  const agent = agentOf(agentName);
  const { target } = targetOf(flags, io);
  const plan = planned(() => planUninstall(target, agent));
  if (!plan.installed) {
    writeLine(
      io.stdout,
      `intentgate's hooks for ${agent} are not installed in ${target.workspace} (no record of it in ` +
        `${path.relative(target.workspace, target.orchestrationDir)}/); nothing to remove.`,
    );
    return;
  }
  if (flags.print !== true) plan.draft.apply();
  report(plan, target.workspace, flags.print === true, io);
}

/** `intentgate hooks install|uninstall <agent>`: writes or removes intentgate's hooks and intents server in an agent's project settings. */
export function registerHooks(program: Command, context: CommandContext): void {
  const hooks = program
    .command('hooks')
    .summary(`install or uninstall intentgate's hooks in an agent's project settings (${INSTALL_AGENTS.join(', ')})`);
  const common = (command: Command): Command =>
    command
      .argument('<agent>', INSTALL_AGENTS.join(', '))
      .option(
        '--workspace <dir>',
        'the project folder the agent runs in (default: the policy, else the current directory)',
      )
      .option('--policy <file>', 'a policy file the hook and the intents server are given')
      .option('--print', 'show the change as a diff and write nothing');
  common(hooks.command('install'))
    .summary(
      "write intentgate's hooks and intents server into the agent's project settings, keeping every other setting",
    )
    .option(
      '--agent-version <version>',
      'the Claude Code version to write for (default: what `claude --version` prints): 2.1.295 and later block a failing hook themselves',
    )
    .action((agent: string, flags: HooksFlags) => {
      install(agent, flags, context.io);
      context.exit(EXIT_CODES.ok);
    });
  common(hooks.command('uninstall'))
    .summary('remove exactly what install added, and the files and folders it created')
    .action((agent: string, flags: HooksFlags) => {
      uninstall(agent, flags, context.io);
      context.exit(EXIT_CODES.ok);
    });
}
