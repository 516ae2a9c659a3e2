import { noEffects, type CommandEffects } from '../catalog/commandEffects';
import type { CommandReading } from '../catalog/commandReading';
import { staticWord } from '../shellWord';
import { findUrl } from '../urls';
import { processCalls } from './processCalls';

/**
 * Inline code of another language (`python -c`, `node -e`, an awk program) is not parsed, but
 * a URL in it means network access, and the processes it starts are read from its literal
 * arguments (see processCalls.ts): each command is analysed as a script, and a call whose
 * command is built at run time fails closed.
 */
export function inlineCodeEffects(code: string, reading: Pick<CommandReading, 'name' | 'command'>): CommandEffects {
  const effects = noEffects();
  effects.notes.push(`runs inline ${reading.name} code`);
  const url = findUrl(code);
  if (url !== undefined) {
    effects.notes.push('network request');
    effects.findings.push({ category: 'NETWORK_RISK', trigger: url, command: reading.command, note: 'URL in inline code', details: [url, reading.name, 'request from inline code'] });
  }
  const calls = processCalls(code, reading.name);
  if (calls.hidden !== undefined) {
    effects.problems.push({ reason: `inline ${reading.name} code starts a process whose command is built at run time: fail closed; give the command as a literal`, trigger: calls.hidden.slice(0, 120) });
  }
  for (const line of calls.lines) effects.scripts.push({ word: staticWord(line), what: `command in inline ${reading.name} code` });
  return effects;
}
