import type { AnalysisContext } from './analysisContext';
import { archivePaths } from './archivePaths';
import type { CommandCall } from './commandCall';
import { recordPath, type PathSink } from './dependencyFiles';
import { forgeApiPaths } from './forgeApi';
import { gitPaths } from './gitPaths';
import { hasOption, optionValue, readArguments, valuedSet, type ParsedArguments } from './options';
import type { PathGrammar } from './pathGrammar';
import { looksLikePath, PATH_GRAMMARS, PERMISSION_COMMANDS } from './pathRoles';
import type { PathRole } from './shellAnalysis';
import { staticWord, type ShellWord } from './shellWord';
import { notePermissionChange } from './systemPaths';
import { remoteHost } from './urls';
import { fromStart } from './workingDirectory';

/** One command's paths go to the analysis under its text; `name` picks how its words read. */
interface PathSite extends PathSink {
  readonly name: string;
  readonly words: readonly ShellWord[];
}

const VALUED_SETS = new Map<PathGrammar, ReadonlySet<string>>();

function valuedOf(grammar: PathGrammar): ReadonlySet<string> {
  let set = VALUED_SETS.get(grammar);
  if (set === undefined) {
    set = valuedSet(grammar.valued);
    VALUED_SETS.set(grammar, set);
  }
  return set;
}

function recordAll(sink: PathSink, words: readonly ShellWord[], role: PathRole): void {
  for (const word of words) recordPath(sink, word, role);
}

function recordOptionFiles(sink: PathSink, parsed: ParsedArguments, grammar: PathGrammar): void {
  for (const option of parsed.options) {
    // '-' is stdout or stdin (`wget -O-`, `curl -o -`), not a file
    if (option.value === undefined || option.value.value === '-') continue;
    if (grammar.outputOptions?.includes(option.name) === true) recordPath(sink, option.value, 'overwrite');
    if (grammar.inputOptions?.includes(option.name) === true) recordPath(sink, option.value, 'read');
  }
}

// chmod -x f: a mode that looks like an option
const CHMOD_MODE_OPTION = /^-[rwxXst]+$/;
// awk's `name=value` operands set variables
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** chmod/chown/chgrp of a path the shell can tell is outside the project may affect the system. */
function notePermissionTargets(site: PathSite, operands: readonly ShellWord[]): void {
  for (const operand of operands) {
    const path = operand.value === undefined ? undefined : fromStart(site.context.directory, operand.value);
    if (path !== undefined) notePermissionChange(site, path);
  }
}

/** Operands by the grammar: sources and a last destination, a `-t DIR` target, or one role for all. */
function operandRoles(site: PathSite, grammar: PathGrammar, parsed: ParsedArguments): void {
  const role: PathRole = site.name === 'tee' && hasOption(parsed, ['-a', '--append']) ? 'write' : grammar.role === 'none' ? 'read' : grammar.role;
  const modeAsOption = site.name === 'chmod' && parsed.options.some((option) => CHMOD_MODE_OPTION.test(option.name));
  const skip = grammar.skipFirst === true && !modeAsOption && !hasOption(parsed, grammar.unlessOptions ?? []);
  const given = skip ? parsed.operands.slice(1) : parsed.operands;
  const operands = grammar.assignmentOperands === true ? given.filter((word) => !ASSIGNMENT.test(word.value ?? '')) : given;
  if (PERMISSION_COMMANDS.has(site.name)) notePermissionTargets(site, operands);
  const target = grammar.targetOptions === undefined ? undefined : optionValue(parsed, grammar.targetOptions);
  if (target !== undefined) {
    recordPath(site, target, grammar.lastRole ?? role);
    recordAll(site, operands, role);
    return;
  }
  const last = operands[operands.length - 1];
  if (grammar.lastRole !== undefined && operands.length >= 2 && last !== undefined) {
    recordAll(site, operands.slice(0, -1), role);
    recordPath(site, last, grammar.lastRole);
    return;
  }
  recordAll(site, operands, role);
}

const SED_VALUED = valuedSet(['-e', '-f', '-l', '--expression', '--file', '--line-length']);
const PERL_VALUED = valuedSet(['-e', '-E', '-I', '-M', '-m']);

