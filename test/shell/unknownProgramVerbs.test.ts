import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';

// Programs here are ones the catalog does not know and is not likely to (the acme ones are made up).
// A program the catalog does not know is held as SYSTEM_IMPACT when one of its first three
// words that are not options is a verb that destroys, revokes or resets what a service holds.
const impactOf = (command: string): readonly string[] | undefined =>
  analyzeShell(command).findings.find((finding) => finding.category === 'SYSTEM_IMPACT')?.details;

describe('an unknown program that says a destructive verb', () => {
  it.each([
    {
      name: 'a verb after a resource',
      command: 'apigeecli apis delete --name my-api',
      details: ['apigeecli apis delete', '--name my-api', 'service'],
    },
    {
      name: 'a verb first',
      command: 'acmectl delete my-worker',
      details: ['acmectl delete', 'my-worker', 'service'],
    },
    {
      name: 'a verb third',
      command: 'acmeflags flags archive delete x',
      details: ['acmeflags flags archive delete', 'x', 'service'],
    },
    {
      name: 'options skipped',
      command: 'acmecdn --token t service delete --service-id x',
      details: ['acmecdn --token t service delete', '--service-id x', 'service'],
    },
    {
      name: 'a verb joined to its object',
      command: 'acmectl purge_queue name=q',
      details: ['acmectl purge_queue', 'name=q', 'service'],
    },
    {
      name: 'rm as a verb',
      command: 'objctl rm --recursive --force play/bucket',
      details: ['objctl rm', '--recursive --force play/bucket', 'service'],
    },
    { name: 'a reset', command: 'deck gateway reset', details: ['deck gateway reset', '', 'service'] },
    {
      name: 'a restore of a backup',
      command: 'gitlab-rake gitlab:backup:restore',
      details: ['gitlab-rake gitlab:backup:restore', '', 'service'],
    },
    { name: 'keys rolled', command: 'acmectl api_keys roll', details: ['acmectl api_keys roll', '', 'service'] },
    {
      name: "a known program's subcommand the catalog does not know",
      command: 'wrangler d1 delete my-db',
      details: ['wrangler d1 delete', 'my-db', 'service'],
    },
    {
      name: "a known program's unknown subcommand that is the verb",
      command: 'wrangler delete my-worker',
      details: ['wrangler delete', 'my-worker', 'service'],
    },
  ])('holds $name: $command', ({ command, details }) => {
    expect(impactOf(command)).toEqual(details);
  });

  it.each([
    { name: 'a read-only verb', command: 'apigeecli apis list' },
    { name: 'a verb past the third word', command: 'mytool a b c delete' },
    { name: 'a verb only as an option', command: 'mytool --delete x' },
    { name: 'a word containing a verb', command: 'mytool deleted-items' },
    { name: 'no verb at all', command: './build.sh release' },
    { name: "a known program's unknown subcommand with no verb", command: 'wrangler d1 list' },
    { name: "a known program's known subcommand, its operand a verb", command: 'wrangler deploy delete' },
    { name: 'an unknown option of a known program, not a subcommand', command: 'grep --frobnicate delete notes.txt' },
    { name: "a project's script run by its path (a test label)", command: './tests/runtests.py delete' },
    { name: "a project's script run by its path", command: './manage.py flush --noinput' },
    { name: 'a script file run by name', command: 'deploy.sh destroy' },
    { name: 'a program the catalog knows, read by its spec', command: 'grep delete notes.txt' },
    { name: 'a word built at run time first', command: 'mytool "$ACTION" x' },
  ])('does not hold $name: $command', ({ command }) => {
    expect(impactOf(command)).toBeUndefined();
  });

  it.each([
    { name: 'a long target', words: 120, word: 'bucket-name' },
    { name: 'a huge line', words: 50_000, word: 'x' },
  ])('clips the target of $name to 200 characters, marked as cut', ({ words, word }) => {
    const target = impactOf(`acmectl delete ${Array.from({ length: words }, () => word).join(' ')}`)?.[1] ?? '';
    expect(target).toHaveLength(200);
    expect(target.endsWith('\u2026')).toBe(true);
    expect(target.startsWith(`${word} ${word}`)).toBe(true);
  });
});
