import {
  environmentProblem,
  NO_ENVIRONMENT_CODE,
  type EnvironmentCodeReader,
  type FamilyEnvironment,
} from '../../catalog/environmentCode';

// make options that only change how many jobs run and what is printed
const PLAIN_MAKE_FLAGS =
  /^(?:-+[jklsw]*\d*|--jobs(?:=\d+)?|--no-print-directory|--print-directory|--silent|--quiet|--keep-going|--load-average(?:=[\d.]+)?|\d+)$/;

const makeFlags: EnvironmentCodeReader = (word, name) => {
  const words = word.value?.split(/\s+/).filter((item) => item !== '');
  if (words !== undefined && words.every((item) => PLAIN_MAKE_FLAGS.test(item))) return NO_ENVIRONMENT_CODE;
  return environmentProblem(`${name} may give make other makefiles, variables (SHELL=...) or code to evaluate`);
};

/** What make reads from the environment: more makefiles, or options and variables. */
export const MAKE_ENVIRONMENT: FamilyEnvironment = {
  code: {
    MAKEFILES: (word) =>
      word.value === ''
        ? NO_ENVIRONMENT_CODE
        : environmentProblem('MAKEFILES names makefiles make reads before its own'),
    MAKEFLAGS: makeFlags,
    MFLAGS: makeFlags,
    GNUMAKEFLAGS: makeFlags,
  },
};
