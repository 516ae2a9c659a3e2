import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_CAP_BYTES, redactArguments } from '../../src/trace/redactArguments';
import { isSecretName, redactText, redactTextByRules, type TextMode } from '../../src/trace/redactText';
import { patchFilePaths } from '../../src/tools/pathArguments';
import { cpuMs } from '../support/cpuTime';

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly expected: unknown;
  readonly redacted: readonly string[];
}

const cases: Case[] = [
  {
    name: 'replaces the value of a secret-looking key',
    tool: 'web',
    args: { url: 'https://example.com', api_key: 'k1', password: 42 },
    expected: { url: 'https://example.com', api_key: '[redacted]', password: '[redacted]' },
    redacted: ['api_key', 'password'],
  },
  {
    name: 'replaces every value beneath a secret-looking key',
    tool: 'web',
    args: { url: 'https://x.test', credentials: { user: 'bob', list: ['a', 1, true] } },
    expected: { url: 'https://x.test', credentials: { user: '[redacted]', list: ['[redacted]', '[redacted]', true] } },
    redacted: ['credentials.user', 'credentials.list[0]', 'credentials.list[1]'],
  },
  {
    name: 'replaces an authorization header in nested arguments',
    tool: 'web',
    args: { url: 'https://x.test', headers: { Authorization: 'Bearer t0k', Accept: 'json' } },
    expected: { url: 'https://x.test', headers: { Authorization: '[redacted]', Accept: 'json' } },
    redacted: ['headers.Authorization'],
  },
  {
    name: 'keeps keys that name a place or a count',
    tool: 'mcp_tool',
    args: { token_file: '/run/t', secret_name: 'db', max_tokens: 10 },
    expected: { token_file: '/run/t', secret_name: 'db', max_tokens: 10 },
    redacted: [],
  },
  {
    name: 'redacts a secret-looking assignment in a command',
    tool: 'execute_command',
    args: { command: 'NPM_TOKEN=abc123 npm publish' },
    expected: { command: 'NPM_TOKEN=__redacted__ npm publish' },
    redacted: ['command'],
  },
  {
    name: 'keeps an assignment whose value runs a command',
    tool: 'execute_command',
    args: { command: 'NPM_TOKEN=$(cat .tok) npm publish' },
    expected: { command: 'NPM_TOKEN=$(cat .tok) npm publish' },
    redacted: [],
  },
  {
    name: 'keeps a variable reference',
    tool: 'shell',
    args: { command: 'curl -H "Authorization: Bearer $TOKEN" https://api.test' },
    expected: { command: 'curl -H "Authorization: Bearer $TOKEN" https://api.test' },
    redacted: [],
  },
  {
    name: 'redacts a bearer token in a curl header',
    tool: 'shell',
    args: { command: "curl -H 'Authorization: Bearer abc.def' https://api.test/x" },
    expected: { command: "curl -H 'Authorization: Bearer __redacted__' https://api.test/x" },
    redacted: ['command'],
  },
  {
    name: 'redacts a password flag and its detached value',
    tool: 'shell',
    args: { command: 'psql --password hunter2 -h db' },
    expected: { command: 'psql --password __redacted__ -h db' },
    redacted: ['command'],
  },
  {
    name: 'redacts a token flag with an equals sign',
    tool: 'shell',
    args: { command: 'deploy --token=hunter2 --token-file t.txt' },
    expected: { command: 'deploy --token=__redacted__ --token-file t.txt' },
    redacted: ['command'],
  },
  {
    name: "redacts mysql's attached -p",
    tool: 'shell',
    args: { command: 'mysql -uroot -phunter2 app' },
    expected: { command: 'mysql -uroot -p__redacted__ app' },
    redacted: ['command'],
  },
  {
    name: "keeps mysql's detached -p, which names no password",
    tool: 'shell',
    args: { command: 'mysql -u root -p app' },
    expected: { command: 'mysql -u root -p app' },
    redacted: [],
  },
  {
    name: 'redacts the password of a URL and keeps its host',
    tool: 'shell',
    args: { command: 'git push https://bot:s3cret@github.com/o/r.git main' },
    expected: { command: 'git push https://bot:__redacted__@github.com/o/r.git main' },
    redacted: ['command'],
  },
  {
    name: 'redacts a token standing as the user of an https URL',
    tool: 'web',
    args: { url: 'https://abcdef0123@example.com/x' },
    expected: { url: 'https://__redacted__@example.com/x' },
    redacted: ['url'],
  },
  {
    name: "redacts curl's user password",
    tool: 'shell',
    args: { command: 'curl -u bob:hunter2 https://x.test' },
    expected: { command: 'curl -u bob:__redacted__ https://x.test' },
    redacted: ['command'],
  },
  {
    name: 'redacts a secret in a query string',
    tool: 'web',
    args: { url: 'https://x.test/v1?access_token=zz9&page=2' },
    expected: { url: 'https://x.test/v1?access_token=__redacted__&page=2' },
    redacted: ['url'],
  },
  {
    name: 'redacts a token by its shape',
    tool: 'shell',
    args: { command: 'gh auth login --with-token ghp_0123456789abcdefghij0123' },
    expected: { command: 'gh auth login --with-token __redacted__' },
    redacted: ['command'],
  },
  {
    name: 'redacts secrets inside written contents',
    tool: 'write_to_file',
    args: { path: '.env', content: 'PORT=80\nDB_PASSWORD=pa$$word\n' },
    expected: { path: '.env', content: 'PORT=80\nDB_PASSWORD=__redacted__\n' },
    redacted: ['content'],
  },
  {
    name: 'keeps a path argument whatever its name suggests',
    tool: 'read_file',
    args: { path: 'secrets/token.txt' },
    expected: { path: 'secrets/token.txt' },
    redacted: [],
  },
  {
    name: 'keeps what is not a secret as it is',
    tool: 'execute_command',
    args: { command: 'git status', cwd: 'src' },
    expected: { command: 'git status', cwd: 'src' },
    redacted: [],
  },
];

