import type { CommandSpec } from '../../catalog/commandSpec';

// GNU find: `find [-H|-L|-P] [-D OPTS] [-O LEVEL] [STARTING-POINT...] [EXPRESSION]`. Its
// primaries are single-dash words, listed here with what the word after each is: a pattern, a
// number or a format is data, a reference file is read, an output file is written, and the
// -exec family runs the words after it. How the expression holds them (starting points before
// it, `(`, `!`, `,`, a command ending at `;` or `+`, -fprintf's format after its file, the
// names -files0-from holds) is read by its reader (findAndXargs.ts) from this table.

/** -newerXY: compares X of each file with Y of a reference file, or with a date when Y is t. */
function newerPrimaries(times: string): string {
  return [...'aBcm'].flatMap((x) => [...times].map((y) => `-newer${x}${y}`)).join('|');
}

export const FIND: CommandSpec = {
  options: {
    // before the starting points: how symbolic links are followed, debug options, the optimisation level
    '-H|-L|-P': 'flag',
    '-D': 'data',
    '-O': 'optional',
    // options of the expression
    '-maxdepth|-mindepth|-regextype': 'data',
    '-d|-depth|-follow|-mount|-xdev|-noleaf|-daystart|-ignore_readdir_race|-noignore_readdir_race': 'flag',
    '-warn|-nowarn|-help|--help|-version|--version': 'flag',
    // tests taking a time, a size, a name pattern, a type, an owner or a number
    '-amin|-atime|-cmin|-ctime|-mmin|-mtime|-used|-size|-perm|-type|-xtype|-links|-inum|-fstype|-context': 'data',
    '-name|-iname|-path|-ipath|-wholename|-iwholename|-regex|-iregex|-lname|-ilname': 'data',
    '-user|-group|-uid|-gid': 'data',
    [newerPrimaries('t')]: 'data',
    // tests whose reference file find reads (its times, its identity), and the file of starting points
    '-newer|-anewer|-cnewer|-samefile|-files0-from': 'read',
    [newerPrimaries('aBcm')]: 'read',
    '-empty|-executable|-readable|-writable|-nouser|-nogroup|-true|-false': 'flag',
    // operators
    '-not|-a|-and|-o|-or': 'flag',
    // actions: output files written (-fprintf's format follows its file), formats, and the commands each file is given to
    '-fprint|-fprint0|-fls|-fprintf': 'overwrite',
    '-printf': 'data',
    '-print|-print0|-ls|-prune|-quit|-delete': 'flag',
    '-exec|-execdir|-ok|-okdir': 'command',
  },
  // the starting points are read; -delete deletes what it finds in them, '.' when none is given
  operands: { rest: 'read' },
  with: { '-delete': { operands: { rest: 'delete', assumed: ['.'] } } },
  reader: 'find',
};
