const DEVICE = /^\/\/[?.]\//;
const UNC = /^\/\/[^/]/;
const DRIVE_LETTER = /^[A-Za-z]:/;

/**
 * Names the Windows form of a '/'-separated path ('drive-letter path', 'UNC path',
 * 'Windows device path'), none of which can name a file under a POSIX workspace.
 */
export function windowsPathForm(slashed: string): string | undefined {
  if (DEVICE.test(slashed)) return 'Windows device path';
  // POSIX reads '//x' as '/x', Windows as a share: either way it is not taken as inside
  if (UNC.test(slashed)) return 'UNC path';
  if (DRIVE_LETTER.test(slashed)) return 'drive-letter path';
  return undefined;
}
