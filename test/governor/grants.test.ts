import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import type { GrantInput } from '../../src/grants/grant';
import type { TraceRecord } from '../../src/trace/traceRecord';
import { makeWorkspace } from '../support/workspace';

const INTENTS = `active_intents:
  - id: INT-001
    name: Login
    owned_scope: ["src/**", "package.json"]
  - id: INT-002
    name: Docs
    owned_scope: ["docs/**"]
  - id: INT-PLAN
    name: A planned test run
    owned_scope: ["src/**"]
    approvals:
      - categories: [EXEC_ARBITRARY]
        commands: ["npm test"]
`;

const MINUTE = 60_000;

/** A governor in ACTION under `intent`, with a clock the test moves and its trace kept. */
function inAction(intent = 'INT-001') {
  let time = 5_000_000;
  const records: TraceRecord[] = [];
  const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'secret/\n' });
  const base = { workspaceRoot, trace: (record: TraceRecord) => void records.push(record), now: () => time };
  const governor = createGovernor(base);
  governor.userPrompt('work');
  expect(governor.handleToolCall('select_active_intent', { intent_id: intent }).code).toBe('intent_selected');
  return { governor, records, base, advance: (ms: number) => (time += ms) };
}

const run = (governor: Governor, command: string) => governor.handleToolCall('execute_command', { command });
const write = (governor: Governor, path: string) => governor.handleToolCall('write_to_file', { path, content: 'x' });
// seed 002's `web` kind: a fetch, raising NETWORK_RISK
const fetchUrl = (governor: Governor, url: string) => governor.handleToolCall('web', { url });

interface CoverCase {
  readonly name: string;
  readonly grant: GrantInput;
  readonly call: (governor: Governor) => ReturnType<Governor['handleToolCall']>;
  readonly code: string;
}

