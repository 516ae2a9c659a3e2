import { IntentGateError } from './IntentGateError';

/** The intents file could not be read or does not match the schema; `issues` name each bad field. */
export class IntentsFileError extends IntentGateError {
  readonly file: string;
  readonly issues: readonly string[];

  constructor(file: string, issues: readonly string[], options?: { cause?: unknown }) {
    super('invalid_intents_file', `Invalid intents file ${file}:\n- ${issues.join('\n- ')}`, options);
    this.name = 'IntentsFileError';
    this.file = file;
    this.issues = issues;
  }
}
