import type { ShellWord } from '../../words/shellWord';
import { joinWords } from '../../words/wordLists';
import type { Unwrapped } from '../../catalog/unwrapped';

// keys that end the typed line: Enter runs it; C-c, C-d, C-z and C-l drop or leave it, but read
// as a line break the text before them is still analysed (more than may run, never less)
const LINE_KEYS: ReadonlySet<string> = new Set([
  'enter',
  'kpenter',
  'c-m',
  'c-j',
  '^m',
  '^j',
  'c-c',
  'c-d',
  'c-z',
  'c-l',
  '^c',
  '^d',
  '^z',
  '^l',
]);
const NAMED_KEYS: ReadonlySet<string> = new Set([
  'enter',
  'escape',
  'space',
  'tab',
  'btab',
  'bspace',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'ic',
  'insert',
  'dc',
  'delete',
  'npage',
  'pagedown',
  'pgdn',
  'ppage',
  'pageup',
  'pgup',
  'any',
  'kpenter',
  ...Array.from({ length: 24 }, (_, index) => `f${index + 1}`),
]);
const MODIFIER = /^[cms]-/;
// tmux reads these too as keys: keypad keys, mouse events and key codes
const OTHER_KEY = /^(?:kp.|mouse\w+|wheel\w+|0x[0-9a-f]+)$/;
// control characters other than a line break: Tab completes, DEL and C-u edit the line
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether tmux reads the word as a key name (case-insensitive, after C- M- S- modifiers), not as text to type. */
function isKeyName(text: string): boolean {
  let key = text.toLowerCase();
  if (key.length === 2 && key.startsWith('^')) return true;
  while (key.length > 2 && MODIFIER.test(key)) key = key.slice(2);
  if (key !== text.toLowerCase() && [...key].length === 1) return true;
  return NAMED_KEYS.has(key) || OTHER_KEY.test(key);
}

/**
 * `tmux send-keys KEY...` types into a pane, most often a shell: literal text is typed as it is,
 * Space and the line-ending keys are read as text, and the typed lines are analysed as a script.
 * Keys that recall history, complete or edit the line make the text unknown: fail closed.
 */
export function readTypedKeys(keys: readonly ShellWord[], literal: boolean, result: Unwrapped): void {
  if (keys.some((key) => key.value === undefined)) {
    result.scripts.push(joinWords(keys));
    return;
  }
  let text = '';
  for (const key of keys) {
    const value = key.value ?? '';
    const name = value.toLowerCase();
    if (literal || [...value].length === 1 || !isKeyName(value)) text += value.replace(/\r/g, '\n');
    else if (LINE_KEYS.has(name)) text += '\n';
    else if (name === 'space') text += ' ';
    else {
      result.problem = `tmux send-keys ${value} edits or recalls a command line: fail closed`;
      return;
    }
  }
  if (CONTROL.test(text)) {
    result.problem = 'tmux send-keys types control characters that edit the command line: fail closed';
    return;
  }
  if (text.trim() !== '')
    result.scripts.push({ value: text, literal: text, source: keys.map((key) => key.source).join(' ') });
}