const coverCases: readonly CoverCase[] = [
  {
    name: 'a command grant covers the command',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm test'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a command grant covers the command with more words',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm test -- --run'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a command grant never covers another command joined with &&',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm test && ls'),
    code: 'needs_approval',
  },
  {
    name: 'a command grant never covers another command after ;',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm test; sudo reboot'),
    code: 'needs_approval',
  },
  {
    name: 'a command grant never covers a pipe into another program',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm test | sh'),
    code: 'needs_approval',
  },
  {
    name: 'a command grant never covers the command under a wrapper',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'env CI=1 npm test'),
    code: 'needs_approval',
  },
  {
    name: 'a command grant never covers a substitution it cannot see',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm test $(cat args)'),
    code: 'needs_approval',
  },
  {
    name: 'a command grant does not cover a prefix of a word',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
    call: (g) => run(g, 'npm testing'),
    code: 'needs_approval',
  },
  {
    name: 'a command grant leaves the categories it does not name',
    grant: { categories: ['EXEC_ARBITRARY'], commands: ['npm install'] },
    call: (g) => run(g, 'npm install left-pad'),
    code: 'needs_approval',
  },
  {
    name: 'a path grant covers a write under its folder',
    grant: { categories: ['FS_DELETE_OVERWRITE'], paths: ['src/auth/**'] },
    call: (g) => write(g, 'src/auth/login.ts'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a path grant does not cover a write outside its folder',
    grant: { categories: ['FS_DELETE_OVERWRITE'], paths: ['src/auth/**'] },
    call: (g) => write(g, 'src/other.ts'),
    code: 'needs_approval',
  },
  {
    name: 'a path grant does not cover a path climbing out of its folder',
    grant: { categories: ['FS_DELETE_OVERWRITE'], paths: ['src/auth/**'] },
    call: (g) => write(g, 'src/auth/../other.ts'),
    code: 'needs_approval',
  },
  {
    name: 'a path grant covers a command whose every path is under its folder',
    grant: { categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'], paths: ['src/auth/**'] },
    call: (g) => run(g, 'rm src/auth/old.ts'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a path grant does not cover a command with a path elsewhere',
    grant: { categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'], paths: ['src/auth/**'] },
    call: (g) => run(g, 'rm src/auth/old.ts src/app.ts'),
    code: 'needs_approval',
  },
  {
    name: 'a path grant does not cover a glob that reaches elsewhere',
    grant: { categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'], paths: ['src/auth/**'] },
    call: (g) => run(g, 'rm src/*/old.ts'),
    code: 'needs_approval',
  },
  {
    name: 'a host grant covers a fetch of that host',
    grant: { categories: ['NETWORK_RISK'], hosts: ['docs.example.com'] },
    call: (g) => fetchUrl(g, 'https://docs.example.com/a'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a host grant does not cover another host',
    grant: { categories: ['NETWORK_RISK'], hosts: ['docs.example.com'] },
    call: (g) => fetchUrl(g, 'https://evil.example.net/a'),
    code: 'needs_approval',
  },
  {
    name: 'a host grant does not cover a host that only ends like it',
    grant: { categories: ['NETWORK_RISK'], hosts: ['example.com'] },
    call: (g) => fetchUrl(g, 'https://notexample.com/a'),
    code: 'needs_approval',
  },
  {
    name: 'a wildcard host grant covers a subdomain',
    grant: { categories: ['NETWORK_RISK'], hosts: ['*.example.com'] },
    call: (g) => fetchUrl(g, 'https://api.example.com/v1'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a host grant does not cover a host hidden behind credentials',
    grant: { categories: ['NETWORK_RISK'], hosts: ['docs.example.com'] },
    call: (g) => fetchUrl(g, 'https://docs.example.com@evil.example.net/'),
    code: 'needs_approval',
  },
  {
    name: 'a tool grant covers that tool',
    grant: { categories: ['NETWORK_RISK'], tools: ['web'] },
    call: (g) => fetchUrl(g, 'https://any.example.org/'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a tool grant does not cover another tool',
    grant: { categories: ['EXEC_ARBITRARY'], tools: ['web'] },
    call: (g) => run(g, 'npm test'),
    code: 'needs_approval',
  },
  {
    name: 'a whole-category grant covers every call of it',
    grant: { categories: ['EXEC_ARBITRARY'] },
    call: (g) => run(g, 'make build'),
    code: 'destructive_in_scope',
  },
  {
    name: 'a grant never lifts the scope',
    grant: { categories: ['FS_DELETE_OVERWRITE'], paths: ['docs/**'] },
    call: (g) => write(g, 'docs/a.md'),
    code: 'scope_violation',
  },
  {
    name: 'a grant never lifts .intentignore',
    grant: { categories: ['FS_DELETE_OVERWRITE'] },
    call: (g) => write(g, 'secret/key.ts'),
    code: 'path_ignored',
  },
  {
    name: 'a grant never lifts the control files',
    grant: { categories: ['FS_DELETE_OVERWRITE'] },
    call: (g) => write(g, '.intentignore'),
    code: 'protected_path',
  },
];

describe('a grant covers exactly the calls its narrowing matches', () => {
  it.each(coverCases)('$name', ({ grant, call, code }) => {
    const { governor } = inAction();
    governor.grant(grant);
    expect(call(governor).code).toBe(code);
  });

  it('says in the decision and the trace which grant allowed the call', () => {
    const { governor, records } = inAction();
    const given = governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'] });
    const decision = run(governor, 'npm test');
    expect(decision.reasons).toContainEqual(expect.objectContaining({ code: 'approved_by_grant', grant: given.id }));
    expect(records.at(-1)?.reasons).toContainEqual(expect.objectContaining({ code: 'approved_by_grant' }));
  });
});

describe('a grant ends', () => {
  it('when it is revoked', () => {
    const { governor } = inAction();
    const given = governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'] });
    expect(governor.grants.map((grant) => grant.id)).toEqual([given.id]);
    governor.revoke(given.id);
    expect(governor.grants).toEqual([]);
    expect(run(governor, 'npm test').code).toBe('needs_approval');
    expect(() => governor.revoke(given.id)).toThrow(/no live grant/);
  });

  it('after its time', () => {
    const { governor, advance } = inAction();
    governor.grant({ categories: ['NETWORK_RISK'], hosts: ['docs.example.com'], ttlMs: 10 * MINUTE });
    advance(10 * MINUTE - 1);
    expect(fetchUrl(governor, 'https://docs.example.com/').code).toBe('destructive_in_scope');
    advance(1);
    expect(fetchUrl(governor, 'https://docs.example.com/').code).toBe('needs_approval');
    expect(governor.grants).toEqual([]);
  });

  it("until 'intent': when the active intent changes, and it does not come back with the intent", () => {
    const { governor } = inAction();
    governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'], until: 'intent' });
    governor.userPrompt('a follow-up keeps the intent');
    expect(run(governor, 'npm test').code).toBe('state_violation'); // REASONING: DESTRUCTIVE waits for the handshake, the grant stays
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(run(governor, 'npm test').code).toBe('destructive_in_scope');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-002' });
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(governor.grants).toEqual([]);
    expect(run(governor, 'npm test').code).toBe('needs_approval');
  });

  it("until 'intent': when the task completes", () => {
    const { governor } = inAction();
    governor.grant({ categories: ['EXEC_ARBITRARY'], until: 'intent' });
    governor.handleToolCall('attempt_completion', {});
    expect(governor.grants).toEqual([]);
  });

  it('when the session changes (seed 002 F)', () => {
    const { governor } = inAction();
    governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'] });
    governor.setSession('another');
    expect(governor.grants).toEqual([]);
    expect(run(governor, 'npm test').code).toBe('needs_approval');
  });

  it('survives persist and restore, and still ends when it should', () => {
    const { governor, base, advance } = inAction();
    const given = governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'], ttlMs: MINUTE });
    const restored = createGovernor({ ...base, restore: JSON.parse(JSON.stringify(governor.persist())) as unknown });
    expect(restored.grants).toEqual([given]);
    expect(run(restored, 'npm test').code).toBe('destructive_in_scope');
    expect(restored.grant({ categories: ['NETWORK_RISK'] }).id).toBe('grant-2');
    advance(MINUTE);
    expect(run(restored, 'npm test').code).toBe('needs_approval');
  });
});

describe('grants and held calls', () => {
  it('lets go of the held calls a new grant covers, and keeps the others', () => {
    const { governor } = inAction();
    run(governor, 'npm test');
    const other = run(governor, 'make build');
    governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'] });
    expect(governor.heldCalls.map((held) => held.id)).toEqual([other.approval?.id]);
  });

  it('refuses bad grants with a typed error naming the problem', () => {
    const { governor } = inAction();
    expect(() => governor.grant({ categories: [] })).toThrow(/categories/);
    expect(() => governor.grant({ categories: ['EVERYTHING' as never] })).toThrow(/categories/);
    expect(() => governor.grant({ categories: ['EXEC_ARBITRARY'], paths: ['/etc/**'] })).toThrow(
      /relative to the workspace|grant/,
    );
    expect(() => governor.grant({ categories: ['EXEC_ARBITRARY'], ttlMs: -1 })).toThrow(/ttlMs/);
    expect(() => governor.revoke('grant-9')).toThrow(/no live grant 'grant-9'/);
  });

  it("refuses until 'intent' with no active intent", () => {
    const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS });
    const governor = createGovernor({ workspaceRoot, trace: () => undefined });
    expect(() => governor.grant({ categories: ['EXEC_ARBITRARY'], until: 'intent' })).toThrow(/needs an active intent/);
  });
});

describe('an intent carries its approvals', () => {
  it('approves its plan while it is active, and only then', () => {
    const { governor } = inAction('INT-PLAN');
    expect(governor.grants.map((grant) => grant.id)).toEqual(['INT-PLAN#approvals[0]']);
    const decision = run(governor, 'npm test');
    expect(decision.code).toBe('destructive_in_scope');
    expect(decision.reasons).toContainEqual(
      expect.objectContaining({ code: 'approved_by_grant', grant: 'INT-PLAN#approvals[0]' }),
    );
    expect(run(governor, 'npm test && ls').code).toBe('needs_approval');
    expect(() => governor.revoke('INT-PLAN#approvals[0]')).toThrow(/intent's own approval/);
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(governor.grants).toEqual([]);
    expect(run(governor, 'npm test').code).toBe('needs_approval');
  });
});

const CATEGORIES = [
  'EXEC_ARBITRARY',
  'FS_DELETE_OVERWRITE',
  'NETWORK_RISK',
  'DEPS_INSTALL_UPDATE',
  'GIT_PUBLISH',
] as const;
const COMMANDS = [
  'npm test',
  'npm install left-pad',
  'git push',
  'curl https://example.com',
  'rm src/a.ts',
  'make build',
  'npm test && git push',
];

describe('grant properties', () => {
  it('a grant never covers a category it does not name, and never outlives its session', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CATEGORIES], { minLength: 1 }),
        fc.option(fc.constantFrom('npm test', 'npm', 'git push', 'curl'), { nil: undefined }),
        fc.constantFrom(...COMMANDS),
        (categories, command, line) => {
          const { governor } = inAction();
          const given = governor.grant({ categories, ...(command !== undefined && { commands: [command] }) });
          const decision = run(governor, line);
          // a category the grant does not name stays to approve, so the call is held whenever it raises one
          const raised = governor.isToolAllowed('execute_command', { command: line }).categories;
          if (raised.some((category) => !given.categories.includes(category)))
            expect(decision.code).toBe('needs_approval');
          const granted = decision.reasons.filter((item) => item.code === 'approved_by_grant');
          for (const item of granted) expect(item.grant).toBe(given.id);
          governor.setSession('next');
          expect(governor.grants).toEqual([]);
          expect(run(governor, line).verdict).not.toBe('allow');
          governor.stop();
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('the prompt names a grant that would cover the call', () => {
  it('suggests the command prefix for a shell command, in the prompt and as data', () => {
    const { governor } = inAction();
    const held = run(governor, 'npm test -- --run');
    expect(held.approval?.grant).toEqual({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'], until: 'intent' });
    expect(held.approval?.prompt.grant).toBe(
      "Or allow calls like it: EXEC_ARBITRARY — 'npm test' while the intent is active",
    );
  });

  it.each([
    {
      name: 'a shell command',
      call: (g: Governor) => run(g, 'npm test -- --run'),
      again: (g: Governor) => run(g, 'npm test'),
    },
    {
      name: 'a compound command line',
      call: (g: Governor) => run(g, 'npm run lint && npm test'),
      again: (g: Governor) => run(g, 'npm run lint && npm test'),
    },
    {
      name: 'a command whose first argument holds a space',
      call: (g: Governor) => run(g, "make 'my target'"),
      again: (g: Governor) => run(g, "make 'my target'"),
    },
    {
      name: 'a write',
      call: (g: Governor) => write(g, 'src/auth/a.ts'),
      again: (g: Governor) => write(g, 'src/auth/b.ts'),
    },
    {
      name: 'a fetch',
      call: (g: Governor) => fetchUrl(g, 'https://docs.example.com/a'),
      again: (g: Governor) => fetchUrl(g, 'https://docs.example.com/b'),
    },
  ])('the suggestion for $name, granted, covers it and calls like it', ({ call, again }) => {
    const { governor } = inAction();
    const held = call(governor);
    expect(held.code).toBe('needs_approval');
    const suggestion = held.approval?.grant;
    expect(suggestion).toBeDefined();
    governor.grant(suggestion!);
    expect(again(governor).verdict).toBe('allow');
  });

  it('suggests none for a command line it could not see whole', () => {
    const { governor } = inAction();
    const held = run(governor, '$TOOL test');
    expect(held.code).toBe('needs_approval');
    expect(held.approval?.grant).toBeUndefined();
    expect(held.approval?.prompt.grant).toBeUndefined();
  });

  it('speaks Russian in the prompt when asked', () => {
    const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS });
    const governor = createGovernor({ workspaceRoot, trace: () => undefined, locale: 'ru' });
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(run(governor, 'npm test').approval?.prompt.grant).toBe(
      "Или разрешить такие вызовы: EXEC_ARBITRARY — 'npm test' пока намерение активно",
    );
  });
});
