import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTAINMENT_POLICY } from '../../src/containment/containmentPolicy';
import { containmentStatus } from '../../src/containment/containmentStatus';
import { sessionContainment, type ConsoleContainment } from '../../src/console/consoleContainment';
import { consoleSessionView, consoleSessionViews } from '../../src/console/consoleSessionViews';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const UNAVAILABLE = {
  available: false,
  reason: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
} as const;

const governors: Governor[] = [];
afterEach(() => governors.splice(0).forEach((governor) => governor.stop()));

function workspace(): string {
  const root = realpathSync(makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' }));
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  mkdirSync(path.join(root, 'secrets'));
  writeFileSync(path.join(root, 'secrets', 'key'), 'k');
  return root;
}

function inAction(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governors.push(governor);
  governor.userPrompt('x');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

const told = (root: string, mode: 'auto' | 'required' | 'off' = 'auto'): ConsoleContainment => ({
  status: Promise.resolve(containmentStatus(mode, UNAVAILABLE)),
  place: {
    workspaceRoot: root,
    orchestrationDir: path.join(root, '.orchestration'),
    policy: { ...DEFAULT_CONTAINMENT_POLICY, mode },
  },
});

describe("the console's containment view", () => {
  it('says what shell commands get and why, and the profile in short: writable with reasons, read-only, masked, network', async () => {
    const root = workspace();
    const view = (await sessionContainment(told(root)))(inAction(root));
    expect(view).toMatchObject({
      mode: 'auto',
      available: false,
      runs: 'analysis_only',
      summary: `shell commands are decided by analysis alone: containment is auto and not available here: ${UNAVAILABLE.reason}`,
      problem: null,
      profile: {
        complete: true,
        writable: [
          {
            path: '/tmp',
            shown: '/tmp',
            reason: 'a private temporary folder, empty for each command and gone after it',
          },
          {
            path: path.join(root, 'src', 'auth'),
            shown: 'src/auth',
            reason: "writable: in the active intent's scope (src/auth/**)",
          },
        ],
        network: {
          open: false,
          reason:
            'closed: NETWORK_RISK is not approved, 127.0.0.1 and Unix sockets of other network namespaces included',
        },
      },
    });
    expect(view.profile?.masked).toContainEqual({
      path: path.join(root, 'secrets'),
      shown: 'secrets',
      reason: 'hidden from the agent: secrets',
    });
  });

  it('says with required that commands are refused, and with off shows no profile', async () => {
    const root = workspace();
    const refused = (await sessionContainment(told(root, 'required')))(inAction(root));
    expect(refused).toMatchObject({
      runs: 'refuse',
      summary: `shell commands are refused on the routes docs/containment.md lists: containment is required, and ${UNAVAILABLE.reason}`,
    });
    const off = (await sessionContainment(told(root, 'off')))(inAction(root));
    expect(off).toMatchObject({ runs: 'analysis_only', profile: null, problem: "the policy's containment is off" });
  });

  it('walks the workspace once per listing: a file ignored after the walk shows at the next listing', async () => {
    const root = workspace();
    const listing = await sessionContainment(told(root));
    const governor = inAction(root);
    expect(listing(governor).profile?.masked.map((place) => place.shown)).toContain('secrets');
    writeFileSync(path.join(root, '.intentignore'), 'secrets/\nnotes.md\n');
    writeFileSync(path.join(root, 'notes.md'), 'n');
    expect(listing(governor).profile?.masked.map((place) => place.shown)).not.toContain('notes.md');
    const next = (await sessionContainment(told(root)))(governor);
    expect(next.profile?.masked.map((place) => place.shown)).toContain('notes.md');
  });

  it('gives each session its own profile: a session before its intent writes nothing but /tmp', async () => {
    const root = workspace();
    const waiting = createGovernor({ workspaceRoot: root, trace: () => undefined, sessionId: 'waiting' });
    governors.push(waiting);
    waiting.userPrompt('x');
    const working = inAction(root);
    const views = await consoleSessionViews(
      { list: async (view) => [working, waiting].map((governor) => view(governor, undefined)) },
      told(root),
    );
    expect(views.map((view) => view.containment?.profile?.writable.map((place) => place.shown))).toEqual([
      ['/tmp', 'src/auth'],
      ['/tmp'],
    ]);
    expect(views[1]?.containment?.profile?.network.reason).toBe('closed: no network in REASONING');
  });

  it('computes one profile for sessions on the same intent, state and approvals, and another once approvals differ', async () => {
    const root = workspace();
    const [first, second, networked] = [inAction(root), inAction(root), inAction(root)];
    networked.approveSession(['NETWORK_RISK']);
    const listing = await sessionContainment(told(root));
    expect(listing(second)).toBe(listing(first));
    expect(listing(networked).profile?.network.open).toBe(true);
    expect(listing(first).profile?.network.open).toBe(false);
  });

  it('shows no containment when the console is not told it', () => {
    expect(consoleSessionView(inAction(workspace())).containment).toBeNull();
  });

  it('says why when the profile cannot be computed', async () => {
    const root = workspace();
    const governor = inAction(root);
    const missing = { ...told(root), place: { ...told(root).place, workspaceRoot: path.join(root, 'gone') } };
    const view = (await sessionContainment(missing))(governor);
    expect(view.profile).toBeNull();
    expect(view.problem).toMatch(/^the profile cannot be computed: /);
  });
});
