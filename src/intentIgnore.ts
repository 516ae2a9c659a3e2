import { readFileSync } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { InvalidOptionsError } from './errors/InvalidOptionsError';

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

/** Reads `<workspaceRoot>/.intentignore`; a missing file ignores nothing, an unreadable one is an error. */
export function loadIntentIgnore(workspaceRoot: string): IntentIgnore {
  const file = path.join(workspaceRoot, INTENT_IGNORE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NOTHING_IGNORED;
    throw new InvalidOptionsError([`${file}: cannot read the ignore file: ${String(error)}`]);
  }
  return parseIntentIgnore(text);
}
