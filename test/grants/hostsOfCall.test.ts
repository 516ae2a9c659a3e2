import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostsOfCall } from '../../src/grants/grantMatch';

// the plain reading: every string argument and command word scanned whole for URLs, each host once
function hostsByScanningAll(
  args: Readonly<Record<string, unknown>>,
  commands: readonly (readonly string[])[],
): string[] {
  const texts = [
    ...Object.values(args).filter((value): value is string => typeof value === 'string'),
    ...commands.flat(),
  ];
  const hosts = new Set<string>();
  for (const text of texts) {
    for (const found of text
      .slice(0, 65536)
      .match(/\b(?:https?|wss?|ftp):\/\/[^\s'"<>`]+/gi)
      ?.slice(0, 64) ?? []) {
      try {
        hosts.add(new URL(found).hostname.toLowerCase());
      } catch {
        hosts.add('');
      }
    }
  }
  return [...hosts];
}

const piece = fc.constantFrom(
  'https://Example.com/x',
  'http://[::1',
  'ftp://files.org',
  'ws://a.b:80',
  ' ',
  'see ',
  '://',
  'git@host:x',
  'x://y',
  'https:/one-slash.io',
);
const text = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join(''));

describe('hostsOfCall', () => {
  it.each([
    { name: 'no URL anywhere', args: { path: 'src/a.ts', content: 'x' }, commands: [], hosts: [] },
    {
      name: 'a host in an argument, lowercased',
      args: { url: 'https://API.Example.com/v1' },
      commands: [],
      hosts: ['api.example.com'],
    },
    {
      name: 'arguments before command words, each host once',
      args: { note: 'http://b.org' },
      commands: [['curl', 'https://a.org', 'http://b.org']],
      hosts: ['b.org', 'a.org'],
    },
    { name: 'a URL that does not parse names the empty host', args: { url: 'http://[::1' }, commands: [], hosts: [''] },
  ])('$name', ({ args, commands, hosts }) => {
    expect(hostsOfCall(args, commands)).toEqual(hosts);
  });

  it('finds what scanning every text finds', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('url', 'content', 'path', 'n'), fc.oneof(text, fc.integer())),
        fc.array(fc.array(text, { maxLength: 3 }), { maxLength: 3 }),
        (args, commands) => {
          expect(hostsOfCall(args, commands)).toEqual(hostsByScanningAll(args, commands));
        },
      ),
    );
  });
});
