import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { approvalTokens, parseApprovalTokensEnv } from '../../src/server/approvalTokens';
import { parseServerOptions } from '../../src/server/serverOptions';

const SINGLE = 'the-single-approval-token';
const ALICE = 'alice-approval-token-0123';
const BOB = 'bob-approval-token-012345';

const issuesOf = (options: unknown, env: NodeJS.ProcessEnv = {}): readonly string[] => {
  try {
    parseServerOptions(options, env);
    return [];
  } catch (error) {
    if (error instanceof InvalidOptionsError) return error.issues;
    throw error;
  }
};

describe('named approval tokens in the options', () => {
  it('names the single token default, then the named ones', () => {
    const config = parseServerOptions(
      {
        approvalToken: SINGLE,
        approvalTokens: [
          { name: 'alice', token: ALICE },
          { name: 'ci-bot', token: BOB },
        ],
      },
      {},
    );
    expect(config.approvalTokens).toEqual([
      { name: 'default', token: SINGLE },
      { name: 'alice', token: ALICE },
      { name: 'ci-bot', token: BOB },
    ]);
  });

  it('reads INTENTGATE_APPROVAL_TOKENS when the option is absent', () => {
    const config = parseServerOptions(
      { approvalToken: SINGLE },
      { INTENTGATE_APPROVAL_TOKENS: ` alice:${ALICE} , bob:${BOB},` },
    );
    expect(config.approvalTokens.map((each) => each.name)).toEqual(['default', 'alice', 'bob']);
  });

  it('takes the option over the environment', () => {
    const config = parseServerOptions(
      { approvalToken: SINGLE, approvalTokens: [{ name: 'alice', token: ALICE }] },
      { INTENTGATE_APPROVAL_TOKENS: `bob:${BOB}` },
    );
    expect(config.approvalTokens.map((each) => each.name)).toEqual(['default', 'alice']);
  });

  const bad = [
    {
      name: 'a name given twice',
      options: {
        approvalTokens: [
          { name: 'alice', token: ALICE },
          { name: 'alice', token: BOB },
        ],
      },
      env: {},
      issue: "approvalTokens[1].name: the name 'alice' is given twice",
    },
    {
      name: 'a token given twice',
      options: {
        approvalTokens: [
          { name: 'alice', token: ALICE },
          { name: 'bob', token: ALICE },
        ],
      },
      env: {},
      issue: 'approvalTokens[1].token: this token is given to another name too',
    },
    {
      name: 'the reserved name default',
      options: { approvalTokens: [{ name: 'default', token: ALICE }] },
      env: {},
      issue:
        "approvalTokens[0].name: 'default' and 'sign-in-link' are the names of the single token and the sign-in link",
    },
    {
      name: 'a name with a space',
      options: { approvalTokens: [{ name: 'al ice', token: ALICE }] },
      env: {},
      issue: expect.stringMatching(/^approvalTokens\[0\]\.name: a token name is 1 to 64 letters/),
    },
    {
      name: 'a short token',
      options: { approvalTokens: [{ name: 'alice', token: 'short-one' }] },
      env: {},
      issue: 'approvalTokens[0].token: an approval token must have at least 16 characters',
    },
    {
      name: 'a named token equal to the single one',
      options: { approvalToken: ALICE, approvalTokens: [{ name: 'alice', token: ALICE }] },
      env: {},
      issue: 'approvalTokens: a named token is the same as the single approval token',
    },
    {
      name: 'an environment entry without a name',
      options: {},
      env: { INTENTGATE_APPROVAL_TOKENS: `alice:${ALICE},${BOB}` },
      issue: 'INTENTGATE_APPROVAL_TOKENS: entry 2 is not name:token',
    },
    {
      name: 'a short token in the environment',
      options: {},
      env: { INTENTGATE_APPROVAL_TOKENS: 'alice:short-one' },
      issue: 'INTENTGATE_APPROVAL_TOKENS[0].token: an approval token must have at least 16 characters',
    },
  ];

  it.each(bad)('refuses $name, without printing a token', ({ options, env, issue }) => {
    const issues = issuesOf(options, env);
    expect(issues).toEqual([issue]);
    for (const token of [ALICE, BOB, 'short-one']) expect(issues.join('\n')).not.toContain(token);
  });
});

describe('approvalTokens', () => {
  const tokens = approvalTokens([
    { name: 'default', token: SINGLE },
    { name: 'alice', token: ALICE },
    { name: 'bob', token: BOB },
  ]);
  const given = [
    { name: 'the single token', token: SINGLE, expected: 'default' },
    { name: "alice's token", token: ALICE, expected: 'alice' },
    { name: "bob's token", token: BOB, expected: 'bob' },
    { name: 'a prefix of a token', token: ALICE.slice(0, -1), expected: undefined },
    { name: 'a token with more after it', token: `${BOB}0`, expected: undefined },
    { name: 'an empty token', token: '', expected: undefined },
  ];

  it.each(given)('names $name as $expected', ({ token, expected }) => {
    expect(tokens.nameOf(token)).toBe(expected);
  });

  it('reads an empty environment value as no entry', () => {
    expect(parseApprovalTokensEnv(' , ')).toEqual({
      tokens: [],
      issues: ['INTENTGATE_APPROVAL_TOKENS: no name:token entry; leave it unset for none'],
    });
  });
});
