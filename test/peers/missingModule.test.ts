import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isMissingModule } from '../../src/peers/missingModule';
import { loadPromClient } from '../../src/server/promClient';

const thrownBy = (load: () => unknown): unknown => {
  try {
    load();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
};

const requireHere = createRequire(import.meta.url);
const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('isMissingModule', () => {
  it.each([
    {
      name: "require's error for the package",
      error: thrownBy(() => requireHere('intentgate-no-such-peer')),
      expected: true,
    },
    {
      name: "import's error for the package",
      error: withCode(
        "Cannot find package 'intentgate-no-such-peer' imported from /app/dist/index.js",
        'ERR_MODULE_NOT_FOUND',
      ),
      expected: true,
    },
    {
      name: 'a module the package needs in turn',
      error: withCode(
        "Cannot find module 'tdigest'\nRequire stack:\n- /app/node_modules/intentgate-no-such-peer/index.js",
        'MODULE_NOT_FOUND',
      ),
      expected: false,
    },
    {
      name: 'another error of the package',
      error: withCode("intentgate-no-such-peer: 'intentgate-no-such-peer' failed to start", 'ERR_ASSERTION'),
      expected: false,
    },
    { name: 'a value that is no error', error: 'intentgate-no-such-peer', expected: false },
  ])('answers $expected for $name', ({ error, expected }) => {
    expect(isMissingModule(error, 'intentgate-no-such-peer')).toBe(expected);
  });
});

describe('loadPromClient', () => {
  it('loads prom-client where it is installed', () => {
    expect(typeof loadPromClient()?.Registry).toBe('function');
  });
});
