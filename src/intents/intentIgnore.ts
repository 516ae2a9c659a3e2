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

/** Compiles .intentignore rules; an empty text ignores nothing. */
export function parseIntentIgnore(text: string): IntentIgnore {
  if (text.trim() === '') return NOTHING_IGNORED;
  const rules = ignore().add(text);
  return {
    // a path may name a directory the rules list as 'dir/': test both readings, fail closed
    ignores: (relativePath) =>
      relativePath !== '' && (rules.ignores(relativePath) || rules.ignores(`${relativePath}/`)),
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
