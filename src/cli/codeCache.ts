import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Script } from 'node:vm';

/** Ends each of the two header lines of a cache file (its key, then the runs it covers); the compiled code follows. */
const LINE_END = 0x0a;
/** A cache stops growing after this many kinds of run: later kinds compile what they add. */
const MAX_COVERED = 16;
const RUN_LABEL = /^[a-z][a-z-]{0,31}$/;

/**
 * What a cache is valid for: the file's build, size and time, this Node and this machine's kind.
 * V8 checks only its own version, flags and the source's length, so a rebuilt file of the same
 * length would otherwise run the last build's code.
 */
export function codeCacheKey(file: string, build: string): string {
  const { size, mtimeMs } = statSync(file);
  return `intentgate-code-cache ${build} ${size} ${mtimeMs} ${process.version} ${process.arch}`;
}

/** The kind of run a cache records it has compiled: a subcommand's name, or '-' for anything else. */
export function runLabel(argv: readonly string[]): string {
  const first = argv[0];
  return first !== undefined && RUN_LABEL.test(first) ? first : '-';
}

interface CacheRead {
  readonly data: Buffer;
  readonly covered: readonly string[];
}

function readCache(cacheFile: string, key: string): CacheRead | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const keyEnd = bytes.indexOf(LINE_END);
  const coveredEnd = keyEnd < 0 ? -1 : bytes.indexOf(LINE_END, keyEnd + 1);
  if (coveredEnd < 0 || bytes.subarray(0, keyEnd).toString('utf8') !== key) return undefined;
  const covered = bytes
    .subarray(keyEnd + 1, coveredEnd)
    .toString('utf8')
    .split(',')
    .filter((label) => label !== '');
  return { data: bytes.subarray(coveredEnd + 1), covered };
}

function writeCache(cacheFile: string, header: string, script: Script): void {
  // a read-only install, or another start writing at the same time: this start just goes without
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([Buffer.from(header, 'utf8'), script.createCachedData()]));
    renameSync(temporary, cacheFile);
  } catch {
    // the next start compiles again; a half-written file is not left behind
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing more to do: the cache never decides a run's outcome
    }
  }
}

/** Where runWithCodeCache finds the file and its cache, and what this run is. */
export interface CodeCacheRun {
  /** the CommonJS file to run */
  readonly file: string;
  readonly cacheFile: string;
  /** names the file's build, so a cache never outlives it */
  readonly build: string;
  /** the kind of run (runLabel): a kind the cache has not seen adds what it compiled */
  readonly label: string;
  /** the file is already wrapped in the CommonJS module function (Module.wrap), as scripts/buildCli.ts writes the bundles */
  readonly wrapped?: boolean;
  /** the `require` the file's code gets, for a file in the caller's folder; default: one made for the file */
  readonly require?: NodeJS.Require;
}

// node:module loads the ES module loader with it: a start that runs a wrapped file with its caller's require goes without
const nodeModule = () => process.getBuiltinModule('node:module');

/**
 * The module function's source text. ASCII is decoded as Latin-1, which Node hands V8 as an
 * external string of a large file: no UTF-8 decoding, and no copy of it on V8's heap.
 */
function moduleSource(file: string, wrapped: boolean): string {
  const bytes = readFileSync(file);
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  return wrapped ? text : nodeModule().wrap(text.replace(/^#!.*/, ''));
}

/**
 * Runs a CommonJS file as `require` would, with V8's compiled code kept in a cache file: a start
 * reuses what earlier starts compiled, and at exit writes the cache when it had none that V8
 * accepted, or when this kind of run is not in it yet (the cache then holds both).
 */
export function runWithCodeCache(run: CodeCacheRun): void {
  const { file, cacheFile, build, label } = run;
  const source = moduleSource(file, run.wrapped === true);
  const key = codeCacheKey(file, build);
  const cache = readCache(cacheFile, key);
  // no import() in the file: code compiled from a cache has no dynamic import callback (scripts/buildCli.ts checks)
  const script = new Script(source, { filename: file, cachedData: cache?.data });
  const moduleWrapper: unknown = script.runInThisContext();
  if (typeof moduleWrapper !== 'function') throw new Error(`code cache: ${file} did not compile to a module function`);
  const module = { exports: {} };
  moduleWrapper.call(
    module.exports,
    module.exports,
    run.require ?? nodeModule().createRequire(file),
    module,
    file,
    path.dirname(file),
  );
  const accepted = cache !== undefined && script.cachedDataRejected !== true;
  const covered = accepted ? cache.covered : [];
  if (accepted && (covered.includes(label) || covered.length >= MAX_COVERED)) return;
  // after the run, the cache holds the functions this start compiled, not just the top level
  process.once('beforeExit', () => writeCache(cacheFile, `${key}\n${[...covered, label].join(',')}\n`, script));
}