describe('redactArguments', () => {
  it.each(cases)('$name', ({ tool, args, expected, redacted }) => {
    const result = redactArguments(tool, args);
    expect(result.args).toEqual(expected);
    expect(result.redacted).toEqual(redacted);
  });

  it('cuts file contents past the cap and keeps their length and digest', () => {
    const content = `${'line of text\n'.repeat(1000)}END`;
    const { args, redacted } = redactArguments('write_to_file', { path: 'a.txt', content });
    const kept = (args as { content: string }).content;
    expect(Buffer.byteLength(kept)).toBeLessThan(CONTENT_CAP_BYTES + 200);
    expect(kept).toContain(
      `of ${Buffer.byteLength(content).toLocaleString('en-US')} bytes, sha256:${createHash('sha256').update(content).digest('hex')}]`,
    );
    expect(kept.endsWith('END')).toBe(false);
    expect(redacted).toEqual(['content']);
  });

  it('keeps every file header of a patch past the cap, so the patch names the same files', () => {
    const hunk = `@@\n${'+added line\n'.repeat(400)}`;
    const patch = `*** Begin Patch\n*** Update File: a.ts\n${hunk}*** Add File: b/c.ts\n${hunk}*** Delete File: d.ts\n*** End Patch`;
    const { args } = redactArguments('apply_patch', { patch });
    const kept = (args as { patch: string }).patch;
    expect(Buffer.byteLength(kept)).toBeLessThan(Buffer.byteLength(patch) / 2);
    expect(patchFilePaths(kept)).toEqual(patchFilePaths(patch));
  });

  it('keeps a value that is no JSON as a marker instead of throwing', () => {
    const circular: Record<string, unknown> = { path: 'a' };
    circular.self = circular;
    const throwing = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    const result = redactArguments('mcp_tool', { circular, big: 10n, fn: () => 1, throwing });
    expect(result.args).toEqual({
      circular: { path: 'a', self: '[omitted: circular]' },
      big: '10',
      throwing: '[omitted: unreadable]',
    });
    expect(result.redacted).toEqual(['circular.self', 'throwing']);
  });

  it('keeps a __proto__ key as an own key', () => {
    const args = JSON.parse('{"__proto__": {"password": "x"}, "a": 1}') as Record<string, unknown>;
    const result = redactArguments('mcp_tool', args);
    expect(Object.keys(result.args as object)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(result.args)).toBe('{"__proto__":{"password":"[redacted]"},"a":1}');
  });

  it('reads a long run of word characters in linear time', () => {
    // CPU time: a quadratic reading takes minutes, a linear one milliseconds
    expect(
      cpuMs(() => redactText(`${'a.'.repeat(30_000)} ${'mysql '.repeat(10_000)} ${'x'.repeat(60_000)}=1`, 'shell')),
    ).toBeLessThan(2000);
  });
});

