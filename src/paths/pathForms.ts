// what a layer that trims text takes off the ends: JavaScript's, Python's, Go's and Rust's
// whitespace, and the other control characters a sanitizer may drop
const EDGES = /^[\s\0-\x1f\x7f\x85]+|[\s\0-\x1f\x7f\x85]+$/g;

/** True when a path argument is only whitespace: trimmed, it names nothing, or the folder a tool starts in. */
export function isBlankPath(written: string): boolean {
  return written.replace(EDGES, '') === '';
}

/**
 * The paths one path argument may stand for: as written, and trimmed when it has whitespace
 * at either end, since a host, a framework or the tool itself may trim it before use. Each
 * form is checked, so `' .intentignore'` is a control file and `'docs/a.md '` is outside `src/**`.
 * @example pathForms(' .intentignore') // [' .intentignore', '.intentignore']
 */
export function pathForms(written: string): readonly string[] {
  const trimmed = written.replace(EDGES, '');
  return trimmed === written || trimmed === '' ? [written] : [written, trimmed];
}
