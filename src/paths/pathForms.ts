// what a layer that trims text takes off the ends: JavaScript's, Python's, Go's and Rust's
// whitespace, and the other control characters a sanitizer may drop
const EDGE = /^[\s\0-\x1f\x7f\x85]$/;

const isEdge = (char: string | undefined): boolean => char !== undefined && EDGE.test(char);

/** The text without the whitespace at its ends, in one pass from each end (a regular expression would backtrack on long runs). */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isEdge(text[start])) start += 1;
  while (end > start && isEdge(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** True when a path argument is only whitespace: trimmed, it names nothing, or the folder a tool starts in. */
export function isBlankPath(written: string): boolean {
  return trimEdges(written) === '';
}

/**
 * The paths one path argument may stand for: as written, and trimmed when it has whitespace
 * at either end, since a host, a framework or the tool itself may trim it before use. Each
 * form is checked, so `' .intentignore'` is a control file and `'docs/a.md '` is outside `src/**`.
 * @example pathForms(' .intentignore') // [' .intentignore', '.intentignore']
 */
export function pathForms(written: string): readonly string[] {
  const trimmed = trimEdges(written);
  return trimmed === written || trimmed === '' ? [written] : [written, trimmed];
}
