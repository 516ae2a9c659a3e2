import type { CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { subcommandHooks } from './gitSubcommandHooks';

/** The hooks a repository runs when something is pushed into it (`git push ../other`). */
const RECEIVE_HOOKS = [
  'pre-receive',
  'update',
  'proc-receive',
  'reference-transaction',
  'push-to-checkout',
  'post-receive',
  'post-update',
  'post-index-change',
];

// global options that make git read another repository, configuration or programs
const ELSEWHERE = /^--(?:git-dir|work-tree|exec-path)(?:=|$)/;

/** Where a git command runs and reads its hooks from: `git -C DIR` and `-c core.hooksPath=DIR` before the subcommand. */
interface GitPlace {
  /** the folder git runs in, relative to the command's folder; no value when built at run time */
  readonly folder: ShellWord;
  readonly hooksPath: string | undefined;
  readonly problem: string | undefined;
}

function gitPlace(words: readonly ShellWord[], subcommandIndex: number): GitPlace {
  let folder: string | undefined = '.';
  let hooksPath: string | undefined;
  for (let index = 1; index < subcommandIndex; index++) {
    const word = words[index];
    const value = word?.value;
    if (value !== undefined && ELSEWHERE.test(value) && value !== '--exec-path') {
      return {
        folder: staticWord('.'),
        hooksPath,
        problem: `git ${value.split('=')[0] ?? value} makes git read another repository or run its programs from another folder`,
      };
    }
    const next = words[index + 1];
    if (value === '-C') {
      const target = next?.value;
      folder =
        target === undefined || folder === undefined
          ? undefined
          : target.startsWith('/')
            ? target
            : `${folder}/${target}`;
      index++;
    } else if (value === '-c') {
      const pair = next?.value ?? next?.source ?? '';
      const equals = pair.indexOf('=');
      if (equals !== -1 && pair.slice(0, equals).toLowerCase() === 'core.hookspath') {
        if (next?.value === undefined)
          return {
            folder: staticWord('.'),
            hooksPath,
            problem: 'git -c core.hooksPath built at run time: the hooks git runs cannot be found',
          };
        hooksPath = pair.slice(equals + 1);
      }
      index++;
    }
  }
  const where: ShellWord =
    folder === undefined
      ? {
          value: undefined,
          literal: undefined,
          source: words
            .slice(1, subcommandIndex)
            .map((word) => word.source)
            .join(' '),
        }
      : staticWord(folder);
  return { folder: where, hooksPath, problem: undefined };
}

/** A push operand that names a repository on this machine by its path (not a remote's name, not a URL). */
function localRepository(word: ShellWord | undefined): ShellWord | undefined {
  const value = word?.value;
  if (value === undefined) return undefined;
  if (value.startsWith('file://')) return staticWord(value.slice('file://'.length));
  if (value.includes('://') || /^[^/]*:/.test(value)) return undefined;
  return value.includes('/') || value === '.' || value === '..' || value.startsWith('~') ? word : undefined;
}

/**
 * What a git command reads as code from its repository, for the caller to read: the hooks the
 * subcommand runs (`pre-commit` for a commit, `reference-transaction` for any ref it changes,
 * `post-index-change` when it writes the index; see gitSubcommandHooks.ts), and the repository's own
 * configuration. A push into a repository of this machine runs that repository's receive hooks
 * too. Hooks are files an agent can write and then trigger.
 */
export function gitRepositoryRuns(effects: CommandEffects, reading: CommandReading): void {
  const end = reading.subcommandEnds[0] ?? reading.next;
  const place = gitPlace(reading.words, reading.subcommandEnds[0] === undefined ? end : end - 1);
  if (place.problem !== undefined) {
    effects.problems.push({ reason: `${place.problem}: fail closed` });
    return;
  }
  const hooks = subcommandHooks(reading.node?.path ?? []);
  const details =
    place.hooksPath === undefined
      ? { mustRead: 'ifPresent' as const }
      : { mustRead: 'ifPresent' as const, codeFolder: place.hooksPath };
  effects.scriptRuns.push({ word: place.folder, how: 'git', script: hooks.join(' '), details });
  if (reading.subcommands[0]?.value !== 'push') return;
  const target = localRepository(reading.operands[0]);
  if (target !== undefined)
    effects.scriptRuns.push({
      word: target,
      how: 'git',
      script: RECEIVE_HOOKS.join(' '),
      details: { mustRead: 'ifPresent' },
    });
}
