import { parseShell } from './parseShell';
import { evaluateArgument, evaluateWord, type ShellWord } from '../words/shellWord';

/**
 * Splits text into words the way a shell would (`env -S`, git aliases); undefined unless the text
 * is one simple command without redirections.
 */
export function splitWords(text: string): ShellWord[] | undefined {
  const script = parseShell(text);
  if (script.errors !== undefined && script.errors.length > 0) return undefined;
  if (script.commands.length === 0) return [];
  const statement = script.commands[0];
  if (script.commands.length > 1 || statement === undefined || statement.command.type !== 'Command') return undefined;
  const command = statement.command;
  if (command.redirects.length > 0) return undefined;
  const words: ShellWord[] = [];
  for (const prefix of command.prefix) if (prefix.type === 'Assignment') words.push(evaluateArgument(prefix));
  if (command.name !== undefined) words.push(evaluateWord(command.name));
  for (const argument of command.args) words.push(evaluateArgument(argument));
  return words;
}
