import type { ProgramFamily } from '../../registry/programFamily';
import { FILE_READER_COMMANDS } from './fileReaderSpecs';
import { SEARCH_COMMANDS } from './searchSpecs';
import { unwrapFind, unwrapXargs } from './findAndXargs';
import { wrapperReader } from '../../catalog/unwrapped';

/** The search family: the file readers and the search tools. */
export const SEARCH_FAMILY: ProgramFamily = {
  specs: [() => FILE_READER_COMMANDS, () => SEARCH_COMMANDS],
  readers: { find: wrapperReader(unwrapFind), xargs: wrapperReader(unwrapXargs) },
  // less runs the input preprocessor these name on every file it opens
  environment: { commandLines: ['LESSOPEN', 'LESSCLOSE'] },
  // cat with no operand but '-' prints its stdin as it is, so `cat <<EOF | sh` gives sh the here-document
  stdinPrinters: ['cat'],
};
