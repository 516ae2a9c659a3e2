import type { CommandSpecs } from '../../catalog/commandSpec';

/** sqlite3. */
export const SQLITE_COMMANDS: CommandSpecs = {
  // `sqlite3 [OPTIONS] [DATABASE [SQL]...]`: every option reads with one dash or two, anywhere on
  // the line. The SQL given on the line, with -cmd or on stdin changes the database, and its dot
  // commands may run a shell or write files: the reader reads them (sqliteReader.ts).
  sqlite3: {
    options: {
      '-cmd|--cmd': 'code',
      // a file of sqlite3 commands run first
      '-init|--init': 'program',
      '-separator|--separator|-newline|--newline|-nullvalue|--nullvalue|-vfs|--vfs|-mmap|--mmap|-maxsize': 'data',
      '--maxsize|-nonce|--nonce|-escape|--escape|-limit|--limit|-sorterref|--sorterref': 'data',
      // each takes a second value too, which the reader skips
      '-lookaside|--lookaside|-pagecache|--pagecache|-heap|--heap': 'data',
      // `-A ARGS...` runs `.archive ARGS`, which reads and writes files: the reader fails closed
      '-A|--A': 'flag',
      '-append|--append|-ascii|--ascii|-bail|--bail|-batch|--batch|-box|--box|-column|--column|-csv|--csv': 'flag',
      '-deserialize|--deserialize|-echo|--echo|-header|--header|-noheader|--noheader|-help|--help|-html': 'flag',
      '--html|-interactive|--interactive|-json|--json|-line|--line|-list|--list|-markdown|--markdown': 'flag',
      '-memtrace|--memtrace|-multiplex|--multiplex|-nofollow|--nofollow|-no-rowid-in-view': 'flag',
      '--no-rowid-in-view|-pcachetrace|--pcachetrace|-quote|--quote|-readonly|--readonly|-safe|--safe': 'flag',
      '-stats|--stats|-table|--table|-tabs|--tabs|-unsafe-testing|--unsafe-testing|-version|--version': 'flag',
      '-vfstrace|--vfstrace|-zip|--zip': 'flag',
    },
    operands: { leading: ['write'], rest: 'code' },
    reader: 'sqlite',
  },
};
