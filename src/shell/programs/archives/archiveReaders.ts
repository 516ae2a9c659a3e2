import type { ReaderRegistry } from '../../catalog/reader';
import { cpioReader } from './cpioReader';
import { paxReader } from './paxReader';
import { sevenZipReader } from './sevenZipReader';
import { tarReader } from './tarReader';
import { unzipReader, zipReader } from './zipReaders';

/** The archivers' readers, by the names their specs give (archiveSpecs.ts). */
export const ARCHIVE_READERS: ReaderRegistry = {
  tar: tarReader,
  zip: zipReader,
  unzip: unzipReader,
  cpio: cpioReader,
  pax: paxReader,
  sevenZip: sevenZipReader,
};
