/** Something the command needed could not be used (a file, a port); the run exits 1 with the message. */
export class CliFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliFailure';
  }
}
