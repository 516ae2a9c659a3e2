import { parseDocument } from 'yaml';
import { IntentsFileError } from '../errors/IntentsFileError';
import { readRegularFile, type RegularFileRead } from '../files/readRegularFile';
import { formatIssues, freezeIntents, intentsFileSchema, type Intent } from './intent';

/** The intents file name inside the orchestration directory. */
export const INTENTS_FILE_NAME = 'active_intents.yaml';

// an intents file is a few kilobytes; anything this large is a mistake or an attack
export const MAX_INTENTS_FILE_BYTES = 1024 * 1024;

/** Parses the text of an intents file; throws IntentsFileError naming every bad field. */
export function parseIntentsFile(text: string, file: string): readonly Intent[] {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw new IntentsFileError(
      file,
      document.errors.map((error) => `YAML syntax: ${error.message.split('\n')[0] ?? error.code}`),
    );
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // an alias bomb is refused by the parser; report it like any other bad file
    throw new IntentsFileError(file, [`YAML content: ${error instanceof Error ? error.message : String(error)}`], {
      cause: error,
    });
  }
  const result = intentsFileSchema.safeParse(value);
  if (!result.success) throw new IntentsFileError(file, formatIssues(result.error));
  return freezeIntents(result.data.active_intents);
}

/**
 * Loads `active_intents.yaml`. A missing file means no intents (every selection will be
 * refused with a reason); an unreadable or malformed one is an IntentsFileError.
 */
export function loadIntentsFile(file: string): readonly Intent[] {
  return intentsOfRead(readRegularFile(file, MAX_INTENTS_FILE_BYTES), file);
}

/** The intents of an intents file already read; throws IntentsFileError as `loadIntentsFile` does. */
export function intentsOfRead(read: RegularFileRead, file: string): readonly Intent[] {
  switch (read.kind) {
    case 'text':
      return parseIntentsFile(read.text, file);
    case 'missing':
      return Object.freeze([]);
    case 'too-large':
      throw new IntentsFileError(file, [`the file is ${read.size} bytes; the limit is ${MAX_INTENTS_FILE_BYTES}`]);
    case 'not-a-file':
      throw new IntentsFileError(file, ['not a regular file']);
    case 'unreadable':
      throw new IntentsFileError(file, [`cannot read the file: ${String(read.error)}`], { cause: read.error });
  }
}
