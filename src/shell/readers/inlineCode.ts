import { noEffects, type CommandEffects } from '../catalog/commandEffects';
import type { CommandReading } from '../catalog/commandReading';
import { parseShell } from '../parseShell';
import { staticWord } from '../shellWord';
import { findUrl } from '../urls';
import { embeddedCommands } from './embeddedCommands';

/**
 * Inline code of another language (`python -c`, `node -e`, an awk program) is not parsed, and
 * never fails closed, but a URL in it means network access, and shell command lines it hands
 * to system()/exec() are analysed as scripts.
 */
export function inlineCodeEffects(code: string, reading: Pick<CommandReading, 'name' | 'command'>): CommandEffects {
  const effects = noEffects();
  effects.notes.push(`runs inline ${reading.name} code`);
  const url = findUrl(code);
  if (url !== undefined) {
    effects.notes.push('network request');
    effects.findings.push({ category: 'NETWORK_RISK', trigger: url, command: reading.command, note: 'URL in inline code', details: [url, reading.name, 'request from inline code'] });
  }
  for (const line of embeddedCommands(code, reading.name)) {
    // a heuristic find: text that is not valid shell is left alone rather than failing closed
    const errors = parseShell(line).errors;
    if (errors === undefined || errors.length === 0) effects.scripts.push({ word: staticWord(line), what: `command in inline ${reading.name} code` });
  }
  return effects;
}
