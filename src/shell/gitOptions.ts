import { valuedSet } from './options';

/** git tag's options that take a value (shared by its rule check and its details). */
export const GIT_TAG_VALUED: ReadonlySet<string> = valuedSet([
  '-m', '--message', '-F', '--file', '-u', '--local-user', '--sort', '--format', '--contains', '--no-contains', '--points-at',
  '--merged', '--no-merged', '--cleanup', '--color', '-n',
]);
