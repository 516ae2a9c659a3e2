import { BUILTIN_COMMAND_SETS } from '../commands/builtinCommands';
import { createCatalog } from './catalog';

/** The built-in command catalog: what intentgate knows about each program before any policy adds to it. */
export const BUILTIN_CATALOG = createCatalog(BUILTIN_COMMAND_SETS);
