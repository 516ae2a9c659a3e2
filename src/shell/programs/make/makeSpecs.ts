import type { CommandSpecs } from '../../catalog/commandSpec';

// make runs the project's own code: the recipes of its Makefile, which the family's reader of
// the files it runs reads (makeRunFiles.ts); `makeReader` lists that run from the line.

/** make and gmake. */
export const MAKE_COMMANDS: CommandSpecs = {
  make: {
    aliases: ['gmake'],
    reader: 'make',
    // other makefiles, or recipes run with another shell
    runChangingOptions: [
      '-C',
      '-f',
      '--file',
      '--makefile',
      '-I',
      '--include-dir',
      '-E',
      '--eval',
      '-e',
      '--environment-overrides',
      'SHELL=',
      '.SHELLFLAGS=',
      'MAKEFLAGS=',
      'MAKEFILES=',
    ],
    options: {
      '-C|--directory': 'read',
      '-f|--file|--makefile': 'read',
      '-I|--include-dir|-o|--old-file|--assume-old|-W|--what-if|--new-file|--assume-new|-j|--jobs|-l|--load-average|-O|--output-sync|--eval|-E':
        'data',
      '-k|--keep-going|-s|--silent|--quiet|-n|--just-print|--dry-run|--recon|-q|--question|-p': 'flag',
      '--print-data-base|-B|--always-make|-d|--debug|-e|--environment-overrides|-i|--ignore-errors|-r': 'flag',
      '--no-builtin-rules|-R|--no-builtin-variables|-S|--no-keep-going|--stop|-t|--touch|-v|--version|-w': 'flag',
      '--print-directory|--no-print-directory|--trace|-h|--help': 'flag',
    },
    operands: { rest: 'data', assignments: true },
    runsProjectCode: true,
  },
};
