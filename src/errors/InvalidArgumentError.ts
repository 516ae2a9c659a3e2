import { IntentGateError } from './IntentGateError';

/** A governor method was called with an argument it cannot use (a bad state name, an unknown mode). */
export class InvalidArgumentError extends IntentGateError {
  constructor(message: string) {
    super('invalid_argument', message);
    this.name = 'InvalidArgumentError';
  }
}
