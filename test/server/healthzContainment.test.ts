import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectContainment, type ContainmentAvailability } from '../../src/containment/bwrapAvailability';
import { getText, startService, type RunningService } from './serviceHarness';

// what this machine can do decides the answer: the expectation is built from the same detection
let availability: ContainmentAvailability;

const health = async (running: RunningService): Promise<Record<string, unknown>> =>
  JSON.parse((await getText(`${running.url}/healthz`)).text) as Record<string, unknown>;

describe('GET /healthz: containment', () => {
  const running: Partial<Record<'auto' | 'required' | 'off', RunningService>> = {};
  beforeAll(async () => {
    availability = await detectContainment();
    const [auto, required, off] = await Promise.all([
      startService(),
      startService({ containment: 'required' }),
      startService({ containment: { mode: 'off' } }),
    ]);
    Object.assign(running, { auto, required, off });
  });
  afterAll(() => Promise.all(Object.values(running).map(({ service }) => service.close())));

  it('says with auto whether shell commands are contained here, and why', async () => {
    const body = await health(running.auto as RunningService);
    expect(body.containment).toEqual(
      availability.available
        ? {
            mode: 'auto',
            available: true,
            plan: 'contain',
            reason: `bubblewrap makes sandboxes here (${availability.bwrap}), and the policy's containment is auto`,
          }
        : {
            mode: 'auto',
            available: false,
            plan: 'analysis_only',
            reason: `containment is not available, so commands are decided by analysis alone: ${availability.reason}`,
          },
    );
  });

  it('says with required that commands are refused where bubblewrap cannot run', async () => {
    const body = await health(running.required as RunningService);
    expect(body.containment).toEqual(
      availability.available
        ? {
            mode: 'required',
            available: true,
            plan: 'contain',
            reason: `bubblewrap makes sandboxes here (${availability.bwrap}), and the policy's containment is required`,
          }
        : {
            mode: 'required',
            available: false,
            plan: 'refuse',
            reason: `containment is required, and ${availability.reason}`,
          },
    );
  });

  it('says with off that commands are decided by analysis alone, whatever the machine can do', async () => {
    const body = await health(running.off as RunningService);
    expect(body.containment).toEqual({
      mode: 'off',
      available: availability.available,
      plan: 'analysis_only',
      reason: "containment is off (the policy's containment: off)",
    });
  });

  it('refuses a containment option that is not a mode or the section', async () => {
    await expect(startService({ containment: 'sometimes' as 'auto' })).rejects.toThrow(/containment/);
  });
});
