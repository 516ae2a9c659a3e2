import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { ZIP } from './zipSpec';

// Archivers and compressors: tar, zip, unzip, cpio, pax and 7-Zip read what they pack and write
// what they extract, by their mode (their readers, archiveReaders.ts); a compressor replaces its
// input unless kept.

const COMPRESSOR = (keep: string, extra: CommandSpec['options'] = {}): CommandSpec => ({
  options: {
    '-S|--suffix|-T|--threads|-F|--format|-C|--check|-M|--memlimit|-p|--processes|-b|--blocksize|-o|--output': 'data',
    '-1|-2|-3|-4|-5|-6|-7|-8|-9|--fast|--best|-d|--decompress|--uncompress|-f|--force|-q|--quiet|-r': 'flag',
    '--recursive|-v|--verbose|-n|--no-name|-N|--name|-h|--help|-V|--version|-L|--license|-z|--compress|-e': 'flag',
    '--extreme|-s|--small|--rsyncable|--synchronous': 'flag',
    [keep]: 'flag',
    ...extra,
  },
  // the input is replaced by its (de)compressed form unless it is kept
  operands: 'delete',
  with: { [keep]: { operands: 'read' } },
});

/** Archivers and compressors. */
export const ARCHIVE_COMMANDS: CommandSpecs = {
  // archives hold links, extracted as links
  tar: { aliases: ['bsdtar'], reader: 'tar', placesLinks: true },
  zip: ZIP,
  unzip: { reader: 'unzip', placesLinks: true },
  cpio: { reader: 'cpio', placesLinks: true },
  pax: { reader: 'pax', placesLinks: true },
  '7z': { aliases: ['7za', '7zr', '7zz', '7zzs'], reader: 'sevenZip', placesLinks: true },
  gzip: {
    ...COMPRESSOR('-k|--keep|-c|--stdout|--to-stdout|-l|--list|-t|--test'),
    aliases: ['gunzip', 'pigz', 'unpigz', 'compress', 'uncompress'],
  },
  bzip2: { ...COMPRESSOR('-k|--keep|-c|--stdout|-t|--test'), aliases: ['bunzip2'] },
  xz: { ...COMPRESSOR('-k|--keep|-c|--stdout|--to-stdout|-l|--list|-t|--test'), aliases: ['unxz', 'lzma', 'unlzma'] },
  // zstd keeps its input unless --rm; -o names the output
  zstd: {
    aliases: ['unzstd', 'zstdmt'],
    options: {
      '-o': 'overwrite',
      '-T|--threads|-D|--memory|--patch-from|--stream-size|--size-hint|--target-compressed-block-size|--ultra': 'data',
      '-1|-2|-3|-4|-5|-6|-7|-8|-9|-10|-11|-12|-13|-14|-15|-16|-17|-18|-19|-d|--decompress|-z|--compress|-f': 'flag',
      '--force|-q|--quiet|-v|--verbose|-c|--stdout|-k|--keep|-r|-t|--test|-l|--list|--fast|--long': 'flag',
      '--no-progress|-h|--help|-V|--version|--rm': 'flag',
    },
    operands: 'read',
    with: { '--rm': { operands: 'delete' } },
  },
};
