import type { ProgramFamily } from '../../registry/programFamily';
import { FILE_READER_COMMANDS } from './fileReaderSpecs';
import { SEARCH_COMMANDS } from './searchSpecs';
import { unwrapFind, unwrapXargs } from './findAndXargs';
import { wrapperReader } from '../../catalog/unwrapped';

/** The search family: the file readers and the search tools. */
export const SEARCH_FAMILY: ProgramFamily = {
  specs: [() => FILE_READER_COMMANDS, () => SEARCH_COMMANDS],
  readers: { find: wrapperReader(unwrapFind), xargs: wrapperReader(unwrapXargs) },
};
