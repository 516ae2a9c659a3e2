import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAllowedOnceFolders } from '../../src/containment/allowedOnceFolders';
import { containmentPolicyOf } from '../../src/containment/containmentPolicy';
import type { ContainmentPlan } from '../../src/containment/containmentPlan';
import { governorPlaceFor, runAllowedCommand, runGovernedCommand } from '../../src/containment/governedCommand';
import type { GovernorPlace } from '../../src/containment/governorProfile';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { containCall, shellToolsOf } from '../../src/hooks/hookContainment';
import { BWRAP, makeRepository, profileFor } from './sandboxSupport';

// A change a person allowed once whose folder does not exist yet (`cp -r dist/* ~/new/plugin`)
// gets exactly that folder made, owner-only, and bound writable; nothing is made in or above a
// place no answer opens. The runs use real bwrap and bash; effects are read from the disk.

const governors: Governor[] = [];
afterEach(() => {
  for (const governor of governors.splice(0)) governor.stop();
});

const placeOf = (root: string, extra: Partial<GovernorPlace> = {}): GovernorPlace => ({
  workspaceRoot: root,
  orchestrationDir: path.join(root, '.orchestration'),
  policy: containmentPolicyOf(undefined),
  ...extra,
});

const mode = (folder: string): number => statSync(folder).mode & 0o777;

describe('makeAllowedOnceFolders', () => {
  it('makes the missing folders above the approved path, outermost first, each owner-only, and binds the last', () => {
    const { root, outside } = makeRepository();
    const target = path.join(outside, 'docker', 'appdata', 'plugin');
    const made = makeAllowedOnceFolders([target], profileFor(root), placeOf(root));
    expect(made).toEqual({
      made: [path.join(outside, 'docker'), path.join(outside, 'docker', 'appdata')],
      refused: [],
      bound: [path.join(outside, 'docker', 'appdata')],
    });
    for (const folder of made.made) expect(mode(folder)).toBe(0o700);
    // the approved path itself is the command's to make, as a file or a folder
    expect(existsSync(target)).toBe(false);
  });

  it('makes nothing for a new entry of an existing folder, which stays unbound', () => {
    const { root, outside } = makeRepository();
    const target = path.join(outside, 'new.txt');
    const made = makeAllowedOnceFolders([target], profileFor(root), placeOf(root));
    expect(made.made).toEqual([]);
    expect(made.bound).toEqual([target]);
    expect(made.refused).toEqual([
      { path: target, reason: expect.stringContaining('new entry of an existing folder') },
    ]);
    expect(existsSync(target)).toBe(false);
  });

  it('makes nothing for a path that exists', () => {
    const { root, outside } = makeRepository();
    expect(makeAllowedOnceFolders([path.join(outside, 'outside.txt')], profileFor(root), placeOf(root))).toEqual({
      made: [],
      refused: [],
      bound: [path.join(outside, 'outside.txt')],
    });
  });

  interface Refusal {
    readonly name: string;
    readonly target: (root: string, outside: string) => string;
    readonly place?: (root: string, outside: string) => Partial<GovernorPlace>;
    readonly prepare?: (root: string, outside: string) => void;
    readonly says: string;
  }

  const refusals: readonly Refusal[] = [
    {
      name: 'a path inside the workspace (its scope answers there)',
      target: (root) => path.join(root, 'docs', 'new'),
      says: 'which no answer makes writable',
    },
    {
      name: 'a path in the orchestration folder kept outside the workspace',
      target: (_root, outside) => path.join(outside, 'orchestration', 'new'),
      place: (_root, outside) => ({ orchestrationDir: path.join(outside, 'orchestration') }),
      prepare: (_root, outside) => mkdirSync(path.join(outside, 'orchestration')),
      says: 'which no answer makes writable',
    },
    {
      name: 'a path in the session store',
      target: (_root, outside) => path.join(outside, 'sessions', 'x', 'y'),
      place: (_root, outside) => ({ sessionStore: path.join(outside, 'sessions') }),
      says: 'which no answer makes writable',
    },
    {
      name: 'a path under a link (the folders would be made where the link points)',
      target: (_root, outside) => path.join(outside, 'link', 'new'),
      prepare: (root, outside) => symlinkSync(path.join(root, 'src'), path.join(outside, 'link')),
      says: 'symbolic link',
    },
    {
      name: 'a path below a file',
      target: (_root, outside) => path.join(outside, 'outside.txt', 'new'),
      says: 'is not a folder',
    },
    { name: 'a relative path', target: () => 'relative/new', says: 'not an absolute path' },
  ];

  it.each(refusals)('makes nothing for $name', ({ target, place, prepare, says }) => {
    const { root, outside } = makeRepository();
    prepare?.(root, outside);
    const given = target(root, outside);
    const made = makeAllowedOnceFolders([given], profileFor(root), placeOf(root, place?.(root, outside)));
    expect(made.made).toEqual([]);
    expect(made.refused).toEqual([{ path: given, reason: expect.stringContaining(says) }]);
    expect(existsSync(given)).toBe(false);
  });

  it('makes nothing in a masked place of the profile (a secret the policy names, an agent settings folder)', () => {
    const { root, outside } = makeRepository();
    mkdirSync(path.join(outside, 'aws'));
    const base = profileFor(root);
    const aws = {
      path: path.join(outside, 'aws'),
      type: 'dir' as const,
      reason: 'the policy names ~/.aws as a secret',
    };
    const given = path.join(outside, 'aws', 'new');
    const made = makeAllowedOnceFolders([given], { ...base, masked: [...base.masked, aws] }, placeOf(root));
    expect(made.made).toEqual([]);
    expect(made.refused[0]?.reason).toContain('which no answer makes writable');
    expect(existsSync(given)).toBe(false);
  });
});

