import {
  environmentProblem,
  NO_ENVIRONMENT_CODE,
  type EnvironmentCodeReader,
  type FamilyEnvironment,
} from '../../catalog/environmentCode';

// the JVM's options that load an agent, a boot class path or an @argfile before the program
const JVM_LOADING = /-javaagent|-agentpath|-agentlib|-Xbootclasspath|@/;

const jvmOptions: EnvironmentCodeReader = (word, name) =>
  word.value !== undefined && !JVM_LOADING.test(word.value)
    ? NO_ENVIRONMENT_CODE
    : environmentProblem(`${name} may load a module or file into every such program`);

/** What the developer tools read from the environment: the JVM's options, and man's pager. */
export const DEVELOPER_TOOLS_ENVIRONMENT: FamilyEnvironment = {
  code: { JAVA_TOOL_OPTIONS: jvmOptions, _JAVA_OPTIONS: jvmOptions, JDK_JAVA_OPTIONS: jvmOptions },
  commandLines: ['MANPAGER'],
};
