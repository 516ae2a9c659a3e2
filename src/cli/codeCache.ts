import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { constants, Script } from 'node:vm';

/** Ends the key line at the head of a cache file; the compiled code follows it. */
const KEY_END = 0x0a;

/**
 * What a cache is valid for: the file's build, size and time, this Node and this machine's kind.
 * V8 checks only its own version, flags and the source's length, so a rebuilt file of the same
 * length would otherwise run the last build's code.
 */
export function codeCacheKey(file: string, build: string): string {
  const { size, mtimeMs } = statSync(file);
  return `intentgate-code-cache ${build} ${size} ${mtimeMs} ${process.version} ${process.arch}`;
}

function readCache(cacheFile: string, key: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(KEY_END);
  return end > 0 && bytes.subarray(0, end).toString('utf8') === key ? bytes.subarray(end + 1) : undefined;
}

function writeCache(cacheFile: string, key: string, script: Script): void {
  // a read-only install, or another start writing at the same time: this start just goes without
  try {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([Buffer.from(key, 'utf8'), Buffer.from([KEY_END]), script.createCachedData()]));
    renameSync(temporary, cacheFile);
  } catch {
    // the next start compiles again
  }
}

/**
 * Runs the CommonJS file `file` as `require` would, with V8's compiled code kept in `cacheFile`:
 * a start reuses what the previous start compiled, and at exit writes the cache when it had none
 * that V8 accepted. `build` names the file's build, so a cache never outlives it.
 */
export function runWithCodeCache(file: string, cacheFile: string, build: string): void {
  const source = readFileSync(file, 'utf8').replace(/^#!.*/, '');
  const key = codeCacheKey(file, build);
  const cachedData = readCache(cacheFile, key);
  const script = new Script(Module.wrap(source), { filename: file, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const moduleWrapper: unknown = script.runInThisContext();
  if (typeof moduleWrapper !== 'function') throw new Error(`code cache: ${file} did not compile to a module function`);
  const module = { exports: {} };
  moduleWrapper.call(module.exports, module.exports, Module.createRequire(file), module, file, path.dirname(file));
  // after the run, the cache holds the functions this start compiled, not just the top level
  if (cachedData === undefined || script.cachedDataRejected === true) process.once('beforeExit', () => writeCache(cacheFile, key, script));
}
