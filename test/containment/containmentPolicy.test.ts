import { describe, expect, it } from 'vitest';
import { containmentPlan } from '../../src/containment/containmentPlan';
import { containmentPolicyOf, type ContainmentMode } from '../../src/containment/containmentPolicy';
import { PolicyError } from '../../src/errors/PolicyError';
import { parsePolicy } from '../../src/policy/parsePolicy';

const load = (yaml: string) => parsePolicy(`version: 1\n${yaml}`, { file: '/project/intentgate.policy.yaml' });

describe("the policy's containment section", () => {
  it.each([
    { name: 'absent', yaml: '', expected: { mode: 'auto', secrets: [], hostGrantNetwork: 'open' } },
    {
      name: 'a mode alone',
      yaml: 'containment: required\n',
      expected: { mode: 'required', secrets: [], hostGrantNetwork: 'open' },
    },
    {
      name: 'the section',
      yaml: 'containment:\n  mode: off\n  secrets: [a.key]\n  hostGrantNetwork: closed\n',
      expected: { mode: 'off', secrets: ['a.key'], hostGrantNetwork: 'closed' },
    },
  ])('reads $name', ({ yaml, expected }) => {
    expect(containmentPolicyOf(load(yaml).containment)).toEqual(expected);
  });

  it.each([
    { name: 'an unknown mode', yaml: 'containment: maybe\n' },
    { name: 'an unknown key', yaml: 'containment:\n  mod: off\n' },
  ])('refuses $name', ({ yaml }) => {
    expect(() => load(yaml)).toThrow(PolicyError);
  });
});

describe('containmentPlan', () => {
  const available = { available: true, bwrap: '/usr/bin/bwrap' } as const;
  const missing = { available: false, reason: 'bubblewrap (bwrap) is not installed' } as const;
  it.each([
    { mode: 'auto', availability: available, kind: 'contain' },
    { mode: 'required', availability: available, kind: 'contain' },
    { mode: 'off', availability: available, kind: 'analysisOnly' },
    { mode: 'auto', availability: missing, kind: 'analysisOnly' },
    { mode: 'required', availability: missing, kind: 'refuse' },
    { mode: 'off', availability: missing, kind: 'analysisOnly' },
  ] as const satisfies readonly { mode: ContainmentMode; kind: string; availability: unknown }[])(
    '$mode with bwrap $availability.available: $kind',
    ({ mode, availability, kind }) => {
      expect(containmentPlan(mode, availability).kind).toBe(kind);
    },
  );
});
