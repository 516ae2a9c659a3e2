// Builds the `intentgate` executable after tsup has built the library into dist/:
//   dist/cli.bundle.cjs  the CLI (src/cli/main.ts) and its dependencies in one CommonJS file
//   dist/cli.calls.cjs   the same CLI with only the subcommands run once per tool call
//   dist/cli.cjs         the bin: runs a bundle through V8's code cache (src/cli/bin.ts)
// One file spares a start the resolution and reading of hundreds of modules; CommonJS is what
// Node 20 can hand a code cache to. Optional peers stay outside: they load only when used.
// Each bundle is ASCII text already wrapped in the CommonJS module function (src/cli/codeCache.ts):
// a start then hands V8 the file's text as read, without decoding or copying it.
//   npx tsx scripts/buildCli.ts
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import packageJson from '../package.json' with { type: 'json' };
import type { CliBundles } from '../src/cli/cliBundles';
import { BUILTIN_COMMAND_FAMILIES } from '../src/shell/programs/builtinCommandFamilies';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(REPO_ROOT, 'dist');
const BUNDLE = path.join(DIST, 'cli.bundle.cjs');
const CALLS_BUNDLE = path.join(DIST, 'cli.calls.cjs');
const BIN = path.join(DIST, 'cli.cjs');
/** Run once per tool call by agents and scripts: their starts read and deserialise only what they run. */
const CALL_SUBCOMMANDS = ['decide', 'hook'];
// the family folders, each with its specs in a module of its own; builtinCommandFamilies.ts beside them lists them and is started with the bundle
const PROGRAMS_FOLDER = 'src/shell/programs';
/**
 * Modules of the calls bundle loaded when one of their exports is first read rather than at
 * start: a decide or hook without `--policy` never builds the policy's schemas, a hook builds
 * its own agent's adapter only, and the built-in catalog builds the specs of only the program
 * families a command line names.
 */
