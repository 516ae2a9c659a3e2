import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listTsFiles, relativeTo } from '../../scripts/moduleImports';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';

// The shell analysis' mechanism (bash semantics, word primitives, the spec language, the reading
// of the files a line runs, SQL) names no program: what one program does is in its family folder,
// reached through the registries (issue 35). A string literal equal to the name or alias of a
// program of the built-in catalog is a program named, unless it is bash's own name or a word of
// the mechanism's vocabulary that a program shares, each allowed below with why. Comments do
// not count; module specifiers do not either.

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The mechanism: the modules at the top of src/shell, and these folders with everything below them. */
const MECHANISM_FOLDERS = [
  'src/shell/engine',
  'src/shell/words',
  'src/shell/catalog',
  'src/shell/runFiles',
  'src/shell/sql',
] as const;

/** bash's builtins: bash runs them itself, so the engine that reads a line as bash does names them. */
const BASH_BUILTINS = [
  ':',
  '.',
  '[',
  'alias',
  'bg',
  'bind',
  'break',
  'builtin',
  'caller',
  'cd',
  'command',
  'compgen',
  'complete',
  'compopt',
  'continue',
  'declare',
  'dirs',
  'disown',
  'echo',
  'enable',
  'eval',
  'exec',
  'exit',
  'export',
  'false',
  'fc',
  'fg',
  'getopts',
  'hash',
  'help',
  'history',
  'jobs',
  'kill',
  'let',
  'local',
  'logout',
  'mapfile',
  'popd',
  'printf',
  'pushd',
  'pwd',
  'read',
  'readarray',
  'readonly',
  'return',
  'set',
  'shift',
  'shopt',
  'source',
  'suspend',
  'test',
  'times',
  'trap',
  'true',
  'type',
  'typeset',
  'ulimit',
  'umask',
  'unalias',
  'unset',
  'wait',
] as const;

/** A name the mechanism may write though a program has it: everywhere, or only in `files`. */
interface AllowedName {
  readonly name: string;
  /** the only files it may appear in; every mechanism file when absent */
  readonly files?: readonly string[];
  readonly why: string;
}

const ALLOWED: readonly AllowedName[] = [
  ...BASH_BUILTINS.map((name) => ({ name, why: 'a bash builtin, which the engine runs as bash does' })),
  { name: 'sh', why: 'the shell that runs a script: a shell the line starts (`sh -c`), not a program of a family' },
  {
    name: 'script',
    files: [
      'src/shell/catalog/argumentEffects.ts',
      'src/shell/catalog/commandReading.ts',
      'src/shell/catalog/commandSpec.ts',
    ],
    why: 'the argument role of shell code (ARGUMENT_ROLES), not the script program',
  },
  {
    name: 'file',
    files: [
      'src/shell/words/stdinSource.ts',
      'src/shell/catalog/codeArguments.ts',
      'src/shell/catalog/commandEffects.ts',
      'src/shell/catalog/workspaceFiles.ts',
    ],
    why: "a kind of stdin, of a workspace entry or a run's field, not the file program",
  },
  {
    name: 'service',
    files: ['src/shell/catalog/commandSpec.ts', 'src/shell/catalog/unknownProgramVerbs.ts'],
    why: 'the impact level of a service (IMPACT_LEVELS), not the service program',
  },
  ...['http', 'https', 'ftp'].map((name) => ({
    name,
    files: ['src/shell/words/urls.ts'],
    why: 'a URL scheme, not the client named after it',
  })),
  ...['GET', 'POST', 'HEAD'].map((name) => ({
    name,
    files: ['src/shell/catalog/ruleFindings.ts'],
    why: "an HTTP method a client's first operand may be (firstOperand httpMethod), not lwp-request's alias",
  })),
  ...['rm', 'truncate'].map((name) => ({
    name,
    files: ['src/shell/catalog/unknownProgramVerbs.ts'],
    why: "a destructive verb among an unknown program's words (`nats stream rm s`), not the program",
  })),
];

/**
 * Files that still name programs, with the names each still writes: none is left. Knowledge that
 * was here (the environment variables programs read, the program printing its stdin as it is)
 * is its family's, reached through the catalog's code.
 */
const KNOWN_NAMING: readonly { readonly file: string; readonly names: readonly string[]; readonly why: string }[] = [];

/** Every name and alias of a program of the built-in catalog. */
function programNames(): ReadonlySet<string> {
  const names = new Set<string>();
  for (const [name, spec] of BUILTIN_CATALOG.programs) {
    names.add(name);
    for (const alias of spec.aliases ?? []) names.add(alias);
  }
  return names;
}

