import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, RISK_CATEGORIES, type RiskCategory } from '../../../src/index';
import { createPathAnalyzer } from '../../../src/paths/pathAnalyzer';
import { DISK_WORKSPACE_FILES } from '../../../src/risk/diskWorkspaceFiles';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { WorkspaceFiles } from '../../../src/shell/catalog/workspaceFiles';
import { BUILTIN_CATALOG } from '../../../src/shell/programs/builtinCatalog';
import { RUN_FILE_READERS } from '../../../src/shell/programs/runFileReaders';
import { shebangShells } from '../../../src/shell/programs/shells/shebangShells';
import { newScriptReading } from '../../../src/shell/runFiles/codeFiles';
import { installed } from '../../support/realPrograms';
import { makeWorkspace } from '../../support/workspace';
import { attacker, caseWorkspace, expectRuns, type HiddenCase } from '../hiddenCodeSupport';
import { DEPS, EXEC, expectCategories, GIT, NET, ONLY_EXEC, outcome, type CategoryCase } from '../support';

// Python package managers and tools (src/shell/programs/python/pythonSpecs.ts): installs change
// dependencies over the network, uploads publish, queries only read.

describe('python package managers', () => {
  it.each<CategoryCase>([
    { name: 'skips pip --quiet before install', command: 'pip --quiet install requests', expected: [DEPS, NET, EXEC] },
    {
      name: 'reads python3 -m pip install as pip install',
      command: 'python3 -m pip install x',
      expected: [DEPS, NET, EXEC],
    },
    {
      name: 'reads python -m pip --quiet install as pip install',
      command: 'python -m pip --quiet install x',
      expected: [DEPS, NET, EXEC],
    },
    { name: 'reads uv pip install', command: 'uv pip install httpx', expected: [DEPS, NET, EXEC] },
    { name: 'reads poetry add', command: 'poetry add requests', expected: [DEPS, NET, EXEC] },
    { name: 'reads twine upload', command: 'twine upload dist/*', expected: [GIT, NET, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([{ name: 'treats pip list as a query', command: 'pip list', expected: ONLY_EXEC }])(
    '$name',
    expectCategories,
  );
});

// The code python takes from folders the line does not name as code (pythonRunFiles.ts): a file
// named like a module the run imports, in the folder python searches first (its program's, the
// working folder for -c and -m, a PYTHONPATH entry), runs in that module's place and is named as a
// program python runs; PYTHONPYCACHEPREFIX is a write of the folder it names.
const TOUCHING = "open('../marker', 'w')\n";

/** The files python is said to run in place of imported modules, from the evidence of a call in a fresh workspace. */
function shadowingOf(command: string, files: Readonly<Record<string, string>>): string[] {
  const root = makeWorkspace({ orchestration: false });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const notes = categorize('shell', { command }, { workspaceRoot: root }).evidence.map((item) => item.note);
  return notes.flatMap(
    (note) => /: ([^:]*), run in place of the modules imported: /.exec(note)?.[1]?.split(', ') ?? [],
  );
}

interface ShadowCase {
  readonly name: string;
  readonly command: string;
  readonly files: Readonly<Record<string, string>>;
  readonly named: readonly string[];
}

describe('python modules shadowed by files of the folder python imports from first', () => {
  it.each<ShadowCase>([
    {
      name: 'names json.py beside python -c importing json',
      command: "cd src && python3 -c 'import json; print(json.dumps(1))'",
      files: { 'src/json.py': TOUCHING },
      named: ['json.py'],
    },
    {
      name: 'names a package of a standard module, which json imports itself',
      command: "cd src && python3 -c 'import json'",
      files: { 'src/re/__init__.py': TOUCHING },
      named: ['re/__init__.py'],
    },
    {
      name: "names json.py beside the program that imports it, in the program's folder",
      command: 'python3 src/x.py',
      files: { 'src/x.py': 'import json\n', 'src/json.py': TOUCHING },
      named: ['json.py'],
    },
    {
      name: 'names mod.py that python -m mod runs',
      command: 'cd src && python3 -m mod',
      files: { 'src/mod.py': TOUCHING },
      named: ['mod.py'],
    },
    {
      name: 'names the package and the module python -m mod.cli runs',
      command: 'cd src && python3 -m mod.cli',
      files: { 'src/mod/__init__.py': '', 'src/mod/cli.py': TOUCHING },
      named: ['mod/__init__.py', 'mod/cli.py'],
    },
    {
      name: 'names the __main__.py of a folder without __init__.py that python -m mod runs',
      command: 'cd src && python3 -m mod',
      files: { 'src/mod/__main__.py': TOUCHING },
      named: ['mod/__main__.py'],
    },
    {
      name: 'names pip.py beside python -m pip, whose rules still apply',
      command: 'cd src && python3 -m pip list',
      files: { 'src/pip.py': TOUCHING },
      named: ['pip.py'],
    },
    {
      name: 'names a module of a folder PYTHONPATH puts first',
      command: "PYTHONPATH=lib python3 -c 'import json'",
      files: { 'lib/json.py': TOUCHING },
      named: ['json.py'],
    },
    {
      name: 'names nothing for the modules of the project no import names',
      command: "cd src && python3 -c 'import json'",
      files: { 'src/app.py': TOUCHING, 'src/jsonutil.py': TOUCHING },
      named: [],
    },
    {
      name: 'names nothing under -I, which keeps the folder off the path',
      command: "cd src && python3 -I -c 'import json'",
      files: { 'src/json.py': TOUCHING },
      named: [],
    },
    {
      name: 'names nothing under -P',
      command: "cd src && python3 -P -c 'import json'",
      files: { 'src/json.py': TOUCHING },
      named: [],
    },
  ])('$name', ({ command, files, named }) => {
    expect(shadowingOf(command, files)).toEqual(named);
  });

  interface DecisionCase {
    readonly name: string;
    readonly command: string;
    readonly files: Readonly<Record<string, string>>;
    readonly code: string;
    readonly categories: readonly RiskCategory[];
  }

  it.each<DecisionCase>([
    {
      name: 'refuses a shadowing module .intentignore hides',
      command: "cd secrets && python3 -c 'import json'",
      files: { 'secrets/json.py': TOUCHING },
      code: 'path_ignored',
      categories: ['FS_CONFIG_SECRETS', EXEC],
    },
    {
      name: 'refuses a PYTHONPATH folder .intentignore hides',
      command: "PYTHONPATH=secrets python3 -c 'import json'",
      files: { 'secrets/json.py': TOUCHING },
      code: 'path_ignored',
      categories: ['FS_CONFIG_SECRETS', EXEC],
    },
    {
      name: 'fails closed on a module the same line writes',
      command: "cd src && cp ../docs/a.py json.py && python3 -c 'import json'",
      files: { 'docs/a.py': TOUCHING },
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'refuses bytecode written outside the scope',
      command: "cd src && PYTHONPYCACHEPREFIX=../cache python3 -c 'import json'",
      files: {},
      code: 'scope_violation',
      categories: [EXEC],
    },
    {
      name: 'lets bytecode be written inside the scope',
      command: "cd src && PYTHONPYCACHEPREFIX=cache python3 -c 'import json'",
      files: {},
      code: 'destructive_in_scope',
      categories: [EXEC],
    },
    {
      name: 'asks about a program file whose folder is known only at run time, for its place alone',
      command: 'cd src || true; python3 app.py',
      files: { 'src/app.py': '' },
      code: 'needs_approval',
      categories: ['FS_OUTSIDE_WORKSPACE', EXEC],
    },
    {
      name: 'fails closed on inline code whose folder is known only at run time',
      command: "cd src || true; python3 -c 'import json'",
      files: {},
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'runs the inline code that imports a standard module with no file beside it',
      command: "cd src && python3 -c 'import json'",
      files: { 'src/app.py': TOUCHING },
      code: 'destructive_in_scope',
      categories: [EXEC],
    },
  ])('$name', ({ command, files, code, categories }) => {
    const decision = attacker(caseWorkspace({ name: command, command, files, expected: 'failsClosed' })).handleToolCall(
      'execute_command',
      { command },
    );
    expect({ code: decision.code, categories: decision.categories }).toEqual({ code, categories });
  });

  it('lists the folder through the WorkspaceFiles port, and a package folder it finds', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'src', 'json'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'json', '__init__.py'), '');
    writeFileSync(path.join(root, 'src', 'app.py'), '');
    const asked: string[] = [];
    const files: WorkspaceFiles = {
      ...DISK_WORKSPACE_FILES,
      list(folder) {
        asked.push(`list ${path.relative(root, folder)}`);
        return DISK_WORKSPACE_FILES.list(folder);
      },
      readText(file, maxBytes) {
        asked.push(`read ${path.relative(root, file)}`);
        return DISK_WORKSPACE_FILES.readText(file, maxBytes);
      },
    };
    const [run] = analyzeShell("cd src && python3 -c 'import json'").scriptRuns;
    const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
    const found =
      run === undefined
        ? []
        : (RUN_FILE_READERS.python?.read(run, {
            context,
            reading: newScriptReading(),
            files,
            shebangShells,
            environment: BUILTIN_CATALOG.code.environment,
          }) ?? []);
    expect(found).toEqual([
      {
        kind: 'read',
        text: 'python3 -I json/__init__.py',
        label: 'python modules of src: json/__init__.py, run in place of the modules imported',
        base: path.join(root, 'src'),
      },
    ]);
    expect(asked.sort()).toEqual(['list src', 'list src/json']);
  });
});

// Inline code that imports a module the reader of inline code does not know runs that module's
// code unread. Held by the folder python searches first, inside the workspace, it is the
// project's own code, run as a script of the project is (EXEC_ARBITRARY alone); a standard module,
// one installed elsewhere or a missing one is code the analysis does not see, and the call fails
// closed as before. The code's own words are still read against the vocabulary.
describe("python modules of the project's folder that inline code imports", () => {
  interface ImportCase {
    readonly name: string;
    readonly command: string;
    readonly files: Readonly<Record<string, string>>;
    readonly code: string;
    readonly categories: readonly RiskCategory[];
  }

  const PACKAGE = { 'src/sympy/__init__.py': '', 'src/sympy/core.py': '' };

  it.each<ImportCase>([
    {
      name: "runs code that calls the project's package",
      command: 'cd src && python3 -c "from sympy import S; print(S(0) == False)"',
      files: PACKAGE,
      code: 'destructive_in_scope',
      categories: [EXEC],
    },
    {
      name: "runs code that reads members of the project's package, at any depth",
      command: 'cd src && python -c "import sympy.core as c; print(c.S.true.__class__, c.__file__)"',
      files: PACKAGE,
      code: 'destructive_in_scope',
      categories: [EXEC],
    },
    {
      name: "runs code that imports the project's module file",
      command: 'cd src && python3 -c "import app; print(app.__version__)"',
      files: { 'src/app.py': '' },
      code: 'destructive_in_scope',
      categories: [EXEC],
    },
    {
      name: 'runs code that imports a private name of the project',
      command: 'cd src && python3 -c "from sympy.core import _sympify as s; print(s(None))"',
      files: PACKAGE,
      code: 'destructive_in_scope',
      categories: [EXEC],
    },
    {
      name: "reads a command the code hands a shell through the project's module",
      command: 'cd src && python3 -c "import sympy; sympy.os.system(\'git push\')"',
      files: PACKAGE,
      code: 'needs_approval',
      categories: [GIT, NET, EXEC],
    },
    {
      name: "reads a URL in code that calls the project's module",
      command: 'cd src && python3 -c "import sympy; sympy.fetch(\'https://example.com\')"',
      files: PACKAGE,
      code: 'needs_approval',
      categories: [NET, EXEC],
    },
    {
      name: 'fails closed on a module the folder does not hold',
      command: 'cd src && python3 -c "import numpy; print(numpy.__version__)"',
      files: PACKAGE,
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'fails closed on a module of another folder',
      command: 'python3 -c "import sympy; print(sympy.S)"',
      files: PACKAGE,
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'fails closed on a standard module, even with a file of its name beside it',
      command: "cd src && python3 -c \"import subprocess; subprocess.run(['git', 'push'])\"",
      files: { 'src/subprocess.py': '' },
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: "fails closed on the code's own write beside the project's package",
      command: "cd src && python3 -c \"import sympy; open('x', 'w').write(str(sympy.S))\"",
      files: PACKAGE,
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'fails closed on a star import, whose names are not known',
      command: 'cd src && python3 -c "from sympy import *; print(S)"',
      files: PACKAGE,
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'fails closed with -I, which leaves the working folder out of the search',
      command: 'cd src && python3 -I -c "import sympy; print(sympy.S)"',
      files: PACKAGE,
      code: 'needs_approval',
      categories: RISK_CATEGORIES,
    },
  ])('$name', ({ command, files, code, categories }) => {
    const decision = attacker(caseWorkspace({ name: command, command, files, expected: 'failsClosed' })).handleToolCall(
      'execute_command',
      { command },
    );
    expect({ code: decision.code, categories: decision.categories }).toEqual({ code, categories });
  });

  it("says which module is not the project's, and what to do", () => {
    const command = 'cd src && python3 -c "import numpy; print(numpy.__version__)"';
    const decision = attacker(
      caseWorkspace({ name: command, command, files: {}, expected: 'failsClosed' }),
    ).handleToolCall('execute_command', { command });
    const messages = decision.evidence.map((item) => item.note).join('\n');
    expect(messages).toContain("imports 'numpy', which is no module of the project's folder 'src'");
    expect(messages).toContain('run a script file of the project');
  });
});

describe('python settings that choose code at start-up', () => {
  it.each([
    { name: 'PYTHONSTARTUP', command: 'PYTHONSTARTUP=./s.py python3 -i x.py' },
    { name: 'PYTHONHOME', command: 'PYTHONHOME=./py python3 x.py' },
    { name: 'PYTHONUSERBASE', command: 'PYTHONUSERBASE=./base python3 x.py' },
    { name: 'PYTHONBREAKPOINT', command: 'PYTHONBREAKPOINT=evil.run python3 x.py' },
    { name: 'PYTHONPATH built at run time', command: 'PYTHONPATH="$D" python3 x.py' },
    { name: 'PYTHONPYCACHEPREFIX built at run time', command: 'PYTHONPYCACHEPREFIX="$D" python3 x.py' },
  ])('fails closed on $name', ({ command }) => {
    expect(outcome(command)).toEqual({ categories: [...RISK_CATEGORIES], failedClosed: true });
  });

  it.each([
    { name: 'an empty PYTHONSTARTUP', command: 'PYTHONSTARTUP= python3 x.py' },
    { name: 'PYTHONBREAKPOINT=0', command: 'PYTHONBREAKPOINT=0 python3 x.py' },
    { name: 'PYTHONPATH adding to the inherited one', command: 'PYTHONPATH=src:$PYTHONPATH python3 x.py' },
  ])('lets $name stand', ({ command }) => {
    expect(outcome(command)).toEqual({ categories: [EXEC], failedClosed: false });
  });
});

const REAL_RUNS: readonly HiddenCase[] = [
  {
    name: 'json.py beside python -c importing json',
    command: "cd src && python3 -c 'import json'",
    files: { 'src/json.py': TOUCHING },
    expected: 'readsPayload',
  },
  {
    name: 'mod.py that python -m mod runs',
    command: 'cd src && python3 -m mod',
    files: { 'src/mod.py': TOUCHING },
    expected: 'readsPayload',
  },
  {
    name: 'mod/__main__.py that python -m mod runs',
    command: 'cd src && python3 -m mod',
    files: { 'src/mod/__main__.py': TOUCHING },
    expected: 'readsPayload',
  },
];

describe.runIf(installed('python3'))('python runs what these name, for real', () => {
  it.each(REAL_RUNS)('$name', (hidden) => {
    expectRuns(hidden);
  });

  it('writes bytecode under the folder PYTHONPYCACHEPREFIX names', () => {
    const command = "cd src && PYTHONPYCACHEPREFIX=../marker python3 -c 'import json'";
    const root = caseWorkspace({ name: 'bytecode', command, expected: 'readsPayload' });
    // a machine that turns bytecode off would write none
    spawnSync('bash', ['-c', command], {
      cwd: root,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '' },
      stdio: 'pipe',
    });
    expect(existsSync(path.join(root, 'marker'))).toBe(true);
  });
});
