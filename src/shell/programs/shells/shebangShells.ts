import path from 'node:path';
import type { ShebangShells } from '../../runFiles/codeFiles';

// the shells that read a script as bash reads it; fish and csh read another language
const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh']);

/**
 * Whether a `#!` line names a shell, directly (`#!/bin/sh`) or through env (`#!/usr/bin/env
 * bash`, `env -S bash -e`, `env VAR=1 sh`): the file it starts is shell code.
 */
export const shebangShells: ShebangShells = (line) => {
  let program = path.posix.basename(line[0] ?? '');
  // env runs its first word that is neither an option nor a variable setting
  if (program === 'env') program = line.slice(1).find((word) => !word.startsWith('-') && !word.includes('=')) ?? '';
  return SHELLS.has(path.posix.basename(program));
};
