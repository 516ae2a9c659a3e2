import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { staticWord } from '../../words/shellWord';
import { findUrl } from '../../words/urls';
import { readInlineCode, type CodeLanguage } from './inlineCodeVocabulary';
import { languageOf, processCalls } from './processCalls';

// awk writes and reads files through its own syntax (redirected print, getline from a file) and loads extensions;
// its pipes and system() hand literal commands to a shell, which processCalls reads
const AWK_EFFECTS = /\bprintf?\b[^;{}\n|]*>|\bgetline\b[^;{}\n|]*<|@(?:load|include)\b/;

/**
 * Why inline code may do what the analysis does not see, or undefined when its words show it
 * only computes and reads the files it names (pushed to `reads`). Python and JavaScript are
 * read word by word against a vocabulary; awk's file and command syntax is looked for; other
 * languages are not read, so their code fails closed.
 */
function unseenEffects(code: string, language: string, reads: string[]): string | undefined {
  if (language === 'python' || language === 'node') {
    const reading = readInlineCode(code, language satisfies CodeLanguage);
    reads.push(...reading.reads);
    if (reading.unknownWord === undefined) return undefined;
    return `it uses '${reading.unknownWord}', which is not among the words known only to compute and read named files, so it may change files or run code the analysis does not see`;
  }
  if (language === 'awk') {
    const found = AWK_EFFECTS.exec(code);
    return found === null
      ? undefined
      : `it uses '${found[0].trim().slice(0, 40)}', which writes or reads a file, or loads code, the analysis does not see`;
  }
  return 'code of this language is not read for the files it changes';
}

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
    effects.findings.push({
      category: 'NETWORK_RISK',
      trigger: url,
      command: reading.command,
      note: 'URL in inline code',
      details: [url, reading.name, 'request from inline code'],
    });
  }
  const reads: string[] = [];
  const unseen = unseenEffects(code, languageOf(reading.name), reads);
  if (unseen !== undefined) {
    effects.problems.push({
      reason: `inline ${reading.name} code: ${unseen}: fail closed; write files with a file tool, or run a script file of the project`,
      trigger: code.slice(0, 120),
    });
  }
  for (const read of reads) effects.paths.push({ word: staticWord(read), role: 'read' });
  const calls = processCalls(code, reading.name);
  if (calls.hidden !== undefined) {
    effects.problems.push({
      reason: `inline ${reading.name} code starts a process whose command is built at run time: fail closed; give the command as a literal`,
      trigger: calls.hidden.slice(0, 120),
    });
  }
  for (const line of calls.lines)
    effects.scripts.push({ word: staticWord(line), what: `command in inline ${reading.name} code` });
  return effects;
}