describe('redactText without a character a rule needs', () => {
  // words of the rules, and every other character a match might use, without '-', ':', '=' or '_'
  const piece = fc.oneof(
    fc.constantFrom(
      'AKI',
      'AIz',
      'AKIAAAAA',
      'ghp',
      'github',
      'glpat',
      'xoxb',
      'sk',
      'BEGIN',
      'PRIVATE KEY',
      'mysql',
      'sshpass',
      'curl',
      'https',
      'token',
      'password',
      'Bearer',
      'Authorization',
      '@',
      '?',
      '&',
      '/',
      '.',
      "'",
      '"',
      '$',
      '`',
      ' ',
      '\n',
    ),
    fc.string({ unit: fc.constantFrom(...'aAzZ09 .,;|&@?/$\'"`\t\n'.split('')), maxLength: 8 }),
  );
  const texts = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
  const modes = fc.constantFrom<TextMode>('shell', 'plain');

  it('answers what every rule run over the text answers', () => {
    fc.assert(
      fc.property(texts, modes, (text, mode) => {
        expect(redactText(text, mode)).toBe(redactTextByRules(text, mode));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    { name: 'a flag', text: 'mysql -psecret' },
    { name: 'an assignment', text: 'TOKEN=abc' },
    { name: 'a URL', text: 'git clone https://u:p@example.com/r' },
    { name: 'a token shape', text: 'echo AKIAABCDEFGHIJKLMNOP' },
  ])('still redacts $name', ({ text }) => {
    expect(redactText(text, 'shell')).toBe(redactTextByRules(text, 'shell'));
    expect(redactText(text, 'shell')).not.toBe(text);
  });
});

describe('isSecretName', () => {
  const names = [
    { name: 'API_KEY', secret: true },
    { name: 'githubToken', secret: true },
    { name: '--client-secret', secret: true },
    { name: 'pwd', secret: true },
    { name: 'token_file', secret: false },
    { name: '--password-stdin', secret: false },
    { name: 'max_tokens', secret: false },
    { name: 'path', secret: false },
  ];
  it.each(names)('$name is secret-looking: $secret', ({ name, secret }) => {
    expect(isSecretName(name)).toBe(secret);
  });
});

// a planted secret: long enough, and from an alphabet a template's own words cannot spell by chance
const secretArbitrary = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~+=-]{11,39}$/);
const fillerArbitrary = fc.stringMatching(/^[a-z ]{0,30}$/);

/** Every place the redaction recognises, each holding the secret `s` among other words. */
const places: readonly {
  readonly name: string;
  readonly call: (s: string, filler: string) => [string, Record<string, unknown>];
}[] = [
  { name: 'a secret-looking key', call: (s, f) => ['web', { url: 'https://x.test', note: f, client_secret: s }] },
  {
    name: 'a nested authorization header',
    call: (s, f) => ['web', { url: 'https://x.test', headers: { authorization: `Bearer ${s}`, f } }],
  },
  {
    name: 'an exported assignment',
    call: (s, f) => ['execute_command', { command: `echo ${f}; export DEPLOY_TOKEN=${s} && make deploy` }],
  },
  {
    name: 'a quoted assignment',
    call: (s, f) => ['shell', { command: `AWS_SECRET_ACCESS_KEY='${s}' aws s3 ls # ${f}` }],
  },
  {
    name: 'a detached password flag',
    call: (s, f) => ['shell', { command: `tool ${f.trim() || 'x'} --password ${s} --verbose` }],
  },
  { name: 'an attached token flag', call: (s) => ['shell', { command: `tool --api-token=${s}` }] },
  { name: "mysql's -p", call: (s) => ['shell', { command: `mysqldump -h db -uroot -p${s} app > dump.sql` }] },
  { name: "sshpass's -p", call: (s) => ['shell', { command: `sshpass -p '${s}' ssh host` }] },
  { name: "curl's -u", call: (s) => ['shell', { command: `curl -fsS -u admin:${s} https://x.test/api` }] },
  {
    name: 'a curl authorization header',
    call: (s, f) => [
      'shell',
      { command: `curl -H "Authorization: Bearer ${s}" https://x.test/${f.replace(/ /g, '')}` },
    ],
  },
  {
    name: 'a URL password in a command',
    call: (s) => ['shell', { command: `git remote add origin https://bot:${s}@git.test/o/r.git` }],
  },
  { name: 'a URL password in a plain argument', call: (s) => ['web', { url: `https://bot:${s}@api.test/x` }] },
  { name: 'a query-string token', call: (s) => ['web', { url: `https://api.test/x?a=1&token=${s}` }] },
  {
    name: 'an assignment in written contents',
    call: (s, f) => ['write_to_file', { path: '.env', content: `# ${f}\nSTRIPE_SECRET=${s}\nPORT=1\n` }],
  },
  {
    name: 'a JSON secret in written contents',
    call: (s) => ['write_to_file', { path: 'c.json', content: `{"name": "app", "apiKey": "${s}"}` }],
  },
  {
    name: 'contents past the cap',
    call: (s) => ['write_to_file', { path: 'big.txt', content: `${'x'.repeat(CONTENT_CAP_BYTES + 10)}\n${s}\n` }],
  },
];

describe('redaction (property)', () => {
  it.each(places)('never lets a secret planted in $name through', ({ call }) => {
    fc.assert(
      fc.property(secretArbitrary, fillerArbitrary, (secret, filler) => {
        const [tool, args] = call(secret, filler);
        const { args: redacted } = redactArguments(tool, args);
        expect(JSON.stringify(redacted)).not.toContain(secret);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws and always returns JSON, whatever the arguments', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), (tool, args) => {
        const { args: redacted } = redactArguments(tool, args);
        // compared as text: JSON has no -0, which fast-check's JSON values may hold
        const text = JSON.stringify(redacted);
        expect(typeof text).toBe('string');
        expect(JSON.stringify(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
