import type { CommandSpecs } from '../catalog/commandSpec';
import { BUILTIN_COMMAND_FAMILIES } from './builtinCommandFamilies';

/** Every built-in program spec, by family; a name listed in two families keeps its first spec. */
export const BUILTIN_COMMAND_SETS: readonly CommandSpecs[] = BUILTIN_COMMAND_FAMILIES.map((family) => family.specs());
