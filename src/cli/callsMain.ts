// The entry of the bundle of decide and hook (scripts/buildCli.ts): the executable, with zod
// set to validate without compiling a parser per object schema. Such a process parses each
// schema a few times, and compiling costs it more than it gains; the answers are the same.
// The subcommands' schemas are built after this line: their modules load when named.
import { config } from 'zod';
import { startCli } from './startCli';

config({ jitless: true });
startCli();
