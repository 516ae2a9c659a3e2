import { BUILTIN_COMMAND_FAMILIES } from './builtinCommandFamilies';
import { createCatalog } from '../catalog/catalog';
import { BUILTIN_FAMILY_CODE } from './readerRegistry';

/** The built-in command catalog: what intentgate knows about each program before any policy adds to it. */
export const BUILTIN_CATALOG = createCatalog([], BUILTIN_COMMAND_FAMILIES, BUILTIN_FAMILY_CODE);
