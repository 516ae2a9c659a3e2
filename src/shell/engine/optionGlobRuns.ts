import type { Command } from 'unbash';
import { mayExpandToOptions } from '../words/optionGlobs';
import type { ShellWord } from '../words/shellWord';
import type { AnalysisContext } from './analysisContext';

/**
 * A simple command with a glob that may expand to words beginning with '-' (`tar cf a.tar *`
 * beside a file named `--checkpoint-action=exec=sh x.sh`): the program reads such a name as an
 * option, which the line does not show. The command is noted as a run of kind `glob`, placed in
 * the folder the glob is matched in, with the command as written (its prefix assignments
 * included), so the caller can list that folder and read the command again with the matches
 * as its words; where the folder cannot be listed, the caller fails the call closed.
 */
export function noteOptionGlobs(node: Command, words: readonly ShellWord[], context: AnalysisContext): void {
  let globs: string | undefined;
  // the command's name is never a file name: a glob there fails closed as a name built at run time
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    if (word === undefined || !mayExpandToOptions(word)) continue;
    globs = globs === undefined ? word.source : `${globs} ${word.source}`;
  }
  if (globs === undefined) return;
  const assignments: string[] = [];
  for (const prefix of node.prefix) if (prefix.type === 'Assignment') assignments.push(prefix.text);
  const script = [...assignments, ...words.map((word) => word.source)].join(' ');
  // must be read: a line with more runs than are listed fails closed rather than skip this one
  context.noteScriptRun({ value: '.', literal: '.', source: globs }, 'glob', script, { mustRead: 'always' });
}
