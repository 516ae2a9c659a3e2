import path from 'node:path';
import { quoteArgv } from '../../../text/quoteArgv';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import { admit, unreadable, unseen, writtenByLine, type RunSite, type ScriptFile } from '../../runFiles/codeFiles';
import { isPlaced, type RunFileReader } from '../../runFiles/runFileReader';
import { writeInto } from '../../runFiles/writtenCode';
import { STANDARD_MODULES } from './standardModules';

/**
 * The code Python takes from folders the line does not name as code: the modules of the folder
 * it searches first (its program's, or the working folder for `-c`, `-m` and stdin; a PYTHONPATH
 * entry), and the folder PYTHONPYCACHEPREFIX has it write bytecode under. A file there named
 * like a module the run imports (`json.py` beside `python -c 'import json'`, `pytest.py` beside
 * `python -m pytest`) runs in that module's place: the folder is listed through the WorkspaceFiles
 * port and each such file restated as `python3 -I FILE`, so it is named as code the line runs,
 * as a program file given to python is. Folders outside the workspace are Python's own, unless
 * the line writes into them.
 */

// the files a finding's label names at most
const MAX_NAMED = 5;

// a module's files: source, bytecode, an extension module (`json.cpython-311-x86_64-linux-gnu.so`)
const MODULE_FILE = /^([A-Za-z_]\w*)(?:\.pyw?|\.pyc|(?:\.[\w-]+)?\.so|\.pyd)$/;

/** The module an entry of a folder is, when it is one by its name alone (a package needs its `__init__.py`). */
function moduleOf(entry: string): string | undefined {
  return MODULE_FILE.exec(entry)?.[1];
}

/** The files of `folder` that run in place of a module the run may import, as paths below it. */
function shadowingFiles(folder: string, named: ReadonlySet<string>, site: RunSite): string[] {
  const imported = (name: string): boolean => STANDARD_MODULES.has(name) || named.has(name);
  const found: string[] = [];
  for (const entry of site.files.list(folder)) {
    const module = moduleOf(entry);
    if (module !== undefined) {
      if (imported(module)) found.push(entry);
      continue;
    }
    if (!imported(entry)) continue;
    const inner = path.join(folder, entry);
    if (site.files.kindOf(inner) === 'folder' && site.files.list(inner).includes('__init__.py'))
      found.push(`${entry}/__init__.py`);
  }
  return found;
}

/** The files of `folder` that the modules the line runs (`-m mod.cli`) are: `mod/cli.py` or `mod/cli/__main__.py`. */
function namedModuleFiles(folder: string, modules: readonly string[], site: RunSite): string[] {
  return modules.flatMap((module) => {
    const below = module.split('.').join('/');
    return [`${below}.py`, `${below}/__main__.py`].filter(
      (file) => site.files.kindOf(path.join(folder, file)) === 'file',
    );
  });
}

/** A write of the line that puts a module in `folder` (a module file or package of an imported name), or one whose place is unknown. */
function writtenModule(folder: string, named: ReadonlySet<string>, site: RunSite): string | undefined {
  const writes = site.reading.writes;
  if (writes.unknown !== undefined) return writes.unknown;
  const imported = (name: string): boolean => STANDARD_MODULES.has(name) || named.has(name);
  return writes.absolute.find(({ path: written }) => {
    const [entry = '', inner, ...deeper] = path.relative(folder, written).split(path.sep);
    if (entry === '' || entry === '..' || path.isAbsolute(entry)) return false;
    // anything written in a package the line runs (`python -m mod` runs mod/__main__.py)
    if (named.has(entry)) return true;
    if (inner === undefined) return imported(moduleOf(entry) ?? entry);
    return deeper.length === 0 && inner.startsWith('__init__.') && imported(entry);
  })?.path;
}

