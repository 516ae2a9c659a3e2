import type { EnvironmentReader } from '../catalog/environmentCode';

// The readers of the files programs run (Makefiles, justfiles, Taskfiles, .env files) keep the
// variables that choose code and restate them for the shell analysis, but their site (RunSite)
// carries no catalog, and a family's module cannot import the list of every family, which
// imports the family. So the list provides the families' environment here once, as it is made,
// and those readers read it from here; reading it before that throws, so no reader runs without
// the families' variables.
let provided: EnvironmentReader | undefined;

/** Gives the built-in families' environment; called once, by the list of the built-in families. */
export function provideBuiltinEnvironment(environment: EnvironmentReader): void {
  if (provided !== undefined && provided !== environment)
    throw new Error(
      'the built-in families environment is provided twice: provide it once, where the families are listed',
    );
  provided = environment;
}

/** What the built-in families' programs read from the environment, for readers that are given no catalog. */
export function builtinEnvironment(): EnvironmentReader {
  if (provided === undefined)
    throw new Error(
      'the built-in families environment is read before the families are listed: import builtinFamilies.ts first',
    );
  return provided;
}
