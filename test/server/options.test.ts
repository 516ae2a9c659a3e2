import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/errors/InvalidArgumentError';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { CONNECTION_DEFAULTS } from '../../src/server/connectionLimits';
import { createGovernanceServer } from '../../src/server/createGovernanceServer';
import { parseServeArgs } from '../../src/server/serveArgs';
import { APPROVAL_TOKEN_ENV, parseServerOptions } from '../../src/server/serverOptions';

function issuesOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidOptionsError) return error.issues;
    throw error;
  }
  throw new Error('expected InvalidOptionsError');
}

describe('governance service options', () => {
  it('applies the defaults', () => {
    const config = parseServerOptions(undefined, {});
    expect(config).toMatchObject({
      governor: {},
      prefix: '',
      maxBodyBytes: 1024 * 1024,
      maxSessions: 1000,
      approvalTokenSource: 'generated',
    });
    // 32 random bytes in base64url
    expect(config.approvalToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseServerOptions(undefined, {}).approvalToken).not.toBe(config.approvalToken);
  });

  it('takes the approval token from the environment, and the option over it', () => {
    const env = { [APPROVAL_TOKEN_ENV]: 'token-from-the-environment' };
    expect(parseServerOptions({}, env)).toMatchObject({
      approvalToken: 'token-from-the-environment',
      approvalTokenSource: 'env',
    });
    expect(parseServerOptions({ approvalToken: 'token-from-the-option' }, env)).toMatchObject({
      approvalToken: 'token-from-the-option',
      approvalTokenSource: 'option',
    });
    expect(parseServerOptions({}, { [APPROVAL_TOKEN_ENV]: '' }).approvalTokenSource).toBe('generated');
  });

  it('reports every bad option at once, the governor options included', () => {
    const issues = issuesOf(() =>
      createGovernanceServer({
        prefix: 'slavik/',
        maxBodyBytes: -1,
        maxSessions: 1.5,
        approvalToken: 'short',
        governor: { safeMode: 'yes' as unknown as boolean, sessionId: 'fixed' },
      }),
    );
    expect(issues).toEqual([
      expect.stringMatching(/^prefix: /),
      expect.stringMatching(/^approvalToken: /),
      expect.stringMatching(/^maxBodyBytes: /),
      expect.stringMatching(/^maxSessions: /),
      expect.stringMatching(/^governor\.safeMode: /),
      'governor.sessionId: set per session from the URL; remove it',
    ]);
  });

  it('names the environment variable when its token is unusable', () => {
    expect(issuesOf(() => parseServerOptions({}, { [APPROVAL_TOKEN_ENV]: 'has a space in it, sadly' }))).toEqual([
      expect.stringMatching(new RegExp(`^${APPROVAL_TOKEN_ENV}: `)),
    ]);
  });

  it('refuses unknown options', () => {
    expect(issuesOf(() => createGovernanceServer({ port: 1 } as never))).toEqual([expect.stringContaining('port')]);
  });

  it('applies the connection defaults, and reports a header timeout longer than the request timeout', () => {
    expect(parseServerOptions(undefined, {})).toMatchObject({
      metricsAccess: 'open',
      connections: CONNECTION_DEFAULTS,
      log: undefined,
    });
    expect(
      issuesOf(() =>
        parseServerOptions(
          { headersTimeoutMs: 5000, requestTimeoutMs: 1000, maxConnections: 0, metricsAccess: 'public' as never },
          {},
        ),
      ),
    ).toEqual([
      expect.stringMatching(/^metricsAccess: /),
      expect.stringMatching(/^maxConnections: /),
      expect.stringMatching(/^headersTimeoutMs: 5000 is longer than requestTimeoutMs \(1000\)/),
    ]);
  });

  it('refuses a port listen cannot use', async () => {
    const service = createGovernanceServer({ approvalToken: 'a-token-of-sixteen-chars' });
    await expect(service.listen(70000)).rejects.toBeInstanceOf(InvalidArgumentError);
    await service.close();
  });
});

describe('serve arguments', () => {
  const cases = [
    {
      name: 'defaults',
      argv: [],
      env: {},
      expected: { ok: true, args: { port: 8787, host: '127.0.0.1', prefix: '', help: false } },
    },
    {
      name: 'PORT from the environment',
      argv: [],
      env: { PORT: '9000' },
      expected: { ok: true, args: { port: 9000 } },
    },
    {
      name: '--port over PORT',
      argv: ['--port', '0'],
      env: { PORT: '9000' },
      expected: { ok: true, args: { port: 0 } },
    },
    {
      name: '--port=N, --host and --prefix',
      argv: ['--port=81', '--host', '0.0.0.0', '--prefix', '/slavik'],
      env: {},
      expected: { ok: true, args: { port: 81, host: '0.0.0.0', prefix: '/slavik' } },
    },
    { name: '--help', argv: ['-h'], env: {}, expected: { ok: true, args: { help: true } } },
    {
      name: '--workspace and --quiet',
      argv: ['--workspace', '../repo', '--quiet'],
      env: {},
      expected: { ok: true, args: { workspace: '../repo', quiet: true } },
    },
    { name: 'no --quiet: logs on', argv: [], env: {}, expected: { ok: true, args: { quiet: false } } },
    {
      name: 'an unknown flag',
      argv: ['--verbose'],
      env: {},
      expected: { ok: false, problem: expect.stringContaining('--verbose') },
    },
    {
      name: 'a port that is not a number',
      argv: ['--port', 'http'],
      env: {},
      expected: { ok: false, problem: expect.stringContaining("'http'") },
    },
    {
      name: 'a port out of range',
      argv: ['--port', '65536'],
      env: {},
      expected: { ok: false, problem: expect.stringContaining('65535') },
    },
    {
      name: 'a bad PORT',
      argv: [],
      env: { PORT: '-1' },
      expected: { ok: false, problem: expect.stringMatching(/^PORT /) },
    },
    {
      name: '--port with no value',
      argv: ['--port'],
      env: {},
      expected: { ok: false, problem: expect.stringContaining('--port') },
    },
    { name: 'a positional argument', argv: ['8080'], env: {}, expected: { ok: false, problem: expect.any(String) } },
  ];

  it.each(cases)('parses $name', ({ argv, env, expected }) => {
    expect(parseServeArgs(argv, env)).toMatchObject(expected);
  });
});
