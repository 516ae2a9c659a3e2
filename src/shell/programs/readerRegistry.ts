import { noEffects } from '../catalog/commandEffects';
import type { CommandReading } from '../catalog/commandReading';
import type { FamilyCode, Reader, ReaderRegistry, RuleCheckRegistry } from '../catalog/reader';
import { inlineCodeEffects } from './interpreters/inlineCode';
import { INTERPRETER_CHECKS } from './interpreters/setupPyUpload';
import { FILE_UTILITY_CHECKS } from './fileUtilities/fileUtilityChecks';
import { NETWORK_CHECKS } from './network/networkChecks';
import { PACKAGE_MANAGER_CHECKS } from './packageManagers/packageManagerChecks';
import { SYSTEM_CHECKS } from './system/systemChecks';
import type { ShellWord } from '../words/shellWord';
import { ARCHIVE_READERS } from './archives/archiveReaders';
import { atReader } from './system/atJobs';
import { unwrapBwrap } from './wrappers/bwrap';
import { csplitReader, ddReader, permissionsReader } from './fileUtilities/fileUtilityReaders';
import { folderTargetReader } from './fileUtilities/folderTarget';
import { curlReader, forgeApiReader, wgetReader } from './network/networkFiles';
import { unwrapConcurrently, unwrapNodemon, unwrapWatchexec } from './wrappers/devRunners';
import { editorReader } from './developerTools/editorReader';
import { BUILD_PUBLISH_CHECKS, buildPublishReader } from './developerTools/buildPublishing';
import { unwrapEnv, unwrapSu } from './wrappers/envAndSu';
import { unwrapFind, unwrapXargs } from './search/findAndXargs';
import { gitReader } from './git/gitReader';
import { gitPathsReader } from './git/gitPaths';
import { gitSubmoduleReader } from './git/gitSubmodule';
import { hashReader } from './wrappers/hash';
import { interpreterReader } from './interpreters/interpreterReader';
import { makeReader } from './make/makeReader';
import { packageRunnerReader } from './node/packageRunners';
import { packageScriptReader } from './taskRunners/packageScripts';
import { unwrapParallel } from './wrappers/parallel';
import { unwrapCapsh, unwrapExpect, unwrapGdb, unwrapPerf } from './wrappers/programWrappers';
import { unwrapScreen } from './wrappers/screen';
import { sedReader } from './fileUtilities/sed';
import { shellReader } from './shells/shellReader';
import { sqliteReader } from './sqlite/sqliteReader';
import { mongoReader } from './databases/mongoReader';
import { redisReader } from './databases/redisReader';
import { mysqlReader, psqlReader } from './databases/sqlClientReader';
import { sshOptionsReader } from './network/sshOptions';
import { remoteCopyReader } from './network/remoteCopies';
import { sshKeygenReader } from './network/sshKeygen';
import { serviceReader } from './services/serviceFindingDetails';
import { objectStorageReader } from './services/objectStorageReader';
import { SERVICE_RULE_CHECKS } from './services/serviceChecks';
import { justReader, taskReader } from './taskRunners/taskRunnerReaders';
import { unwrapTmux } from './wrappers/tmux';
import { applyPatchReader } from './patches/applyPatchReader';
import { unwrappedEffects, type Unwrapped } from '../catalog/unwrapped';

/** A reader of its own words that says what the command runs: tmux, find, xargs, env and kin. */
function wrapper(unwrap: (words: readonly ShellWord[], reading: CommandReading) => Unwrapped | undefined): Reader {
  return {
    readsArguments: true,
    read(reading) {
      const unwrapped = unwrap(reading.words, reading);
      return unwrapped === undefined ? noEffects() : unwrappedEffects(reading.name, unwrapped);
    },
  };
}

/** Every bespoke reader, by the name a spec gives in `reader`. */
export const READERS: ReaderRegistry = {
  sed: sedReader,
  find: wrapper(unwrapFind),
  xargs: wrapper(unwrapXargs),
  env: wrapper(unwrapEnv),
  su: wrapper((words, reading) => unwrapSu(reading.name, words)),
  shell: shellReader,
  interpreter: interpreterReader,
  ...ARCHIVE_READERS,
  dd: ddReader,
  curl: curlReader,
  git: gitReader,
  gitPaths: gitPathsReader,
  gitSubmodule: gitSubmoduleReader,
  packageScript: packageScriptReader,
  packageRunner: packageRunnerReader,
  make: makeReader,
  ssh: sshOptionsReader,
  remoteCopy: remoteCopyReader,
  sshKeygen: sshKeygenReader,
  at: atReader,
  tmux: wrapper(unwrapTmux),
  screen: wrapper(unwrapScreen),
  parallel: wrapper(unwrapParallel),
  bwrap: wrapper(unwrapBwrap),
  capsh: wrapper(unwrapCapsh),
  gdb: wrapper(unwrapGdb),
  perf: wrapper(unwrapPerf),
  expect: wrapper(unwrapExpect),
  nodemon: wrapper(unwrapNodemon),
  concurrently: wrapper(unwrapConcurrently),
  watchexec: wrapper(unwrapWatchexec),
  editor: editorReader,
  hash: hashReader,
  forgeApi: forgeApiReader,
  permissions: permissionsReader,
  csplit: csplitReader,
  folderTarget: folderTargetReader,
  wget: wgetReader,
  just: justReader,
  task: taskReader,
  sqlite: sqliteReader,
  psql: psqlReader,
  mysql: mysqlReader,
  redis: redisReader,
  mongo: mongoReader,
  service: serviceReader,
  objectStorage: objectStorageReader,
  buildPublish: buildPublishReader,
  applyPatch: applyPatchReader,
};

/** Every named check of a rule's `when`, by the name a rule gives in `when.check`. */
export const RULE_CHECKS: RuleCheckRegistry = {
  ...PACKAGE_MANAGER_CHECKS,
  ...SYSTEM_CHECKS,
  ...FILE_UTILITY_CHECKS,
  ...NETWORK_CHECKS,
  ...INTERPRETER_CHECKS,
  ...SERVICE_RULE_CHECKS,
  ...BUILD_PUBLISH_CHECKS,
};

/** What the built-in families give the spec language in code: their readers, checks and inline-code reader. */
export const BUILTIN_FAMILY_CODE: FamilyCode = Object.freeze({
  readers: READERS,
  checks: RULE_CHECKS,
  inlineCode: inlineCodeEffects,
});
