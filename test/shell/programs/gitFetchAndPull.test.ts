import { describe, expect, it } from 'vitest';
import { decideEveryday, everydayWorkspace, type EverydayDecision } from '../../support/everydaySession';

// git fetch and git pull in a workspace that is a git repository, under an intent owning `**`
// with the everyday approvals. A fetch changes only .git: it is held for the network alone. A
// pull also rewrites the work tree with files the line does not name (gitWorkTree.ts): any file
// of it, which `**` covers, and intentgate's control files, which analysis alone cannot tell
// apart, so the pull is held for them too (FS_CONFIG_SECRETS); a host that runs the command
// contained keeps them read-only in the sandbox, and the pull is held for the network alone.

describe('git fetch and pull in a repository workspace owning **', () => {
  const workspace = everydayWorkspace({ repository: true });
  const heldForNetwork: EverydayDecision = { verdict: 'ask', code: 'needs_approval', unapproved: ['NETWORK_RISK'] };

  it.each<{ name: string; command: string; containment: 'analysisOnly' | 'contained'; expected: EverydayDecision }>([
    {
      name: 'holds git fetch for the network only',
      command: 'git fetch',
      containment: 'analysisOnly',
      expected: heldForNetwork,
    },
    {
      name: 'holds git fetch of a remote and branch for the network only',
      command: 'git fetch origin main',
      containment: 'analysisOnly',
      expected: heldForNetwork,
    },
    {
      name: 'holds a contained git pull for the network only',
      command: 'git pull',
      containment: 'contained',
      expected: heldForNetwork,
    },
    {
      name: 'holds a contained git pull --rebase for the network only',
      command: 'git pull --rebase origin main',
      containment: 'contained',
      expected: heldForNetwork,
    },
    {
      name: "holds git pull by analysis alone for the network and intentgate's control files",
      command: 'git pull',
      containment: 'analysisOnly',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['FS_CONFIG_SECRETS', 'NETWORK_RISK'] },
    },
  ])('$name', ({ command, containment, expected }) => {
    const { verdict, code, unapproved } = decideEveryday(workspace, command, containment);
    expect({ verdict, code, unapproved }).toEqual(expected);
  });

  it('holds git pull rather than refusing it: the scope covers the work tree', () => {
    const { reason } = decideEveryday(workspace, 'git pull');
    expect(reason).toBe(
      "Safe mode: 'execute_command' needs a human's approval for FS_CONFIG_SECRETS, NETWORK_RISK in this session.",
    );
  });
});
