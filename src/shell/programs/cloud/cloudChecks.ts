import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';

// A cloud CLI answers a request for its help from the pages it ships: no call reaches the
// provider. Read narrowly, so a line that calls is never taken for one that asks for help: the
// help option as the reading gives it (an option of the line, not another option's value), or
// the word `help` last, in the place of a command (`aws SERVICE ACTION help`, `gcloud help`).
// A version request is not read as local: some of these CLIs ask their registry for a newer one.

/** The help options of each CLI; gsutil's `-h` is a header it sends, not help. */
const HELP_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  aws: ['--help'],
  gcloud: ['--help', '-h'],
  gsutil: [],
  az: ['--help', '-h'],
  doctl: ['--help', '-h'],
  eksctl: ['--help', '-h'],
  heroku: ['--help', '-h'],
};

/** The CLIs whose first word `help` asks for help on the topic after it (`gcloud help compute`, `gsutil help cp`). */
const HELP_FIRST: ReadonlySet<string> = new Set(['gcloud', 'gsutil']);

/** The most command words before `help` aws reads as asking for help: aws SERVICE ACTION help. */
const AWS_HELP_DEPTH = 2;

/** The words after the program, each known before the line runs; undefined when one is not. */
function literalWords(reading: CommandReading): string[] | undefined {
  const words: string[] = [];
  for (const word of reading.words.slice(1)) {
    if (word.value === undefined) return undefined;
    words.push(word.value);
  }
  return words;
}

/** Whether the line only asks for help: the help option, `help` first (HELP_FIRST), or last after aws' command words. */
function asksForHelp(reading: CommandReading): boolean {
  const helpOptions = HELP_OPTIONS[reading.name] ?? [];
  if (reading.options.some((option) => helpOptions.includes(option.name))) return true;
  const words = literalWords(reading);
  if (words === undefined || words.some((word) => word.startsWith('-'))) return false;
  if (HELP_FIRST.has(reading.name)) return words[0] === 'help';
  return reading.name === 'aws' && words.length <= AWS_HELP_DEPTH + 1 && words.at(-1) === 'help';
}

/** Whether a cloud CLI's line calls its provider: every line but one that only asks for help. */
function callsProvider(reading: CommandReading): boolean {
  return !asksForHelp(reading);
}

/** The cloud family's named checks, by the name a rule gives in `when.check`. */
export const CLOUD_CHECKS: RuleCheckRegistry = { callsProvider };
