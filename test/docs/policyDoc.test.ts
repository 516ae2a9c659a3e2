import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/policy/parsePolicy';
import type { CommandSpec } from '../../src/shell/catalog/commandSpec';
import { shellPolicySchema } from '../../src/policy/shell/shellPolicy';

const DOC = readFileSync(path.join(__dirname, '../../docs/policy.md'), 'utf8');

/** The YAML blocks of the section under `heading`, in order. */
function yamlBlocks(heading: string): string[] {
  const start = heading === '' ? 0 : DOC.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const next = DOC.indexOf('\n## ', start + 4);
  const section = DOC.slice(start, next === -1 ? undefined : next);
  return [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('docs/policy.md', () => {
  it('shows a full policy that loads, its examples and checks passing', () => {
    const [full] = yamlBlocks('');
    const policy = parsePolicy(full ?? '', { file: '/project/intentgate.policy.yaml' });
    expect(policy.checked.examples).toBeGreaterThan(0);
    expect(policy.checked.checks).toBeGreaterThan(0);
  });

  it('shows a containment section that loads as written', () => {
    const [containment] = yamlBlocks('Containment');
    const policy = parsePolicy(`version: 1\n${containment ?? ''}`, { file: '/project/intentgate.policy.yaml' });
    expect(policy.containment).toEqual({
      mode: 'required',
      secrets: ['~/.aws', '.env.production'],
      hostGrantNetwork: 'closed',
      readOnlyShellBeforeIntent: true,
    });
    expect(policy.governor.readOnlyShellBeforeIntent).toBe(true);
  });

  it('shows a shell section that loads, with every example checked', () => {
    const [shell] = yamlBlocks('Shell commands');
    const policy = parsePolicy(`version: 1\n${shell ?? ''}`, { file: '/project/intentgate.policy.yaml' });
    const section = shellPolicySchema.parse(policy.governor.shell);
    const programs: CommandSpec[] = Object.values(section.programs ?? {});
    const written = [
      ...(section.rules ?? []),
      ...programs.flatMap((program) => Object.values(program.subcommands ?? {}).flatMap((sub) => sub.rules ?? [])),
    ];
    const listed = written.reduce((sum, rule) => sum + rule.examples.length + (rule.notExamples?.length ?? 0), 0);
    expect(policy.checked.examples).toBe(listed);
  });
});
