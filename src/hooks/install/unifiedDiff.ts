/** Lines of a text, each with its line break, so a missing final break shows. */
const linesOf = (text: string | undefined): string[] =>
  text === undefined || text === '' ? [] : (text.match(/[^\n]*\n|[^\n]+$/g) ?? []);

type Line = { readonly mark: ' ' | '-' | '+'; readonly text: string };

/** The lines of both texts in order, each kept, removed or added (a longest common subsequence; settings files are small). */
function diffLines(before: readonly string[], after: readonly string[]): Line[] {
  const n = before.length;
  const m = after.length;
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      common[i]![j] =
        before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const lines: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      lines.push({ mark: ' ', text: before[i]! });
      i += 1;
      j += 1;
    } else if (i < n && (j === m || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      lines.push({ mark: '-', text: before[i]! });
      i += 1;
    } else {
      lines.push({ mark: '+', text: after[j]! });
      j += 1;
    }
  }
  return lines;
}

const CONTEXT = 3;
const show = (line: Line): string =>
  `${line.mark}${line.text.endsWith('\n') ? line.text : `${line.text}\n\\ No newline at end of file\n`}`;

/** A unified diff of one file (`/dev/null` for a side that does not exist), with three lines of context. */
export function unifiedDiff(name: string, before: string | undefined, after: string | undefined): string {
  const lines = diffLines(linesOf(before), linesOf(after));
  const changed = lines.flatMap((line, index) => (line.mark === ' ' ? [] : [index]));
  let out = `--- ${before === undefined ? '/dev/null' : `a/${name}`}\n+++ ${after === undefined ? '/dev/null' : `b/${name}`}\n`;
  let at = 0;
  while (at < changed.length) {
    const start = Math.max(0, changed[at]! - CONTEXT);
    let end = changed[at]! + CONTEXT + 1;
    while (at + 1 < changed.length && changed[at + 1]! - CONTEXT <= end) {
      at += 1;
      end = changed[at]! + CONTEXT + 1;
    }
    at += 1;
    const hunk = lines.slice(start, Math.min(end, lines.length));
    const oldStart = lines.slice(0, start).filter((line) => line.mark !== '+').length;
    const newStart = lines.slice(0, start).filter((line) => line.mark !== '-').length;
    const oldCount = hunk.filter((line) => line.mark !== '+').length;
    const newCount = hunk.filter((line) => line.mark !== '-').length;
    out +=
      `@@ -${oldCount === 0 ? oldStart : oldStart + 1},${oldCount} ` +
      `+${newCount === 0 ? newStart : newStart + 1},${newCount} @@\n${hunk.map(show).join('')}`;
  }
  return out;
}
