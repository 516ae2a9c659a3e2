import type { ShellFinding } from './shellAnalysis';
import type { CommandReading } from './commandReading';
import { shownWord } from '../words/shellWord';
import { clip } from './ruleFindings';

// Service and infrastructure CLIs are many (a backup tool, a feature-flag service, an API
// gateway, a message broker) and the catalog cannot know them all, but they name what they do
// with a verb among their first words: `apigeecli apis delete --name x`, `nats stream rm s`,
// `borg prune repo`. A program the catalog does not know that says one of these verbs is held
// as SYSTEM_IMPACT, so a destructive call of a tool nobody described is still named and asked
// about, not run on the everyday approvals. A program the catalog knows is read by its spec.
// A program run by its path or as a script file (`./tests/runtests.py delete`, `bin/dev reset`)
// is the project's own code, whose words are its own (a test label, a task name): it stays
// EXEC_ARBITRARY, as any project code does.

/** Verbs that destroy, revoke or reset what a service holds. */
const DESTRUCTIVE_VERBS: ReadonlySet<string> = new Set([
  'delete',
  'del',
  'destroy',
  'drop',
  'purge',
  'prune',
  'reset',
  'revoke',
  'disable',
  'uninstall',
  'remove',
  'rm',
  'truncate',
  'wipe',
  'erase',
  'flush',
  'flushall',
  'flushdb',
  'forget',
  'terminate',
  'decommission',
  'deprovision',
  'unpublish',
  'break-lock',
  'rollback',
  'cleanup',
  'dedupe',
  'empty',
  'unregister',
  'restore',
  'roll',
  'rotate',
]);

// script files a project runs: their words are the script's own
const SCRIPT_EXTENSION = /\.(?:py|sh|bash|js|mjs|cjs|ts|rb|pl|php)$/;

/** A program named by a path or as a script file: the project's own code, not an installed CLI. */
function isProjectProgram(name: string | undefined): boolean {
  return name === undefined || name.includes('/') || SCRIPT_EXTENSION.test(name);
}

/** The note of the finding: the verb itself is in its trigger and details, so the note is one text to translate. */
export const UNKNOWN_PROGRAM_VERB_NOTE = 'a destructive verb of a program intentgate does not know';

/**
 * How many words after the verb the target detail joins: clip shows 200 characters and each word
 * shows at least one and a space, so later words never show, and a huge line is not joined whole.
 */
const SHOWN_TARGET_WORDS = 200;

/** How many words after the program may hold its verb: `tool group resource verb`. */
const VERB_POSITIONS = 3;

// what joins a verb to its object
const JOINED = /[-_:]/;

/** The verb among the first words from `start` that are not options, and where it stands. */
function destructiveVerb(reading: CommandReading, start: number): { verb: string; at: number } | undefined {
  let seen = 0;
  for (let index = start; index < reading.words.length && seen < VERB_POSITIONS; index++) {
    const value = reading.words[index]?.value;
    if (value === undefined) return undefined;
    if (value.startsWith('-')) continue;
    seen++;
    // `delete-queue`, `purge_queue`, `stream-rm`: a verb joined to its object reads the same
    const lower = value.toLowerCase();
    if (
      DESTRUCTIVE_VERBS.has(lower) ||
      (JOINED.test(lower) && lower.split(JOINED).some((part) => DESTRUCTIVE_VERBS.has(part)))
    )
      return { verb: value, at: index };
  }
  return undefined;
}

/**
 * Where the words the catalog does not know start: after the program it does not know (an
 * installed CLI's, not a project's script), or at the subcommand it does not know of a program
 * it does (`wrangler d1 delete db`, where the catalog knows only wrangler's deploy and dev).
 */
function unknownWordsStart(reading: CommandReading): number | undefined {
  if (reading.node === undefined) return isProjectProgram(reading.words[0]?.value) ? undefined : 1;
  return reading.unknownSubcommand === undefined ? undefined : reading.next;
}

/** SYSTEM_IMPACT for a program whose words the catalog does not know, when they say it destroys, revokes or resets something. */
export function unknownProgramVerbFinding(reading: CommandReading): ShellFinding | undefined {
  const start = unknownWordsStart(reading);
  if (start === undefined) return undefined;
  const found = destructiveVerb(reading, start);
  if (found === undefined) return undefined;
  const label = reading.words
    .slice(0, found.at + 1)
    .map(shownWord)
    .join(' ');
  const target = clip(
    reading.words
      .slice(found.at + 1, found.at + 1 + SHOWN_TARGET_WORDS)
      .map(shownWord)
      .join(' '),
  );
  return {
    category: 'SYSTEM_IMPACT',
    trigger: label,
    command: reading.command,
    note: UNKNOWN_PROGRAM_VERB_NOTE,
    details: [label, target, 'service'],
  };
}
