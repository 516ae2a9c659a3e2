import { BUILTIN_COMMAND_FAMILIES } from './builtinCommandFamilies';
import { createCatalog } from '../catalog/catalog';

/** The built-in command catalog: what intentgate knows about each program before any policy adds to it. */
export const BUILTIN_CATALOG = createCatalog([], BUILTIN_COMMAND_FAMILIES);
