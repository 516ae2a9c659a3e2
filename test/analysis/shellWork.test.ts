import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellWorkFor, shellWorkKey, type ShellWorkInput } from '../../src/analysis/shellWork';
import { createGovernor } from '../../src/index';
import type { RiskContext } from '../../src/risk/riskContext';
import { resolveShellPolicy } from '../../src/policy/shell/shellSetup';

const RISK: RiskContext = {
  workspaceRoot: '/repo',
  sandboxRoot: '/',
  toolKinds: { run_in_terminal: { kind: 'shell', command: 'cmd', cwd: 'dir' } },
  controlPaths: ['/repo/.orchestration'],
};

describe('shellWorkFor', () => {
  it.each([
    {
      name: 'a built-in shell tool',
      tool: 'execute_command',
      args: { command: 'ls -la' },
      input: { command: 'ls -la', workspaceRoot: '/repo', sandboxRoot: '/', controlPaths: ['/repo/.orchestration'] },
    },
    {
      name: "a host's shell tool with its working folder",
      tool: 'run_in_terminal',
      args: { cmd: 'make', dir: 'src' },
      input: {
        command: 'make',
        cwd: { argument: 'dir', path: 'src' },
        workspaceRoot: '/repo',
        sandboxRoot: '/',
        controlPaths: ['/repo/.orchestration'],
      },
    },
    { name: 'a file tool', tool: 'read_file', args: { path: 'a.ts' }, input: undefined },
    { name: 'an unknown tool', tool: 'mystery', args: { command: 'ls' }, input: undefined },
    { name: 'a command that is not text', tool: 'execute_command', args: { command: 42 }, input: undefined },
    { name: 'an empty command', tool: 'execute_command', args: { command: '  ' }, input: undefined },
    { name: 'arguments that are a list', tool: 'execute_command', args: ['ls'], input: undefined },
    { name: 'a tool name that is not text', tool: 7, args: { command: 'ls' }, input: undefined },
  ])('names the work of $name', ({ tool, args, input }) => {
    const work = shellWorkFor(tool, args, RISK);
    expect(work?.input).toEqual(input);
    if (input !== undefined) expect(work?.key).toBe(shellWorkKey(input));
  });

  it('carries the shell section a policy gave, as given', () => {
    const policy = { rules: [{ prefix: 'git push', decision: 'deny' as const, examples: ['git push'] }] };
    const work = shellWorkFor(
      'execute_command',
      { command: 'git push' },
      { ...RISK, shell: resolveShellPolicy(policy).setup },
    );
    expect(work?.input.shell).toEqual(policy);
  });

  it("is the governor's own statement of the analysis a call needs", () => {
    const governor = createGovernor({ workspaceRoot: '/repo', trace: () => undefined, homeDir: '/home/dev' });
    expect(governor.shellWork('execute_command', { command: 'ls ~' })?.input).toEqual({
      command: 'ls ~',
      workspaceRoot: '/repo',
      sandboxRoot: '/',
      homeDir: '/home/dev',
      controlPaths: ['/repo/.orchestration'],
    });
    expect(governor.shellWork('read_file', { path: 'a' })).toBeUndefined();
  });
});

const inputArbitrary: fc.Arbitrary<ShellWorkInput> = fc.record(
  {
    command: fc.string({ minLength: 1 }),
    cwd: fc.record({ argument: fc.string(), path: fc.string() }),
    workspaceRoot: fc.string({ minLength: 1 }),
    sandboxRoot: fc.string({ minLength: 1 }),
    homeDir: fc.string({ minLength: 1 }),
    controlPaths: fc.array(fc.string(), { maxLength: 3 }),
  },
  { requiredKeys: ['command', 'workspaceRoot', 'sandboxRoot', 'controlPaths'] },
);

const reversedKeys = (value: object): object => Object.fromEntries(Object.entries(value).reverse());

describe('shellWorkKey', () => {
  it('is the same for the same input whatever the order of its keys', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        expect(shellWorkKey(reversedKeys(input) as ShellWorkInput)).toBe(shellWorkKey(input));
      }),
    );
  });

  it('changes when the command or a root changes', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.string({ minLength: 1 }), (input, other) => {
        fc.pre(other !== input.command && other !== input.workspaceRoot);
        expect(shellWorkKey({ ...input, command: other })).not.toBe(shellWorkKey(input));
        expect(shellWorkKey({ ...input, workspaceRoot: other })).not.toBe(shellWorkKey(input));
      }),
    );
  });
});
