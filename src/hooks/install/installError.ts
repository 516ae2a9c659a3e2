/** Why `intentgate hooks install` or `uninstall` refused: a settings file it cannot read, or one holding an entry it would clash with. */
export const INSTALL_ERROR_CODES = ['invalid_settings_file', 'conflicting_settings', 'invalid_install_record'] as const;

export type InstallErrorCode = (typeof INSTALL_ERROR_CODES)[number];

/** A refusal of `hooks install` or `uninstall`; nothing was written when it is thrown. */
export class HooksInstallError extends Error {
  readonly code: InstallErrorCode;
  /** the file the refusal is about */
  readonly file: string;

  constructor(code: InstallErrorCode, file: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HooksInstallError';
    this.code = code;
    this.file = file;
  }
}
