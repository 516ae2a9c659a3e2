import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor, type GovernorOptions } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// A grant narrowed to a command prefix does not cover an option that changes what the program
// runs; a host that adds a program to the catalog names its own such options, and grants read
// them from the session's catalog as they read the built-in programs' ones.

const INTENTS = `active_intents:
  - id: INT-001
    name: Deploys
    owned_scope: ["src/**"]
`;

/** `deployer` runs the project's code; `--target` chooses another one, where the host's spec says so. */
const deployer = (runChangingOptions: string[] | undefined): GovernorOptions['shell'] => ({
  programs: {
    deployer: {
      runsProjectCode: true,
      options: { '--target|--verbose': 'data' },
      operands: 'data',
      ...(runChangingOptions !== undefined && { runChangingOptions }),
    },
  },
});

/** A governor in ACTION with the host's `deployer` and a grant of EXEC_ARBITRARY narrowed to `deployer run`. */
function grantedDeployer(runChangingOptions: string[] | undefined): Governor {
  const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS });
  const governor = createGovernor({ workspaceRoot, trace: () => undefined, shell: deployer(runChangingOptions) });
  governor.userPrompt('deploy');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' }).code).toBe('intent_selected');
  governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['deployer run'] });
  return governor;
}

interface HostOptionCase {
  readonly name: string;
  readonly runChangingOptions: string[] | undefined;
  readonly command: string;
  readonly code: string;
  /** the commands of the grant the hold suggests; absent when the call is not held */
  readonly suggested?: readonly string[];
}

const cases: readonly HostOptionCase[] = [
  {
    name: 'covers the granted command itself',
    runChangingOptions: ['--target'],
    command: 'deployer run',
    code: 'destructive_in_scope',
  },
  {
    name: 'covers an option the host does not name',
    runChangingOptions: ['--target'],
    command: 'deployer run --verbose yes',
    code: 'destructive_in_scope',
  },
  {
    name: "does not cover the host's run-changing option",
    runChangingOptions: ['--target'],
    command: 'deployer run --target prod',
    code: 'needs_approval',
    suggested: ['deployer run --target prod'],
  },
  {
    name: "does not cover the host's run-changing option with its value after =",
    runChangingOptions: ['--target'],
    command: 'deployer run --target=prod',
    code: 'needs_approval',
    suggested: ['deployer run --target=prod'],
  },
  {
    name: 'covers the option when the host does not name it run-changing',
    runChangingOptions: undefined,
    command: 'deployer run --target prod',
    code: 'destructive_in_scope',
  },
];

describe("a host program's runChangingOptions in the governor's grants", () => {
  it.each(cases)('$name', ({ runChangingOptions, command, code, suggested }) => {
    const decision = grantedDeployer(runChangingOptions).handleToolCall('execute_command', { command });
    expect({ command, code: decision.code, suggested: decision.approval?.grant?.commands }).toEqual({
      command,
      code,
      suggested,
    });
  });
});
