import { quoteArgv } from '../text/quoteArgv';
import { bwrapArguments, cwdProblem } from './bwrapArguments';
import type { ContainmentProfile } from './containmentProfile';
import type { MaskSources } from './maskSources';
import { stableMaskSources } from './stableMaskSources';

/** One shell command line that runs a command contained, or why it cannot be made. */
export type ContainedShellLine =
  { readonly ok: true; readonly line: string } | { readonly ok: false; readonly reason: string };

/** Where and with which bwrap the line runs its command. */
export interface ContainedShellLineOptions {
  /** the bwrap to run (the `contain` plan's, `detectContainment()`'s) */
  readonly bwrap: string;
  /** the folder the command runs in inside the sandbox, an absolute path (default the workspace root): the agent shell's folder */
  readonly cwd?: string;
  /** the mode-000 sources bound over masked places (default `stableMaskSources()`, which outlive this process) */
  readonly masks?: MaskSources;
}

// the status of the contained command, kept while the line clears what it must not leave
const STATUS = 'intentgate_contained_status';

/**
 * One command line for a shell (`bash -c LINE`, what an agent's shell tool runs) that runs
 * `command` in bubblewrap under `profile`, as `bash -c COMMAND` in the sandbox; then, once the
 * sandbox has ended, removes the profile's `removeAfter` places and ends with the command's
 * status (`(exit N)`, so a shell that runs more after the line goes on, as after any command).
 * Every word is quoted for bash. The masks are lasting ones (`stableMaskSources()`), since
 * the line usually runs after the process that made it has exited. A profile that is
 * incomplete, a working folder it masks or hides, a command with a NUL character, or mask
 * sources that cannot be kept are refused with the reason. If the shell is killed before the
 * sandbox ends, bwrap ends with it (`--die-with-parent`) and nothing is removed.
 *
 * @example
 * const made = containedShellLine(profile, 'npm test', { bwrap: '/usr/bin/bwrap', cwd: '/repo/src' });
 * if (made.ok) toolInput.command = made.line; // else deny the call with made.reason
 */
export function containedShellLine(
  profile: ContainmentProfile,
  command: string,
  options: ContainedShellLineOptions,
): ContainedShellLine {
  if (!profile.complete)
    return {
      ok: false,
      reason: `the profile is incomplete: ${profile.refused.map((place) => place.reason).join('; ')}`,
    };
  if (command.trim() === '') return { ok: false, reason: 'the command is empty' };
  // bash cannot take a NUL in an argument: the command would be cut short
  if (command.includes('\0')) return { ok: false, reason: 'the command contains a NUL character' };
  const cwd = options.cwd ?? profile.workspaceRoot;
  if (!cwd.startsWith('/') || cwd.includes('\0'))
    return { ok: false, reason: `the working folder '${cwd.slice(0, 200)}' is not an absolute path` };
  const problem = cwdProblem(profile, cwd);
  if (problem !== undefined) return { ok: false, reason: problem };
  let masks: MaskSources;
  try {
    masks = options.masks ?? stableMaskSources();
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const run = quoteArgv([options.bwrap, ...bwrapArguments(profile, command, masks, cwd)]);
  if (profile.removeAfter.length === 0) return { ok: true, line: run };
  const clear = `command ${quoteArgv(['rm', '-rf', '--', ...profile.removeAfter.map((place) => place.path)])}`;
  return { ok: true, line: `${run}; ${STATUS}=$?; ${clear}; (exit "$${STATUS}")` };
}

// one word as quoteArgv writes it: plain characters, or single-quoted runs joined by \'
const WORD = /^(?:[A-Za-z0-9_@%+:,./=-]|'[^']*'|\\')+/;

/** The words of a line as quoteArgv wrote them, up to the first `;`; undefined for anything else. */
function quotedWords(line: string): { readonly words: string[]; readonly rest: string } | undefined {
  const words: string[] = [];
  let at = 0;
  while (at < line.length && line[at] !== ';') {
    const match = WORD.exec(line.slice(at));
    if (match === null) return undefined;
    words.push(
      match[0].replace(/'([^']*)'|\\'/g, (quoted: string, inner: string | undefined) =>
        quoted === "\\'" ? "'" : (inner ?? ''),
      ),
    );
    at += match[0].length;
    if (line[at] === ' ') at += 1;
    else if (at < line.length && line[at] !== ';') return undefined;
  }
  return { words, rest: line.slice(at) };
}

/**
 * The command a line of `containedShellLine` runs, or undefined when `line` is not one. An
 * agent that ran a rewritten command reports the line, not the model's command; a hook reads
 * the model's command back out of it to find the call it decided.
 */
export function commandOfContainedLine(line: string): string | undefined {
  const read = quotedWords(line);
  if (read === undefined || read.words.length < 6) return undefined;
  const { words, rest } = read;
  if (words[1] !== '--die-with-parent' || words.at(-4) !== '--' || words.at(-3) !== 'bash' || words.at(-2) !== '-c')
    return undefined;
  if (rest !== '' && !(rest.startsWith(`; ${STATUS}=$?; command rm -rf -- `) && rest.endsWith(`; (exit "$${STATUS}")`)))
    return undefined;
  return words.at(-1);
}
