import path from 'node:path';
import ignore from 'ignore';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { readRegularFile, type RegularFileRead } from '../files/readRegularFile';

/** The ignore file at the workspace root, in .gitignore syntax (seed 003 FR-009). */
export const INTENT_IGNORE_FILE = '.intentignore';

export interface IntentIgnore {
  /** True when a workspace-relative path is excluded for every tool. */
  ignores(relativePath: string): boolean;
}

const NOTHING_IGNORED: IntentIgnore = { ignores: () => false };

/**
 * How much the answers of one set of rules may hold before they start afresh: the characters of
 * the paths asked since then, each name counted as NAME_COST more, since the rules' own cache
 * keeps an answer for every folder above a path too.
 */
export const MAX_IGNORE_CACHE_COST = 256 * 1024;
const NAME_COST = 32;

const costOf = (relativePath: string): number => {
  let names = 1;
  for (let index = relativePath.indexOf('/'); index !== -1; index = relativePath.indexOf('/', index + 1)) names += 1;
  return relativePath.length + names * NAME_COST;
};

/** Compiles .intentignore rules; an empty text ignores nothing. */
export function parseIntentIgnore(text: string): IntentIgnore {
  if (text.trim() === '') return NOTHING_IGNORED;
  let rules = ignore().add(text);
  // an answer depends on the path string alone: one per path, however many checks of a decision ask
  const answers = new Map<string, boolean>();
  let cost = 0;
  return {
    ignores: (relativePath) => {
      if (relativePath === '') return false;
      const known = answers.get(relativePath);
      if (known !== undefined) return known;
      const asked = costOf(relativePath);
      if (cost + asked > MAX_IGNORE_CACHE_COST) {
        // the paths are the agent's to choose: drop the answers, and the rules with the cache they keep
        answers.clear();
        rules = ignore().add(text);
        cost = 0;
      }
      // a path may name a directory the rules list as 'dir/': test both readings, fail closed
      const answer = rules.ignores(relativePath) || rules.ignores(`${relativePath}/`);
      answers.set(relativePath, answer);
      cost += asked;
      return answer;
    },
  };
}

// an ignore file is a few lines; anything this large is a mistake or an attack
export const MAX_INTENT_IGNORE_BYTES = 1024 * 1024;

/** Reads `<workspaceRoot>/.intentignore`; a missing file ignores nothing, an unreadable one is an error. */
export function loadIntentIgnore(workspaceRoot: string): IntentIgnore {
  const file = path.join(workspaceRoot, INTENT_IGNORE_FILE);
  return intentIgnoreOfRead(readRegularFile(file, MAX_INTENT_IGNORE_BYTES), file);
}

/** The rules of an ignore file already read; throws InvalidOptionsError as `loadIntentIgnore` does. */
export function intentIgnoreOfRead(read: RegularFileRead, file: string): IntentIgnore {
  switch (read.kind) {
    case 'text':
      return parseIntentIgnore(read.text);
    case 'missing':
      return NOTHING_IGNORED;
    case 'too-large':
      throw new InvalidOptionsError([`${file}: the ignore file is ${read.size} bytes; the limit is ${MAX_INTENT_IGNORE_BYTES}`]);
    case 'not-a-file':
      throw new InvalidOptionsError([`${file}: the ignore file is not a regular file`]);
    case 'unreadable':
      throw new InvalidOptionsError([`${file}: cannot read the ignore file: ${String(read.error)}`]);
  }
}
