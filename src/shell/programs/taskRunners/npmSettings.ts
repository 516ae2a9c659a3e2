import path from 'node:path';
import { quoteArgv } from '../../../text/quoteArgv';
import {
  admit,
  MAX_SCRIPT_FILE_BYTES,
  readCode,
  unreadable,
  unseen,
  writtenByLine,
  type RunSite,
  type ScriptFile,
} from '../../runFiles/codeFiles';
import { writeInto, writeOver, writesNothing } from '../../runFiles/writtenCode';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';

/**
 * The npm settings that choose the code a package manager's scripts run with, from the line
 * (`npm test --script-shell ./x.sh`) or a project's `.npmrc`, read through the WorkspaceFiles
 * port: the shell that runs each script (`script-shell`), the options of every node it starts
 * (`node-options`), more configuration (`userconfig`, `globalconfig`) and the programs it starts
 * (`onload-script`, `shell`, `git`, `node-gyp`). Each is restated as the shell line that does the
 * same, which the shell analysis judges as it would on the line, or the call fails closed.
 *
 * The programs of `node_modules/.bin`, which the scripts run by name (`"test": "jest"`), are the
 * installed packages' own: like the test files and modules they load, which are JavaScript, they
 * are not read, and the script's `jest` is read as the catalog's jest. A shim the same line
 * writes (`cp x node_modules/.bin/jest && npm test`) cannot be read before it runs: the call
 * fails closed, as for any file of code the line writes.
 */

/** The settings read, in npm's spelling (a `.npmrc` may write `script_shell`). */
const CODE_SETTINGS: ReadonlySet<string> = new Set([
  'script-shell',
  'node-options',
  'userconfig',
  'globalconfig',
  'onload-script',
  'shell',
  'git',
  'node-gyp',
]);

// the shells the analysis reads scripts as: a script shell among them runs them as read
const KNOWN_SHELL = /^(?:(?:\/usr)?(?:\/local)?\/bin\/)?(?:sh|bash|dash|zsh|ksh)$/;
// the programs npm starts by these names unless told otherwise
const DEFAULT_PROGRAMS: Readonly<Record<string, string>> = { git: 'git', 'node-gyp': 'node-gyp' };
// a configuration file that holds nothing
const EMPTY_CONFIG: ReadonlySet<string> = new Set(['/dev/null', '']);
// folders climbed at most from the package's looking for .npmrc
const MAX_LEVELS = 64;

/** What one setting does: the shell line that does the same, nothing, or why it cannot be known. */
type SettingCode =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'problem'; readonly reason: string };

const NONE: SettingCode = { kind: 'none' };

/** The shell line that does what setting `key` to `value` makes npm do. */
function settingCode(key: string, value: string | undefined): SettingCode {
  if (value === undefined || value.includes('${'))
    return { kind: 'problem', reason: `npm's ${key} is only known at run time` };
  switch (key) {
    case 'script-shell':
    case 'shell':
      // npm runs `SHELL -c SCRIPT`: another program gets each script, run by its path or name
      return value === '' || KNOWN_SHELL.test(value) ? NONE : { kind: 'line', text: quoteArgv([value, '-c', ':']) };
    case 'node-options':
      // every node the scripts start takes them, as NODE_OPTIONS
      return value === '' ? NONE : { kind: 'line', text: `export ${quoteArgv([`NODE_OPTIONS=${value}`])}` };
    case 'userconfig':
    case 'globalconfig':
      return EMPTY_CONFIG.has(value)
        ? NONE
        : {
            kind: 'problem',
            reason: `npm reads more configuration from '${value}' (its ${key}), which may choose the shell or node options its scripts run with`,
          };
    case 'onload-script':
      // a module npm requires as it starts: node runs it
      return value === '' ? NONE : { kind: 'line', text: quoteArgv(['node', value]) };
    default:
      if (value === '' || DEFAULT_PROGRAMS[key] === value) return NONE;
      return value.includes('/')
        ? { kind: 'line', text: quoteArgv([value]) }
        : { kind: 'problem', reason: `npm starts '${value}' (its ${key}), a program found by name` };
  }
}

