import { IntentGateError } from '../../errors/IntentGateError';

/**
 * A name given twice to a registry by the program families (a reader, a check, an environment
 * variable): a mistake in the families, found when the registry is built, not a decision about a call.
 */
export class RegistryClashError extends IntentGateError {
  /** the name given twice */
  readonly entry: string;
  /** what the name is given as: 'reader', 'environment variable'... */
  readonly registry: string;

  constructor(registry: string, entry: string) {
    super(
      'registry_clash',
      `${registry} '${entry}' is given twice by the program families: give it once, in the family of its program`,
    );
    this.name = 'RegistryClashError';
    this.registry = registry;
    this.entry = entry;
  }
}