/** The module files a python run takes from the folder it searches first, each named as a program python runs. */
function moduleFolder(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile[] {
  const { context, reading } = site;
  const where = context.analyze(run.path, context.base);
  const folder = where.absolute;
  if (folder === undefined) return [unreadable(run.source, 'its place is only known at run time')];
  const named = new Set((run.scripts ?? []).map((module) => module.split('.')[0] ?? module));
  const label = `python modules of ${where.relative === '' ? '.' : (where.relative ?? folder)}`;
  if (!where.insideWorkspace) {
    const written = writeInto(folder, reading.writes);
    return written === undefined ? [] : [writtenByLine(label, written)];
  }
  const key = `${folder}\u0000python\u0000${[...named].join(' ')}`;
  if (reading.seen.has(key)) return [];
  reading.seen.add(key);
  const written = writtenModule(folder, named, site);
  if (written !== undefined) return [writtenByLine(label, written)];
  const modules = (run.scripts ?? []).filter((module) => /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(module));
  const files = [...new Set([...shadowingFiles(folder, named, site), ...namedModuleFiles(folder, modules, site)])];
  if (files.length === 0) return [];
  const text = files.map((file) => quoteArgv(['python3', '-I', file])).join('\n');
  if (!admit(reading, text)) return [unreadable(label, 'one decision reads no more script text')];
  const shown = files.length > MAX_NAMED ? `${files.slice(0, MAX_NAMED).join(', ')} and more` : files.join(', ');
  return [{ kind: 'read', text, label: `${label}: ${shown}, run in place of the modules imported`, base: folder }];
}

/** PYTHONPYCACHEPREFIX: python writes the bytecode of what it imports under this folder, restated as that write. */
function bytecodeFolder(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile[] {
  // the run's path is as seen from the line's starting folder, where the restated write starts too
  const text = quoteArgv(['mkdir', '-p', '--', run.path]);
  if (!admit(site.reading, text)) return [unreadable(run.source, 'one decision reads no more script text')];
  return [{ kind: 'read', text, label: `python bytecode under ${run.source}`, base: site.context.base }];
}

/** Whether the folder holds the module as the project's code: a file `MODULE.py` or a package folder. */
function holdsModule(folder: string, module: string, site: RunSite): boolean {
  return (
    site.files.kindOf(path.join(folder, `${module}.py`)) === 'file' ||
    site.files.kindOf(path.join(folder, module)) === 'folder'
  );
}

/**
 * The modules inline code imports that its reader does not know (a run whose script is
 * `imports`, noted by src/shell/programs/interpreters/inlineCode.ts). Held by the folder python
 * searches first, inside the workspace, they are the project's code, which runs unread as a
 * script of the project does (`from sympy import S` in sympy's repository). A standard module,
 * one installed elsewhere or one missing is code the analysis does not see: the call fails closed.
 */
function importedModules(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile[] {
  const where = site.context.analyze(run.path, site.context.base);
  const folder = where.absolute;
  const shown = where.relative === '' ? '.' : (where.relative ?? run.source);
  const modules = run.scripts ?? [];
  // a folder outside the workspace, or one not known, holds none of the project's modules
  const foreign =
    folder === undefined || !where.insideWorkspace
      ? modules[0]
      : modules.find((module) => STANDARD_MODULES.has(module) || !holdsModule(folder, module, site));
  if (foreign === undefined) return [];
  return [
    unseen(
      `python module ${foreign}`,
      `inline python code imports '${foreign}', which is no module of the project's folder '${shown}', so it may ` +
        `change files or run code the analysis does not see: fail closed; write files with a file tool, or run a ` +
        `script file of the project`,
    ),
  ];
}

/** Python's reader of the folders it takes code from, or writes bytecode under, and of the project's modules inline code imports. */
export const PYTHON_RUN_FILES: RunFileReader = {
  readsUnplacedRuns: true,
  read(run, site) {
    // the folder of a program file known only at run time (`cd a || true; python3 x.py`): the
    // modules beside it are code of the program's kind, unread as it is; any other run's folder
    // must be known, or what inline code imports cannot be found
    if (!isPlaced(run))
      return run.script === 'program' ? [] : [unreadable(run.source, 'its place is only known at run time')];
    if (run.script === 'bytecode') return bytecodeFolder(run, site);
    return run.script === 'imports' ? importedModules(run, site) : moduleFolder(run, site);
  },
};
