import { noEffects } from '../catalog/commandEffects';
import type { CommandReading } from '../catalog/commandReading';
import type { Reader, ReaderRegistry } from '../catalog/reader';
import type { ShellWord } from '../shellWord';
import { tarReader, unzipReader, zipReader } from '../programs/archives/archiveReaders';
import { atReader } from './atJobs';
import { unwrapBwrap } from '../programs/wrappers/bwrap';
import { csplitReader, ddReader, permissionsReader } from '../programs/fileUtilities/fileUtilityReaders';
import { curlReader, forgeApiReader, wgetReader } from '../programs/network/networkFiles';
import { unwrapConcurrently, unwrapNodemon, unwrapWatchexec } from '../programs/wrappers/devRunners';
import { editorReader } from '../programs/developerTools/editorReader';
import { unwrapEnv, unwrapEnvShell, unwrapSu } from '../programs/wrappers/envAndSu';
import { unwrapFind, unwrapXargs } from './findAndXargs';
import { gitReader } from '../programs/git/gitReader';
import { gitPathsReader } from '../programs/git/gitPaths';
import { gitSubmoduleReader } from '../programs/git/gitSubmodule';
import { hashReader } from '../programs/wrappers/hash';
import { interpreterReader } from './interpreters';
import { makeReader } from '../programs/make/makeReader';
import { packageRunnerReader } from '../programs/node/packageRunners';
import { packageScriptReader } from '../programs/taskRunners/packageScripts';
import { unwrapParallel } from '../programs/wrappers/parallel';
import { unwrapCapsh, unwrapExpect, unwrapGdb, unwrapPerf } from '../programs/wrappers/programWrappers';
import { unwrapScreen } from '../programs/wrappers/screen';
import { sedReader } from '../programs/fileUtilities/sed';
import { shellReader } from './shells';
import { sqliteReader } from '../programs/sqlite/sqliteReader';
import { mongoReader } from '../programs/databases/mongoReader';
import { redisReader } from '../programs/databases/redisReader';
import { mysqlReader, psqlReader } from '../programs/databases/sqlClientReader';
import { sshOptionsReader } from '../programs/network/sshOptions';
import { justReader, taskReader } from '../programs/taskRunners/taskRunnerReaders';
import { unwrapTmux } from '../programs/wrappers/tmux';
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
  env: wrapper((words, reading) => (reading.name === 'cross-env-shell' ? unwrapEnvShell(words) : unwrapEnv(words))),
  su: wrapper((words, reading) => unwrapSu(reading.name, words)),
  shell: shellReader,
  interpreter: interpreterReader,
  tar: tarReader,
  zip: zipReader,
  unzip: unzipReader,
  dd: ddReader,
  curl: curlReader,
  git: gitReader,
  gitPaths: gitPathsReader,
  gitSubmodule: gitSubmoduleReader,
  packageScript: packageScriptReader,
  packageRunner: packageRunnerReader,
  make: makeReader,
  ssh: sshOptionsReader,
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
  wget: wgetReader,
  just: justReader,
  task: taskReader,
  sqlite: sqliteReader,
  psql: psqlReader,
  mysql: mysqlReader,
  redis: redisReader,
  mongo: mongoReader,
};
