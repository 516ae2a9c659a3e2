import {
  environmentProblem,
  NO_ENVIRONMENT_CODE,
  type EnvironmentCodeReader,
  type FamilyEnvironment,
} from '../../catalog/environmentCode';

/** A variable of options the interpreter reads before its own: one that loads a module or file fails closed. */
function loadingOptions(loads: RegExp): EnvironmentCodeReader {
  return (word, name) =>
    word.value !== undefined && !loads.test(word.value)
      ? NO_ENVIRONMENT_CODE
      : environmentProblem(`${name} may load a module or file into every such program`);
}

// node's options that load a module or file before the program
const NODE_LOADING = new RegExp(
  String.raw`(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader|--env-file|--env-file-if-exists|` +
    String.raw`--experimental-policy|--openssl-config|--snapshot-blob|--experimental-config-file)\b`,
);

const awkLocation: EnvironmentCodeReader = (_word, name) =>
  environmentProblem(`${name} moves where gawk finds the code -f, -i and -l load`);

/**
 * What the interpreters read from the environment: node's, perl's and ruby's options (python's
 * module folders are the python family's, which reads the modules python finds), and where gawk
 * finds the files -f, -i and @include load and the extensions -l loads.
 */
export const INTERPRETERS_ENVIRONMENT: FamilyEnvironment = {
  code: {
    NODE_OPTIONS: loadingOptions(NODE_LOADING),
    PERL5OPT: loadingOptions(/(?:^|\s)-[A-Za-z]*[MmdIx]/),
    RUBYOPT: loadingOptions(/(?:^|\s)-[A-Za-z]*[rI]/),
    AWKPATH: awkLocation,
    AWKLIBPATH: awkLocation,
  },
};