describe.skipIf(BWRAP === undefined)('a call allowed once into a new folder outside the workspace', () => {
  const plan = (): ContainmentPlan => ({ kind: 'contain', bwrap: BWRAP ?? 'bwrap' });

  function setUp() {
    const { root, outside } = makeRepository();
    const governorOptions = { workspaceRoot: root, shellContainment: plan(), trace: () => undefined };
    const governor = createGovernor(governorOptions);
    governors.push(governor);
    governor.userPrompt('deploy the plugin');
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    return {
      governor,
      root,
      outside,
      options: { plan: plan(), place: governorPlaceFor(governorOptions), timeoutMs: 30_000 },
    };
  }

  it('runs once a person allowed it: the folder is made, the files land, and nothing beside it changes', async () => {
    const { governor, root, outside, options } = setUp();
    const target = path.join(outside, 'docker', 'appdata', 'plugin');
    const command = `mkdir -p ${target} && cp src/a.ts docs/readme.md ${target}`;
    const held = await runGovernedCommand(governor, command, options);
    expect(held).toMatchObject({ ran: false, decision: { verdict: 'ask', approval: { outsideScope: [target] } } });
    const approval = held.decision.approval;
    if (approval === undefined) throw new Error('no approval');
    const allowed = governor.resolveApproval(approval.id, 'continue');
    expect(allowed.allowedOnce).toEqual([target]);
    const run = await runAllowedCommand(governor, `${command} && touch ${outside}/docker/beside.txt`, {
      ...options,
      decision: allowed,
    });
    expect(run).toMatchObject({ ran: true, contained: true, exitCode: 0 });
    expect(readFileSync(path.join(target, 'a.ts'), 'utf8')).toBe(readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'));
    expect(existsSync(path.join(target, 'readme.md'))).toBe(true);
    expect(mode(path.join(outside, 'docker', 'appdata'))).toBe(0o700);
    expect(mode(path.join(outside, 'docker'))).toBe(0o700);
    // the folder around the bound one is not opened (here the private /tmp hides it, as the workspace lies in /tmp)
    expect(existsSync(path.join(outside, 'docker', 'beside.txt'))).toBe(false);
  });

  it('makes no folder while the call is only held: nothing runs and nothing is made', async () => {
    const { governor, outside, options } = setUp();
    const target = path.join(outside, 'new-plugin');
    const held = await runGovernedCommand(governor, `cp src/a.ts docs/readme.md ${target}`, options);
    expect(held.ran).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it("makes the folder for a hook route's contained line once the call is allowed once, and the line writes there", () => {
    const { governor, root, outside, options } = setUp();
    const target = path.join(outside, 'notes', 'new');
    const command = `mkdir -p ${target} && cp src/a.ts docs/readme.md ${target}`;
    const held = governor.handleToolCall('execute_command', { command });
    const approval = held.approval;
    if (approval === undefined) throw new Error('no approval');
    const allowed = governor.resolveApproval(approval.id, 'continue');
    const event = { kind: 'pre_tool' as const, sessionId: 's', cwd: root, tool: 'execute_command', args: { command } };
    const containment = {
      bwrap: BWRAP ?? 'bwrap',
      place: options.place,
      shellTools: shellToolsOf({ toolKinds: { execute_command: { kind: 'shell', command: 'command' } } }),
    };
    // held, the line is built but nothing is made: only a person's answer makes the folder
    expect(containCall(containment, { governor, event, decision: held }).ok).toBe(true);
    expect(existsSync(target)).toBe(false);
    const made = containCall(containment, { governor, event, decision: allowed });
    if (!made.ok) throw new Error(made.reason);
    expect(mode(path.join(outside, 'notes'))).toBe(0o700);
    execFileSync('bash', ['-c', made.line], { cwd: root, stdio: 'ignore' });
    expect(existsSync(path.join(target, 'a.ts'))).toBe(true);
  });
});