const DEFERRED_IN_CALLS: readonly DeferredModule[] = [
  { module: 'src/policy/loadPolicy.ts', exports: ['loadPolicy'] },
  // a hook start loads the adapter of its agent only
  { module: 'src/hooks/agents/claudeCode.ts', exports: ['claudeCodeAdapter'] },
  { module: 'src/hooks/agents/codexAdapter.ts', exports: ['codexAdapter'] },
  { module: 'src/hooks/agents/geminiAdapter.ts', exports: ['geminiAdapter'] },
  // every module of built-in specs: the families are started on the first lookup of one of their programs
  ...[
    // a family folder's specs, `<family>Specs.ts` (src/shell/programs/make/makeSpecs.ts)
    ...readdirSync(path.join(REPO_ROOT, PROGRAMS_FOLDER), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .flatMap((family) =>
        readdirSync(path.join(REPO_ROOT, PROGRAMS_FOLDER, family))
          .filter((file) => file.endsWith('Specs.ts'))
          .map((file) => `${PROGRAMS_FOLDER}/${family}/${file}`),
      ),
  ].map((module) => {
    return {
      module,
      exports: exportedValues(readFileSync(path.join(REPO_ROOT, module), 'utf8')).map(({ name }) => name),
    };
  }),
];
const SUBCOMMANDS_MODULE = path.join(REPO_ROOT, 'src/cli/subcommands.ts');
/** The calls bundle's entry: the executable, with zod set to validate without compiling parsers. */
const CALLS_ENTRY = path.join(REPO_ROOT, 'src/cli/callsMain.ts');

const PEERS = Object.keys(packageJson.peerDependencies);
// the CommonJS stand-in for import.meta.url, which the analysis worker and the console look beside
const IMPORT_META_URL = 'intentgate_import_meta_url';

const NODE_BUNDLE = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' } as const;

/** The bundle's imports of files outside it must all be require calls: code run from a code cache cannot import(). */
function checkNoDynamicImport(
  bundle: string,
  imports: readonly { readonly path: string; readonly kind: string }[],
): void {
  const dynamic = imports.filter((item) => item.kind !== 'require-call');
  if (dynamic.length > 0)
    throw new Error(
      `buildCli: ${bundle} loads ${dynamic.map((item) => `${item.path} (${item.kind})`).join(', ')} other than by require`,
    );
}

/** The module of a subcommand, as src/cli/subcommands.ts imports it: `mcp-proxy` is `./commands/mcpProxy`. */
const commandModule = (name: string): string =>
  `./commands/${name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;

/**
 * Leaves out of a bundle the modules of every subcommand but `kept`: src/cli/subcommands.ts then
 * loads a module that throws, which the bin never asks for (it picks this bundle for `kept` only).
 */
function onlySubcommands(kept: readonly string[], found: Set<string>): Plugin {
  const keptModules = new Set(kept.map(commandModule));
  return {
    name: 'only-subcommands',
    setup(builder) {
      builder.onResolve({ filter: /^\.\/commands\// }, (args) => {
        if (args.importer !== SUBCOMMANDS_MODULE) return undefined;
        found.add(args.path);
        return keptModules.has(args.path) ? undefined : { path: args.path, namespace: 'left-out-subcommand' };
      });
      builder.onLoad({ filter: /.*/, namespace: 'left-out-subcommand' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`this bundle of intentgate has no ${args.path}`)});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * A module whose importers get a stand-in that loads it when one of its exports is first read:
 * they must read them only when they run, not when they load.
 */
interface DeferredModule {
  /** the module's path in the repository */
  readonly module: string;
  /** every value it exports: functions and constants, as the stand-in forwards each by a getter */
  readonly exports: readonly string[];
}

/** What `source` exports besides types: each declaration's kind (`function`, `const`, `class`...) and name. */
function exportedValues(source: string): { readonly kind: string; readonly name: string }[] {
  return [...source.matchAll(/^export\s+(?!type\b|interface\b)(?:async\s+)?(\w+)\s+(\w+)/gm)].map(
    ([, kind = '', name = '']) => ({ kind, name }),
  );
}

/** Throws unless `exports` are all the values `source` exports, each a function or a constant. */
function checkDeferredExports({ module, exports }: DeferredModule, source: string): void {
  const exported = exportedValues(source);
  const plain = (kind: string): boolean => kind === 'function' || kind === 'const';
  const others = exported.filter(({ kind, name }) => !plain(kind) || !exports.includes(name));
  const missing = exports.filter((name) => !exported.some((item) => plain(item.kind) && item.name === name));
  if (others.length > 0 || missing.length > 0 || /^export\s*(\{|\*|default\b)/m.test(source)) {
    throw new Error(
      `buildCli: ${module} must export exactly the functions or constants ${exports.join(', ')} to be deferred`,
    );
  }
}

/**
 * Gives the importers of each deferred module a stand-in whose getters require the module on
 * the first read: esbuild then starts the module (and the modules only it imports) only then.
 */
function deferModules(deferred: readonly DeferredModule[]): Plugin {
  const byModule = new Map(deferred.map((item) => [item.module, item]));
  return {
    name: 'defer-modules',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\// }, (args) => {
        // the stand-in's own require reaches the module itself
        if (args.namespace === 'deferred-module') return undefined;
        const file = path.resolve(args.resolveDir, args.path.endsWith('.ts') ? args.path : `${args.path}.ts`);
        const module = path.relative(REPO_ROOT, file).split(path.sep).join('/');
        return byModule.has(module) ? { path: module, namespace: 'deferred-module' } : undefined;
      });
      builder.onLoad({ filter: /.*/, namespace: 'deferred-module' }, (args) => {
        const item = byModule.get(args.path);
        if (item === undefined) throw new Error(`buildCli: ${args.path} is not deferred`);
        const file = path.join(REPO_ROOT, item.module);
        checkDeferredExports(item, readFileSync(file, 'utf8'));
        const forwards = item.exports.map(
          (name) =>
            `Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, get: () => load().${name} });`,
        );
        return {
          contents: [
            `let loaded;\nconst load = () => (loaded ??= require(${JSON.stringify(`./${path.basename(file)}`)}));`,
            ...forwards,
          ].join('\n'),
          resolveDir: path.dirname(file),
          loader: 'js',
        };
      });
    },
  };
}

/**
 * Leaves zod's translations of its messages out of a bundle: the CLI speaks English, set by zod
 * itself, and the other locales are a sixth of a bundle's text, read at every start.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-english' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/** zod's module of every public schema function: the `z` of `import { z } from 'zod'` is its namespace. */
const ZOD_EXTERNAL = path.join(
  path.dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4',
  'classic',
  'external.js',
);
const ZOD_IMPORT = /^import \{ (z|config) \} from 'zod';$/gm;

/**
 * Imports zod in the bundle's own modules as `import * as z`: esbuild then binds each `z.string`
 * to its function, instead of building a namespace object of some nine hundred getters at start.
 */
const zodWithoutNamespace: Plugin = {
  name: 'zod-without-namespace',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/, namespace: 'file' }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replace(ZOD_IMPORT, (_, name: string) =>
        name === 'z'
          ? `import * as z from ${JSON.stringify(ZOD_EXTERNAL)};`
          : `import { config } from ${JSON.stringify(ZOD_EXTERNAL)};`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Gives commander a child_process that loads on first use: it spawns only for executable
 * subcommands, which intentgate has none of, and loading it (with net and dgram) is a start's cost.
 */
const commanderLazyChildProcess: Plugin = {
  name: 'commander-lazy-child-process',
  setup(builder) {
    builder.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: 'child_process', namespace: 'lazy-child-process' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let loaded;\nexports.spawn = (...args) => (loaded ??= require('node:child_process')).spawn(...args);",
      loader: 'js',
    }));
  },
};

/** Writes each non-ASCII character as its escape `\uXXXX`: the same in a string, a template's value, a regular expression and a comment. */
function escapeNonAscii(text: string, file: string): string {
  return text.replace(/[^\x00-\x7f]/g, (character, offset: number) => {
    // after a backslash the escape would read as other characters
    if (text[offset - 1] === '\\') throw new Error(`buildCli: ${file} has an escaped non-ASCII character at ${offset}`);
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * Rewrites a bundle as the bin runs it: ASCII only, so it can be read as Latin-1 into a string
 * V8 does not copy, and wrapped in the CommonJS module function, so it needs no concatenation.
 */
function wrapForCodeCache(file: string): void {
  // a first line `#!` is a comment only at the start of a file
  const text = escapeNonAscii(readFileSync(file, 'utf8').replace(/^#!.*/, ''), file);
  // the file's URL, computed only by a bundle that asks for it; either line keeps the bundle's top level as esbuild wrote it, not in strict mode
  const head = text.includes(IMPORT_META_URL)
    ? `const ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;`
    : ';';
  writeFileSync(file, Module.wrap(`${head}\n${text}`));
}

// each built-in family's names, read from its specs here so that a bundle need not start every
// family's module to know which programs the catalog has (src/shell/programs/builtinCommandFamilies.ts)
const BUILTIN_PROGRAMS = JSON.stringify(BUILTIN_COMMAND_FAMILIES.map((family) => family.programs));

/** Bundles the CLI into `outfile`, with only the `only` subcommands when given; answers the bundle's digest. */
async function bundleCli(outfile: string, only?: readonly string[]): Promise<string> {
  const found = new Set<string>();
  const bundled = await build({
    ...NODE_BUNDLE,
    entryPoints: [only === undefined ? path.join(REPO_ROOT, 'src/cli/main.ts') : CALLS_ENTRY],
    outfile,
    format: 'cjs',
    external: PEERS.flatMap((peer) => [peer, `${peer}/*`]),
    // code run from a code cache cannot import(): an optional peer is loaded with require (Node >= 20.19 requires ESM too)
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': IMPORT_META_URL, INTENTGATE_BUILTIN_PROGRAMS: BUILTIN_PROGRAMS },
    legalComments: 'inline',
    // less text to read at each start; names are kept: errors and stack traces read as in the sources
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    plugins: [
      zodEnglishOnly,
      zodWithoutNamespace,
      commanderLazyChildProcess,
      ...(only === undefined ? [] : [onlySubcommands(only, found), deferModules(DEFERRED_IN_CALLS)]),
    ],
  });
  checkNoDynamicImport(
    outfile,
    Object.values(bundled.metafile.outputs).flatMap((output) => output.imports),
  );
  const missing = (only ?? []).map(commandModule).filter((module) => !found.has(module));
  if (missing.length > 0) throw new Error(`buildCli: src/cli/subcommands.ts imports none of ${missing.join(', ')}`);
  wrapForCodeCache(outfile);
  return createHash('sha256').update(readFileSync(outfile)).digest('hex').slice(0, 16);
}

async function main(): Promise<void> {
  const bundles: CliBundles = {
    all: { file: path.basename(BUNDLE), build: await bundleCli(BUNDLE) },
    calls: {
      file: path.basename(CALLS_BUNDLE),
      build: await bundleCli(CALLS_BUNDLE, CALL_SUBCOMMANDS),
      subcommands: CALL_SUBCOMMANDS,
    },
  };
  await build({
    ...NODE_BUNDLE,
    entryPoints: [path.join(REPO_ROOT, 'src/cli/bin.ts')],
    outfile: BIN,
    format: 'cjs',
    define: { INTENTGATE_CLI_BUNDLES: JSON.stringify(bundles) },
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(BIN, 0o755);
  // a cache of an earlier build is refused by its key; removing it keeps dist/ as built
  for (const bundle of [BUNDLE, CALLS_BUNDLE]) rmSync(`${bundle}.v8cache`, { force: true });
  console.log(
    `built ${path.relative(REPO_ROOT, BIN)}, ${bundles.all.file} (build ${bundles.all.build}) and ${bundles.calls.file} (build ${bundles.calls.build})`,
  );
}

void main();
