import { describe, expect, it } from 'vitest';
import { decideEveryday, everydayWorkspace, type EverydayDecision } from '../../support/everydaySession';

// git fetch and git pull in a workspace that is a git repository, under an intent owning `**`
// with the everyday approvals. A fetch changes only .git: it is held for the network alone. A
// pull also rewrites the work tree with files the line does not name (gitWorkTree.ts), and the
// work tree is the workspace as a whole, which holds the control files: analysis alone cannot
// tell which files change, so no scope covers it and the call is refused; a host that runs the
// command contained leaves that to the sandbox, and the pull is held for the network alone.

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
      name: 'refuses git pull by analysis alone: it rewrites the workspace as a whole',
      command: 'git pull',
      containment: 'analysisOnly',
      expected: { verdict: 'deny', code: 'scope_violation', unapproved: ['NETWORK_RISK'] },
    },
  ])('$name', ({ command, containment, expected }) => {
    const { verdict, code, unapproved } = decideEveryday(workspace, command, containment);
    expect({ verdict, code, unapproved }).toEqual(expected);
  });

  it('names the work tree and why it counts as written when it refuses git pull', () => {
    const { reason } = decideEveryday(workspace, 'git pull');
    expect(reason).toContain("'.' is outside the scope of intent 'A'");
    expect(reason).toContain('writes into the work tree the files of the commits it fetches and merges');
  });
});
