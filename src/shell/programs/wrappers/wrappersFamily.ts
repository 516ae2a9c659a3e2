import type { ProgramFamily } from '../../registry/programFamily';
import { WRAPPER_COMMANDS } from './wrapperSpecs';
import { unwrapBwrap } from './bwrap';
import { unwrapConcurrently, unwrapNodemon, unwrapWatchexec } from './devRunners';
import { unwrapEnv, unwrapSu } from './envAndSu';
import { hashReader } from './hash';
import { unwrapParallel } from './parallel';
import { unwrapCapsh, unwrapExpect, unwrapGdb, unwrapPerf } from './programWrappers';
import { unwrapScreen } from './screen';
import { unwrapTmux } from './tmux';
import { unwrappedEffects, wrapperReader } from '../../catalog/unwrapped';

/** The wrappers family: the programs that run a command given on their line. */
export const WRAPPERS_FAMILY: ProgramFamily = {
  specs: [() => WRAPPER_COMMANDS],
  readers: {
    // env's settings are read with the environment the catalog's families give
    env: {
      readsArguments: true,
      read: (reading, site) => unwrappedEffects(reading.name, unwrapEnv(reading, site.catalog.code.environment)),
    },
    su: wrapperReader((words, reading) => unwrapSu(reading.name, words)),
    tmux: wrapperReader(unwrapTmux),
    screen: wrapperReader(unwrapScreen),
    parallel: wrapperReader(unwrapParallel),
    bwrap: wrapperReader(unwrapBwrap),
    capsh: wrapperReader(unwrapCapsh),
    gdb: wrapperReader(unwrapGdb),
    perf: wrapperReader(unwrapPerf),
    expect: wrapperReader(unwrapExpect),
    nodemon: wrapperReader(unwrapNodemon),
    concurrently: wrapperReader(unwrapConcurrently),
    watchexec: wrapperReader(unwrapWatchexec),
    hash: hashReader,
  },
};
