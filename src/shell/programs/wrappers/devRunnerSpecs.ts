import type { CommandSpecs } from '../../catalog/commandSpec';

// Development runners that start commands given as arguments (devRunners.ts reads what they run).

/** nodemon, concurrently, watchexec. */
export const DEV_RUNNER_COMMANDS: CommandSpecs = {
  // nodemon [OPTIONS] [SCRIPT] [ARGS]: runs `node SCRIPT ARGS`, or `CMD SCRIPT ARGS` through a
  // shell with --exec. No run role: options it does not know are node's, so its reader finds
  // where the script starts
  nodemon: {
    options: {
      '-x|--exec': 'script',
      '-e|--ext|-w|--watch|-i|--ignore|-d|--delay|-s|--signal': 'data',
      '--config': 'read',
      '--cwd': 'cwd',
      '-V|--verbose|-q|--quiet|-L|--legacy-watch|-C|--on-change-only|-I|--no-stdin|--spawn|--exitcrash|--dump|--no-colors|-h|--help|-v|--version':
        'flag',
    },
    reader: 'nodemon',
  },
  // concurrently [OPTIONS] CMD...: each operand is a shell command (`npm:NAME` a package script's
  // shorthand); its options may come anywhere, and one it does not know fails closed
  concurrently: {
    options: {
      '--teardown': 'script',
      '-n|--names|--name-separator|-c|--prefix-colors|-p|--prefix|-l|--prefix-length|-t|--timestamp-format': 'data',
      '-s|--success|--kill-signal|--restart-tries|--restart-after|-m|--max-processes': 'data',
      '--default-input-target|--hide': 'data',
      '-k|--kill-others|--kill-others-on-fail|-r|--raw|--no-color|-g|--group|--pad-prefix|-i': 'flag',
      '--handle-input|-P|--passthrough-arguments|--timings|-h|--help|-v|-V|--version': 'flag',
    },
    operands: { rest: 'script' },
    reader: 'concurrently',
  },
  // watchexec [OPTIONS] [--] COMMAND...: the command runs through a shell unless -n or
  // `--shell=none`; a value an option takes only attached (`--poll=100`) is `optional`
  watchexec: {
    options: {
      '-w|--watch|-W|--watch-non-recursive|-F|--watch-file|-e|--exts|-f|--filter|-j|--filter-prog|-i': 'data',
      '--ignore|--fs-events|-o|--on-busy-update|-s|--signal|--stop-signal|--stop-timeout|--map-signal|-d': 'data',
      '--debounce|--delay-run|--shell|-E|--env|--wrap-process|--color|--emit-events-to': 'data',
      '--filter-file|--ignore-file': 'read',
      '--project-origin|--workdir': 'cwd',
      '-c|--clear|--poll': 'optional',
      '--log-file': 'optionalWrite',
      '-r|--restart|-p|--postpone|-n|-N|--notify|-q|--quiet|--bell|--timings|--stdin-quit|--no-vcs-ignore': 'flag',
      '--no-project-ignore|--no-global-ignore|--no-default-ignore|--no-discover-ignore|--ignore-nothing': 'flag',
      '--only-emit-events|--no-process-group|--no-meta|--print-events|--manual|-v|--verbose|-1|-h|--help': 'flag',
      '-V|--version': 'flag',
    },
    operands: { rest: 'shell' },
    with: { '-n': { operands: { rest: 'command' } } },
    reader: 'watchexec',
  },
};
