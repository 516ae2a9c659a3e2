import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';

/** The program found on PATH under `name`, or undefined. */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const realpathOr = (file: string): string => {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
};

/**
 * The words that run this intentgate from an agent's hook: `intentgate` when the one on PATH is
 * this very program (a global install), else `node` and the program's absolute path. Never
 * `npx`, which adds most of a second to every hook event. `entry` is the running CLI's script
 * (`process.argv[1]`); a TypeScript entry (a checkout run with tsx) is run with tsx again.
 */
export function intentgateProgram(entry: string, env: NodeJS.ProcessEnv): readonly string[] {
  const real = realpathOr(path.resolve(entry));
  const installed = onPath('intentgate', env);
  if (installed !== undefined && realpathOr(installed) === real) return ['intentgate'];
  if (/\.[cm]?ts$/.test(real)) return ['npx', 'tsx', real];
  return ['node', real];
}

/** The program that ends a hook past its time: GNU `timeout`, which macOS with coreutils names `gtimeout`. */
export function timeoutProgram(env: NodeJS.ProcessEnv): { readonly program: string; readonly found: boolean } {
  if (onPath('timeout', env) !== undefined) return { program: 'timeout', found: true };
  if (onPath('gtimeout', env) !== undefined) return { program: 'gtimeout', found: true };
  return { program: 'timeout', found: false };
}