/** `sed -i` and `perl -i` rewrite their files; without -i they read them; `sed -f` reads its script. */
function inPlacePaths(site: PathSite): void {
  const parsed = readArguments(site.words, 1, site.name === 'sed' ? SED_VALUED : PERL_VALUED);
  const role: PathRole = hasOption(parsed, ['-i', '--in-place']) ? 'overwrite' : 'read';
  const script = site.name === 'sed' ? optionValue(parsed, ['-f', '--file']) : undefined;
  if (script !== undefined && script.value !== '-') recordPath(site, script, 'read');
  const scriptGiven = hasOption(parsed, site.name === 'sed' ? ['-e', '-f', '--expression', '--file'] : ['-e', '-E']);
  recordAll(site, scriptGiven ? parsed.operands : parsed.operands.slice(1), role);
}

function ddPaths(site: PathSite): void {
  for (const word of site.words.slice(1)) {
    const value = word.value;
    if (value?.startsWith('of=') === true) recordPath(site, { ...staticWord(value.slice(3)), source: word.source }, 'overwrite');
    if (value?.startsWith('if=') === true) recordPath(site, { ...staticWord(value.slice(3)), source: word.source }, 'read');
  }
}

// a `host:path` operand of these names a file on another machine
const REMOTE_COPY_TOOLS: ReadonlySet<string> = new Set(['scp', 'rsync', 'sftp']);

/** Any other command: each word (or `--opt=value` value) that looks like a path is read. */
function genericPaths(site: PathSite): void {
  const remoteCopy = REMOTE_COPY_TOOLS.has(site.name);
  const words = site.words;
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    if (word === undefined) continue;
    const value = word.value;
    if (remoteCopy && value !== undefined && remoteHost(value) !== undefined) continue;
    if (value === undefined) {
      if (looksLikePath(word.literal ?? word.source)) recordPath(site, word, 'read');
      continue;
    }
    if (value.startsWith('-')) {
      const equals = value.indexOf('=');
      const optionValue = equals === -1 ? '' : value.slice(equals + 1);
      if (looksLikePath(optionValue)) recordPath(site, { ...staticWord(optionValue), source: word.source }, 'read');
      continue;
    }
    if (looksLikePath(value)) recordPath(site, word, 'read');
  }
}

// curl sends a file's content with `-d @file`, `--data-binary @file`, `-F name=@file`, `-F name=<file`
const CURL_FILE_DATA = new Set(['-d', '--data', '--data-binary', '--data-urlencode', '--json', '-F', '--form']);

function curlDataFiles(sink: PathSink, parsed: ParsedArguments): void {
  for (const option of parsed.options) {
    const value = option.value?.value;
    if (value === undefined || !CURL_FILE_DATA.has(option.name)) continue;
    const at = value.search(/[@<]/);
    const file = at === -1 ? '' : (value.slice(at + 1).split(';')[0] ?? '');
    const attached = at === 0 || (at > 0 && value[at - 1] === '=');
    if (attached && file !== '' && file !== '-') recordPath(sink, { ...staticWord(file), source: option.value?.source ?? file }, 'read');
  }
}

/** Records the path operands of one (unwrapped) command with the role its command gives them. */
export function recordCommandPaths(call: CommandCall, context: AnalysisContext): void {
  const site: PathSite = { context, command: call.command, name: call.name, words: call.words };
  if (site.name === 'git' && gitPaths(site, site.words)) return;
  if (archivePaths(site, site.name, site.words) || forgeApiPaths(site, site.name, site.words)) return;
  if (site.name === 'sed' || site.name === 'perl') return inPlacePaths(site);
  if (site.name === 'dd') return ddPaths(site);
  const grammar = PATH_GRAMMARS.get(site.name);
  if (grammar === undefined) return genericPaths(site);
  const parsed = readArguments(site.words, 1, valuedOf(grammar));
  recordOptionFiles(site, parsed, grammar);
  if (site.name === 'curl') curlDataFiles(site, parsed);
  if (grammar.role !== 'none') operandRoles(site, grammar, parsed);
}
