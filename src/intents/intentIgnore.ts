import path from 'node:path';
import ignore from 'ignore';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { createBoundedMemo } from '../paths/boundedMemo';
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

const namesCost = (relativePath: string): number => {
  let names = 1;
  for (let index = relativePath.indexOf('/'); index !== -1; index = relativePath.indexOf('/', index + 1)) names += 1;
  return names * NAME_COST;
};

/** Compiles .intentignore rules; an empty text ignores nothing. */
export function parseIntentIgnore(text: string): IntentIgnore {
  if (text.trim() === '') return NOTHING_IGNORED;
  let rules = ignore().add(text);
  // an answer depends on the path string alone: one per path, however many checks of a decision ask;
  // the paths are the agent's to choose, so the answers start afresh past a bound, and the rules with the cache they keep
  const answers = createBoundedMemo<boolean>(MAX_IGNORE_CACHE_COST, namesCost, () => {
    rules = ignore().add(text);
  });
  // a path may name a directory the rules list as 'dir/': test both readings, fail closed
  const answer = (relativePath: string): boolean => rules.ignores(relativePath) || rules.ignores(`${relativePath}/`);
  return { ignores: (relativePath) => relativePath !== '' && answers.get(relativePath, answer) };
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
      throw new InvalidOptionsError([
        `${file}: the ignore file is ${read.size} bytes; the limit is ${MAX_INTENT_IGNORE_BYTES}`,
      ]);
    case 'not-a-file':
      throw new InvalidOptionsError([`${file}: the ignore file is not a regular file`]);
    case 'unreadable':
      throw new InvalidOptionsError([`${file}: cannot read the ignore file: ${String(read.error)}`]);
  }
}
