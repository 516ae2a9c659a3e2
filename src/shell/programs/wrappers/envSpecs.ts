import type { CommandSpecs } from '../../catalog/commandSpec';

// env and its npm twins run a command after variable settings (`NAME=value`), which the catalog's
// run roles cannot step over: their reader reads the settings (code-bearing variables are code)
// and where the command starts (envAndSu.ts).

/** env, cross-env and cross-env-shell. */
export const ENV_COMMANDS: CommandSpecs = {
  // env [OPTIONS] [-] [NAME=value]... [COMMAND [ARG]...]: GNU and BSD options; a lone '-' is -i
  env: {
    options: {
      '-i|--ignore-environment|-0|--null|-v|--debug|--list-signal-handling|--help|--version': 'flag',
      '-u|--unset|-a|--argv0|-P|-L|-U': 'data',
      '-C|--chdir': 'cwd',
      // split into more of env's own arguments, read again by the reader
      '-S|--split-string': 'code',
      '--block-signal|--default-signal|--ignore-signal': 'optional',
    },
    operands: { rest: 'command' },
    // env with nothing to run prints the environment, where tokens and keys live
    printsSecrets: { withoutCommand: true },
    reader: 'env',
  },
  // cross-env NAME=value... COMMAND: no options; a word starting with '-' is the command
  'cross-env': { unknownOptions: 'operand', operands: { rest: 'command' }, reader: 'env' },
  // cross-env-shell NAME=value... COMMAND: the command runs through a shell
  'cross-env-shell': { unknownOptions: 'operand', operands: { rest: 'shell' }, reader: 'env' },
};
