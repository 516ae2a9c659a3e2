import type { ProgramFamily } from '../../registry/programFamily';
import { ARCHIVE_COMMANDS } from './archiveSpecs';
import { ARCHIVE_READERS } from './archiveReaders';
import { ARCHIVES_ENVIRONMENT } from './archivesEnvironment';

/** The archives family: tar, zip, unzip, cpio, pax, 7z and the compressors. */
export const ARCHIVES_FAMILY: ProgramFamily = {
  specs: [() => ARCHIVE_COMMANDS],
  readers: ARCHIVE_READERS,
  environment: ARCHIVES_ENVIRONMENT,
};
