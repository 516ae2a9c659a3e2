/**
 * A pure parse of a file's text, kept for the last `count` texts parsed: the files a project's
 * commands run from (a package.json, a Makefile, a Taskfile) seldom change between calls, and
 * parsing one costs more than reading it. Keyed by the whole text, compared as it is (a few KB
 * compare in less time than they hash), so a file that changed is parsed anew; the file itself
 * is still read by each caller. What the parse returns is shared by every caller given the same
 * text, so it must only be read.
 */
export function parseOfRecentTexts<T>(parse: (text: string) => T, count = 1): (text: string) => T {
  const recent: { readonly text: string; readonly parsed: T }[] = [];
  return (text) => {
    for (const entry of recent) if (entry.text === text) return entry.parsed;
    const parsed = parse(text);
    recent.unshift({ text, parsed });
    if (recent.length > count) recent.pop();
    return parsed;
  };
}
