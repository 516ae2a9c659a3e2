import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { DEPLOYMENT_ENV, parseServerOptions } from '../../src/server/serverOptions';

/** The store the options give, or the issues they raise. */
function storeOf(options: Record<string, unknown>, env: NodeJS.ProcessEnv): unknown {
  try {
    return parseServerOptions(options, env).store;
  } catch (error) {
    if (error instanceof InvalidOptionsError) return { issues: error.issues };
    throw error;
  }
}

const cases = [
  { name: 'keeps sessions in memory by default', options: {}, env: {}, expected: { kind: 'memory' } },
  { name: "takes 'memory' with no deployment", options: { store: 'memory' }, env: {}, expected: { kind: 'memory' } },
  {
    name: 'takes a Redis URL with a deployment name',
    options: { store: 'redis://127.0.0.1:6379', deployment: 'prod-7' },
    env: {},
    expected: { kind: 'redis', url: 'redis://127.0.0.1:6379', deployment: 'prod-7' },
  },
  {
    name: 'reads the deployment name from the environment',
    options: { store: 'redis://127.0.0.1:6379' },
    env: { [DEPLOYMENT_ENV]: 'from-env' },
    expected: { kind: 'redis', url: 'redis://127.0.0.1:6379', deployment: 'from-env' },
  },
  {
    name: 'prefers the option over the environment',
    options: { store: 'redis://127.0.0.1:6379', deployment: 'option' },
    env: { [DEPLOYMENT_ENV]: 'from-env' },
    expected: { kind: 'redis', url: 'redis://127.0.0.1:6379', deployment: 'option' },
  },
  {
    name: 'refuses a Redis store with no deployment name',
    options: { store: 'redis://127.0.0.1:6379' },
    env: {},
    expected: { issues: [expect.stringMatching(/^deployment: required with a Redis store/)] },
  },
  {
    name: 'refuses an empty deployment name from the environment',
    options: { store: 'redis://h:1' },
    env: { [DEPLOYMENT_ENV]: '' },
    expected: { issues: [expect.stringMatching(/^deployment: required/)] },
  },
  {
    name: 'refuses a bad deployment name from the environment',
    options: { store: 'redis://h:1' },
    env: { [DEPLOYMENT_ENV]: 'a b' },
    expected: { issues: [expect.stringMatching(new RegExp(`^${DEPLOYMENT_ENV}: `))] },
  },
  {
    name: 'refuses a bad deployment name',
    options: { store: 'redis://h:1', deployment: 'a/b' },
    env: {},
    expected: { issues: [expect.stringMatching(/^deployment: /)] },
  },
  {
    name: 'refuses a store that is neither memory nor a Redis URL',
    options: { store: 'postgres://h/db', deployment: 'd' },
    env: {},
    expected: { issues: [expect.stringMatching(/^store: /)] },
  },
];

describe('the service session store option', () => {
  it.each(cases)('$name', ({ options, env, expected }) => {
    expect(storeOf(options, env)).toEqual(expected);
  });
});
