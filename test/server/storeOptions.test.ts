import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { createGovernanceServer } from '../../src/server/createGovernanceServer';
import {
  APPROVAL_TOKEN_ENV,
  DEPLOYMENT_ENV,
  parseServerOptions,
  REDIS_TOKEN_REQUIRED,
} from '../../src/server/serverOptions';

// a Redis store's records carry a MAC keyed by a token the service is given
const TOKEN = 'store-options-token-0123456789';
const OTHER_TOKEN = 'store-options-other-token-0123456789';

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
    options: { store: 'redis://127.0.0.1:6379', deployment: 'prod-7', approvalToken: TOKEN },
    env: {},
    expected: { kind: 'redis', url: 'redis://127.0.0.1:6379', deployment: 'prod-7', recordKeyToken: TOKEN },
  },
  {
    name: 'reads the deployment name from the environment',
    options: { store: 'redis://127.0.0.1:6379', approvalToken: TOKEN },
    env: { [DEPLOYMENT_ENV]: 'from-env' },
    expected: { kind: 'redis', url: 'redis://127.0.0.1:6379', deployment: 'from-env', recordKeyToken: TOKEN },
  },
  {
    name: 'prefers the option over the environment',
    options: { store: 'redis://127.0.0.1:6379', deployment: 'option', approvalToken: TOKEN },
    env: { [DEPLOYMENT_ENV]: 'from-env' },
    expected: { kind: 'redis', url: 'redis://127.0.0.1:6379', deployment: 'option', recordKeyToken: TOKEN },
  },
  {
    name: 'refuses a Redis store with no deployment name',
    options: { store: 'redis://127.0.0.1:6379', approvalToken: TOKEN },
    env: {},
    expected: { issues: [expect.stringMatching(/^deployment: required with a Redis store/)] },
  },
  {
    name: 'refuses an empty deployment name from the environment',
    options: { store: 'redis://h:1', approvalToken: TOKEN },
    env: { [DEPLOYMENT_ENV]: '' },
    expected: { issues: [expect.stringMatching(/^deployment: required/)] },
  },
  {
    name: 'refuses a bad deployment name from the environment',
    options: { store: 'redis://h:1', approvalToken: TOKEN },
    env: { [DEPLOYMENT_ENV]: 'a b' },
    expected: { issues: [expect.stringMatching(new RegExp(`^${DEPLOYMENT_ENV}: `))] },
  },
  {
    name: 'refuses a bad deployment name',
    options: { store: 'redis://h:1', deployment: 'a/b', approvalToken: TOKEN },
    env: {},
    expected: { issues: [expect.stringMatching(/^deployment: /)] },
  },
  {
    name: 'refuses a store that is neither memory nor a Redis URL',
    options: { store: 'postgres://h/db', deployment: 'd', approvalToken: TOKEN },
    env: {},
    expected: { issues: [expect.stringMatching(/^store: /)] },
  },
  {
    name: 'keys the records by the approval token from the environment',
    options: { store: 'redis://h:1', deployment: 'd' },
    env: { [APPROVAL_TOKEN_ENV]: TOKEN },
    expected: { kind: 'redis', url: 'redis://h:1', deployment: 'd', recordKeyToken: TOKEN },
  },
  {
    name: 'keys the records by the first named token when no single token is given',
    options: {
      store: 'redis://h:1',
      deployment: 'd',
      approvalTokens: [
        { name: 'ops', token: OTHER_TOKEN },
        { name: 'sec', token: TOKEN },
      ],
    },
    env: {},
    expected: { kind: 'redis', url: 'redis://h:1', deployment: 'd', recordKeyToken: OTHER_TOKEN },
  },
  {
    name: 'keys the records by the single token over the named ones',
    options: {
      store: 'redis://h:1',
      deployment: 'd',
      approvalToken: TOKEN,
      approvalTokens: [{ name: 'ops', token: OTHER_TOKEN }],
    },
    env: {},
    expected: { kind: 'redis', url: 'redis://h:1', deployment: 'd', recordKeyToken: TOKEN },
  },
  {
    name: 'refuses a Redis store without a given approval token',
    options: { store: 'redis://h:1', deployment: 'd' },
    env: {},
    expected: { issues: [REDIS_TOKEN_REQUIRED] },
  },
  {
    name: 'refuses a Redis store without a token and without a deployment name, both at once',
    options: { store: 'redis://h:1' },
    env: { [APPROVAL_TOKEN_ENV]: '' },
    expected: { issues: [REDIS_TOKEN_REQUIRED, expect.stringMatching(/^deployment: required with a Redis store/)] },
  },
  {
    name: 'needs no token for sessions in memory',
    options: { store: 'memory' },
    env: {},
    expected: { kind: 'memory' },
  },
];

describe('the service session store option', () => {
  it.each(cases)('$name', ({ options, env, expected }) => {
    expect(storeOf(options, env)).toEqual(expected);
  });
});

describe('createGovernanceServer on a Redis store', () => {
  it('refuses to be created without a given approval token, saying why and what to give', () => {
    expect(() => createGovernanceServer({ store: 'redis://127.0.0.1:1', deployment: 'd' })).toThrow(
      new InvalidOptionsError([REDIS_TOKEN_REQUIRED]),
    );
    expect(REDIS_TOKEN_REQUIRED).toMatch(/^approvalToken: required with a Redis store .*MAC is keyed by it/);
  });
});
