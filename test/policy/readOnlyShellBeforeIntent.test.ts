// The policy's containment section can let a shell command run before an intent, contained and
// read-only; the governor option it sets is off unless the file turns it on.
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/policy/parsePolicy';

const FILE = '/repo/intentgate.yaml';

describe("the containment section's readOnlyShellBeforeIntent", () => {
  it('sets the governor option when the file turns it on', () => {
    const policy = parsePolicy('version: 1\ncontainment:\n  mode: auto\n  readOnlyShellBeforeIntent: true\n', {
      file: FILE,
    });
    expect(policy.governor.readOnlyShellBeforeIntent).toBe(true);
  });

  it('leaves it off by default, and with a mode alone', () => {
    expect(parsePolicy('version: 1\n', { file: FILE }).governor.readOnlyShellBeforeIntent).toBeUndefined();
    expect(
      parsePolicy('version: 1\ncontainment: required\n', { file: FILE }).governor.readOnlyShellBeforeIntent,
    ).toBeUndefined();
  });

  it('refuses a value that is not a boolean, naming the field', () => {
    expect(() =>
      parsePolicy('version: 1\ncontainment:\n  readOnlyShellBeforeIntent: yes please\n', { file: FILE }),
    ).toThrow(/readOnlyShellBeforeIntent/);
  });
});
