import type { CommandSpec } from '../../catalog/commandSpec';

// Info-ZIP zip: `zip [OPTIONS] ARCHIVE [FILE...] [-x NAME...] [-i NAME...]`. The archive is
// written and the files read; -m deletes them once packed, -d names entries of the archive
// instead, -O writes another archive and only reads the first. -TT gives the command that tests
// the archive, run by a shell. The names after -x or -i run to the next option, which no option
// table can say: the reader (zipReaders.ts) reads the line without them.

export const ZIP: CommandSpec = {
  options: {
    '-O|--output-file|-lf|--logfile-path': 'overwrite',
    '-TT|--unzip-command': 'script',
    '-x|--exclude|-i|--include|-b|--temp-path|-n|--suffixes|-t|--from-date|-tt|--before-date': 'data',
    '-P|--password|-Z|--compression-method|-s|--split-size|-ds|--dot-size|-UN|--unicode': 'data',
    '-0|-1|-2|-3|-4|-5|-6|-7|-8|-9|-A|--adjust-sfx|-AC|--archive-clear|-AS|--archive-set': 'flag',
    '-c|--entry-comments|-d|--delete|-D|--no-dir-entries|-DF|--difference-archive|-e|--encrypt': 'flag',
    '-db|--display-bytes|-dc|--display-counts|-dd|--display-dots|-dg|--display-globaldots': 'flag',
    '-du|--display-usize|-dv|--display-volume|-f|--freshen|-F|--fix|-FF|--fixfix|-FS|--filesync': 'flag',
    '-g|--grow|-h|--help|-h2|--more-help|-ic|--case-insensitive|-j|--junk-paths|-J|--junk-sfx': 'flag',
    '-k|--DOS-names|-l|--to-crlf|-la|--log-append|-li|--log-info|-ll|--from-crlf|-L|--license': 'flag',
    '-m|--move|-MM|--must-match|-nw|--no-wild|-o|--latest-time|-q|--quiet|-r|--recurse-paths': 'flag',
    '-R|--recurse-patterns|-RE|--regex|-S|--system-hidden|-sb|--split-bell|-sc|--show-command': 'flag',
    '-sd|--show-debug|-sf|--show-files|-so|--show-options|-sp|--split-pause|-su|--show-unicode': 'flag',
    '-sU|--show-just-unicode|-sv|--split-verbose|-T|--test|-u|--update|-U|--copy-entries': 'flag',
    '-v|--verbose|--version|-V|--VMS-portable|-w|--VMS-versions|-ww|--VMS-dot-versions': 'flag',
    '-ws|--wild-stop-dirs|-X|--no-extra|-y|--symlinks|-z|--archive-comment|-@|--names-stdin': 'flag',
    '-$|--volume-label|-!|--use-privileges': 'flag',
  },
  operands: { leading: ['overwrite'], rest: 'read' },
  // the first that applies wins: -m deletes the files packed, -d names entries, -O leaves the archive as it is
  with: {
    '-m|--move': { operands: { leading: ['overwrite'], rest: 'delete' } },
    '-d|--delete': { operands: { leading: ['overwrite'], rest: 'data' } },
    '-O|--output-file': { operands: { leading: ['read'], rest: 'read' } },
  },
  reader: 'zip',
};
