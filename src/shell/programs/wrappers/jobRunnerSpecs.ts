import type { CommandSpecs } from '../../catalog/commandSpec';

// Programs that run a command once per argument they are given: xargs reads its arguments from
// stdin (search/findAndXargs.ts), GNU parallel from its line or a file (parallel.ts).

/** xargs and GNU parallel. */
export const JOB_RUNNER_COMMANDS: CommandSpecs = {
  // xargs [OPTIONS] [COMMAND [ARG]...]: echo by default; -i, -e and -l take a value only attached
  xargs: {
    options: {
      '-a|--arg-file': 'read',
      '-d|--delimiter|-E|-I|-L|-n|--max-args|-P|--max-procs|-s|--max-chars|--process-slot-var|-J|-R|-S': 'data',
      '-i|--replace|-e|--eof|-l|--max-lines': 'optional',
      '-0|--null|-o|--open-tty|-p|--interactive|-r|--no-run-if-empty|-t|--verbose|-x|--exit|--show-limits|--help|--version':
        'flag',
    },
    operands: { rest: 'command' },
    reader: 'xargs',
  },
  // parallel [OPTIONS] COMMAND ::: ARGS...: the command is run once per argument after `:::`, so
  // no run role; options it does not list here are read as flags
  parallel: {
    options: {
      '-a|--arg-file|--sshloginfile|--slf': 'read',
      '--joblog|--results|--res': 'write',
      // commands run through a shell
      '--compress-program|--decompress-program|--ssh|--limit': 'script',
      // Perl expressions
      '--filter|--rpl|--group-by|--shard': 'code',
      '--arg-file-sep|--arg-sep|--basefile|--bf|--block|--block-size|-C|--colsep|-d|--delimiter|--delay|-E': 'data',
      '--env|--halt|--header|-I|-j|--jobs|-P|--max-procs|-L|--max-lines|--load|--memfree|-n|--max-args|-N': 'data',
      '--max-replace-args|--nice|--retries|--return|-S|--sshlogin|-s|--max-chars|--tagstring|--tmpdir': 'data',
      '--timeout|--transferfile|--tf|--workdir|--wd|--recstart|--recend|--sqlmaster|--sqlworker': 'data',
      '--sqlandworker|--template|--termseq|--id|--semaphorename|--process-slot-var': 'data',
      '-q|--quote|--dry-run|--dryrun|--pipe|--pipepart|--nonall|--onall|--retry-failed|-k|--keep-order': 'flag',
      '--tag|-u|--ungroup|--line-buffer|--lb|--group|-v|--verbose|-t|--eta|--bar|--progress|-0|--null|-r': 'flag',
      '--no-run-if-empty|-X|-m|--xargs|--will-cite|--citation|--shuf|--files|--plus|--fg|--bg|--version|-h': 'flag',
      '--help': 'flag',
    },
    reader: 'parallel',
  },
};
