import type {
  EnvironmentCodeReader,
  EnvironmentPattern,
  EnvironmentReader,
  FamilyEnvironment,
} from '../catalog/environmentCode';
import { RegistryClashError } from './registryClashError';

const VARIABLE = 'environment variable';

/**
 * What every family's programs read from the environment, as one reader. A variable is one
 * family's to read: a name claimed twice (by two families, or as code and as a command line),
 * or a pattern matching a name or an example another family gives, throws RegistryClashError.
 */
export function environmentOf(environments: readonly (FamilyEnvironment | undefined)[]): EnvironmentReader {
  const code = new Map<string, EnvironmentCodeReader>();
  const commandLines = new Set<string>();
  const owners = new Map<string, number>();
  const patterns: { readonly pattern: EnvironmentPattern; readonly family: number }[] = [];
  const claim = (name: string, family: number): void => {
    if (owners.has(name)) throw new RegistryClashError(VARIABLE, name);
    owners.set(name, family);
  };
  environments.forEach((environment, family) => {
    for (const [name, read] of Object.entries(environment?.code ?? {})) {
      claim(name, family);
      code.set(name, read);
    }
    for (const name of environment?.commandLines ?? []) {
      claim(name, family);
      commandLines.add(name);
    }
    for (const pattern of environment?.codePatterns ?? []) patterns.push({ pattern, family });
  });
  for (const { pattern, family } of patterns) {
    const others = [
      ...[...owners].filter(([, owner]) => owner !== family).map(([name]) => name),
      ...patterns.filter((other) => other.family !== family).flatMap((other) => other.pattern.examples),
    ];
    const taken = others.find((name) => pattern.pattern.test(name));
    if (taken !== undefined) throw new RegistryClashError(VARIABLE, taken);
  }
  return Object.freeze<EnvironmentReader>({
    code: (name, word) =>
      (code.get(name) ?? patterns.find(({ pattern }) => pattern.pattern.test(name))?.pattern.read)?.(word, name),
    isCommandLine: (name) => commandLines.has(name),
  });
}
