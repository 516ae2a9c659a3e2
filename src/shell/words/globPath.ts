// a brace group whose choices are plain names: `{a,b}`, `{,x}`
const PLAIN_BRACE = /\{([\w-]*(?:,[\w-]*)+)\}/g;
const EXTENDED_GLOB = /[?*+@!]\(/;

/** Whether one path component, as a pattern, can match `..` (bash before 5.2 matches it with `.*`). */
function mayMatchDotDot(component: string): boolean {
  // bash matches '.' and '..' only by a pattern that starts with a literal dot
  if (!component.startsWith('.')) return false;
  let pattern = '';
  for (let at = 0; at < component.length; at++) {
    const char = component[at] ?? '';
    if (char === '*') pattern += '.*';
    else if (char === '?') pattern += '.';
    else if (char === '[') {
      const close = component.indexOf(']', at + 2);
      // a bracket expression stands for one character, whichever it is
      pattern += close === -1 ? '\\[' : '.';
      if (close !== -1) at = close;
    } else pattern += char.replace(/[\\^$.|+(){}]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`).test('..');
}

/** Whether every brace group is a list of plain names that cannot form `..` with a neighbouring dot. */
function plainBraces(literal: string): boolean {
  const stripped = literal.replace(PLAIN_BRACE, (group: string, choices: string, at: number) => {
    const emptyChoice = choices.split(',').includes('');
    const besideDot = literal[at - 1] === '.' || literal[at + group.length] === '.';
    return emptyChoice && besideDot ? '{' : '';
  });
  return !stripped.includes('{');
}

/**
 * The text a glob or brace word is judged by as a path, or undefined when a match could name a
 * different folder than its text (`.*` and `{..,x}` can reach `..`; extended globs are not read).
 * The fixed folder part of `src/*.ts` stays inside, `../*` and `/etc/*` stay outside.
 */
export function globJudgedPath(literal: string): string | undefined {
  if (EXTENDED_GLOB.test(literal)) return undefined;
  if (literal.includes('{') && !plainBraces(literal)) return undefined;
  let afterGlob = false;
  for (const component of literal.split('/')) {
    // `*/..` climbs out of whatever matched, a symlinked folder included
    if (afterGlob && component === '..') return undefined;
    if (!/[*?[]/.test(component)) continue;
    if (mayMatchDotDot(component)) return undefined;
    afterGlob = true;
  }
  return literal;
}
