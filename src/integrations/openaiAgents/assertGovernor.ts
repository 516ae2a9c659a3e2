import { describeValue } from '../../text/describeValue';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError';
import type { Governor } from '../../governor/createGovernor';

const GOVERNOR_METHODS = ['handleToolCall', 'isToolAllowed', 'toolsFor', 'resolveApproval', 'handshakePrompt'] as const;

/** Checks the governor once, at the boundary: every tool wrapper relies on these methods. */
export function assertGovernor(governor: unknown, caller: string): asserts governor is Governor {
  const missing =
    typeof governor === 'object' && governor !== null
      ? GOVERNOR_METHODS.filter((method) => typeof Reflect.get(governor, method) !== 'function')
      : [...GOVERNOR_METHODS];
  if (missing.length > 0) {
    throw new InvalidArgumentError(
      `${caller}: the first argument must be a governor from createGovernor(), got ${describeValue(governor)} (missing ${missing.join(', ')}).`,
    );
  }
}
