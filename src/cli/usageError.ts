/** A flag or argument the CLI cannot use; the run exits 2 with the message, which names the flag. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