/** A string literal found in a source: its line and text. */
interface NamedProgram {
  readonly line: number;
  readonly name: string;
}

const isModuleSpecifier = (node: ts.Node): boolean => {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
  );
};

/** The string literals of a source that equal a program's name, read with the compiler's parser. */
function namedPrograms(text: string, names: ReadonlySet<string>): NamedProgram[] {
  const source = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: NamedProgram[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && names.has(node.text) && !isModuleSpecifier(node))
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, name: node.text });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function mechanismFiles(): string[] {
  const top = readdirSync(path.join(REPO_ROOT, 'src/shell'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(REPO_ROOT, 'src/shell', entry.name));
  return [...top, ...MECHANISM_FOLDERS.flatMap((folder) => listTsFiles(path.join(REPO_ROOT, folder)))].sort();
}

function isAllowed(name: string, file: string): boolean {
  return ALLOWED.some((allowed) => allowed.name === name && (allowed.files?.includes(file) ?? true));
}

/** Every program a mechanism file names that no allowance covers, by file. */
function namingByFile(): Map<string, NamedProgram[]> {
  const names = programNames();
  const byFile = new Map<string, NamedProgram[]>();
  for (const file of mechanismFiles()) {
    const relative = relativeTo(REPO_ROOT, file);
    const named = namedPrograms(readFileSync(file, 'utf8'), names).filter(({ name }) => !isAllowed(name, relative));
    if (named.length > 0) byFile.set(relative, named);
  }
  return byFile;
}

describe('the mechanism names no program', () => {
  const byFile = namingByFile();

  it('finds no program named in a mechanism file, beyond the known ones', () => {
    const known = new Map(KNOWN_NAMING.map((entry) => [entry.file, new Set(entry.names)]));
    const unexpected = [...byFile].flatMap(([file, named]) =>
      named
        .filter(({ name }) => known.get(file)?.has(name) !== true)
        .map(({ line, name }) => `${file}:${line} '${name}'`),
    );
    expect(unexpected).toEqual([]);
  });

  it('keeps the list of files still naming programs empty', () => {
    expect(KNOWN_NAMING).toEqual([]);
  });

  it.each(ALLOWED.filter((allowed) => allowed.files !== undefined))(
    "uses '$name' where it is allowed, else the allowance comes off the list",
    ({ name, files }) => {
      const names = new Set([name]);
      const unused = (files ?? []).filter(
        (file) =>
          !existsSync(path.join(REPO_ROOT, file)) ||
          namedPrograms(readFileSync(path.join(REPO_ROOT, file), 'utf8'), names).length === 0,
      );
      expect(unused).toEqual([]);
    },
  );

  it('allows only names a program of the catalog has, each once', () => {
    const names = programNames();
    const allowed = ALLOWED.map((entry) => entry.name);
    expect(allowed.filter((name, index) => allowed.indexOf(name) !== index)).toEqual([]);
    // a builtin the catalog has no program for needs no allowance, but bash's list is kept whole
    expect(ALLOWED.filter((entry) => entry.files !== undefined && !names.has(entry.name))).toEqual([]);
  });
});

describe('namedPrograms', () => {
  const names: ReadonlySet<string> = new Set(['git', 'curl', 'rsync']);

  it.each([
    { name: 'a string literal', text: "if (name === 'git') run();", expected: [{ line: 1, name: 'git' }] },
    { name: 'a template without substitutions', text: 'const tool = `curl`;', expected: [{ line: 1, name: 'curl' }] },
    {
      name: 'a member of a string union type',
      text: "type Kind = 'make' | 'rsync';",
      expected: [{ line: 1, name: 'rsync' }],
    },
    { name: 'a comment', text: "// 'git' and curl\nconst x = 1; /* 'rsync' */", expected: [] },
    { name: 'a module specifier', text: "import { a } from 'git';\nexport { b } from 'curl';", expected: [] },
    { name: 'a longer string', text: "const line = 'git push';", expected: [] },
    { name: 'a template with a substitution', text: 'const line = `${tool}git`;', expected: [] },
  ])('finds a program named in $name: $expected.length', ({ text, expected }) => {
    expect(namedPrograms(text, names)).toEqual(expected);
  });

  it('reads the names and aliases of the built-in catalog', () => {
    const all = programNames();
    expect([all.has('git'), all.has('pip3'), all.has('ncat'), all.has('not-a-program')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