/** The settings an `.npmrc` gives that choose code: `key=value` lines of its ini, any section, quotes taken off. */
export function npmrcSettings(text: string): [string, string][] {
  const found: [string, string][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith(';') || line.startsWith('#') || line.startsWith('[')) continue;
    const equals = line.indexOf('=');
    const key = (equals === -1 ? line : line.slice(0, equals))
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2')
      .replace(/\[\]$/, '')
      .toLowerCase()
      .replaceAll('_', '-');
    if (!CODE_SETTINGS.has(key)) continue;
    // a key alone is set to true, which names no program
    const value = equals === -1 ? 'true' : line.slice(equals + 1).trim();
    found.push([key, value.replace(/^(["'])(.*)\1$/, '$2')]);
  }
  return found;
}

/** The restated lines of some settings, or the first that cannot be known, as one file of code. */
function settingsFile(
  settings: readonly (readonly [string, string | undefined])[],
  where: { readonly label: string; readonly base: string },
  site: RunSite,
): ScriptFile[] {
  const lines: string[] = [];
  for (const [key, value] of settings) {
    const code = settingCode(key, value);
    if (code.kind === 'problem')
      return [unseen(where.label, `${code.reason}: fail closed; give npm such settings on the line`)];
    if (code.kind === 'line') lines.push(code.text);
  }
  if (lines.length === 0) return [];
  const text = lines.join('\n');
  if (!admit(site.reading, text)) return [unreadable(where.label, 'one decision reads no more script text')];
  return [{ kind: 'read', text, label: where.label, base: where.base }];
}

/** The `.npmrc` in `folder`, as settings that choose code (but those the line gives), or why it cannot be read. */
function folderNpmrc(folder: string, onLine: ReadonlySet<string>, site: RunSite): ScriptFile[] {
  const { context, reading } = site;
  const file = path.join(folder, '.npmrc');
  // a line that writes nothing cannot have put one there: the folder's listing then settles it before the path is resolved
  const listed = writesNothing(reading.writes) ? site.files.list(folder).includes('.npmrc') : undefined;
  if (listed === false) return [];
  const where = context.analyze(file, context.base);
  const label = where.relative ?? file;
  const written = writeOver(where.absolute ?? file, reading.writes);
  if (written !== undefined) return [writtenByLine(label, written)];
  if (!(listed ?? site.files.list(folder).includes('.npmrc'))) return [];
  const key = `${where.absolute ?? file}\u0000npmrc`;
  if (reading.seen.has(key)) return [];
  reading.seen.add(key);
  const read = readCode(where, MAX_SCRIPT_FILE_BYTES, site.files);
  if (read.kind === 'absent') return [];
  if (read.kind === 'unreadable') return [unreadable(label, read.why)];
  const settings = npmrcSettings(read.text).filter(([setting]) => !onLine.has(setting));
  return settingsFile(settings, { label, base: folder }, site);
}

/** A write into the `node_modules/.bin` of `folder`: a program the scripts run by name, put there by the line. */
function writtenShim(folder: string, site: RunSite): ScriptFile[] {
  const bin = path.join(folder, 'node_modules', '.bin');
  const written = writeInto(bin, site.reading.writes);
  if (written === undefined) return [];
  return [writtenByLine(site.context.analyze(bin, site.context.base).relative ?? bin, written)];
}

/**
 * What chooses the code of a package run besides its scripts: the line's settings, then the
 * `.npmrc` and the `node_modules/.bin` of the package's folder and of each folder above it in
 * the workspace (npm reads the project's `.npmrc` from the nearest folder with a package.json
 * or node_modules, pnpm from its workspace's root too: every one is read).
 */
export function packageSettings(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile[] {
  const { context } = site;
  const manifest = context.analyze(run.path, context.base).absolute;
  if (manifest === undefined) return [unreadable(run.source, 'its folder is only known at run time')];
  const packageFolder = path.dirname(manifest);
  const line = (run.variables ?? []).filter(([key]) => CODE_SETTINGS.has(key));
  const files = settingsFile(line, { label: 'npm settings on the line', base: packageFolder }, site);
  // a setting on the line wins over the same one in a file
  const onLine = new Set(line.map(([key]) => key));
  let folder = packageFolder;
  for (let level = 0; level < MAX_LEVELS; level++) {
    const where = context.analyze(folder, context.base);
    if (!where.insideWorkspace) break;
    files.push(...writtenShim(folder, site), ...folderNpmrc(folder, onLine, site));
    const parent = path.dirname(folder);
    if (where.relative === '' || parent === folder) break;
    folder = parent;
  }
  return files;
}
