import path from 'node:path';
import { parseOfRecentTexts } from '../../../files/recentParses';
import { MAX_PACKAGE_JSON_BYTES } from '../../runFiles/codeFiles';
import { isPlaced, type RunFileReader } from '../../runFiles/runFileReader';
import { shellScriptFile } from '../../runFiles/shellScriptFile';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import { packageSettings } from './npmSettings';

/** A package.json's `scripts`, undefined when it is no JSON; the last text's kept (see recentParses.ts). */
const manifestScripts = parseOfRecentTexts((json: string): unknown => {
  try {
    return (JSON.parse(json) as { scripts?: unknown }).scripts;
  } catch {
    return undefined;
  }
});

/**
 * The shell lines `npm run NAME` runs from a package.json: `preNAME`, `NAME`, `postNAME` (npm
 * runs all three; other managers may skip the pre and post ones, which only adds a reading),
 * or the exact scripts a lifecycle command runs (`npm install`: preinstall, install, ...).
 */
function packageScriptText(json: string, run: ShellScriptRun): string | undefined {
  const scripts = manifestScripts(json);
  if (typeof scripts !== 'object' || scripts === null) return undefined;
  const table = scripts as Record<string, unknown>;
  const name = run.script ?? '';
  const names = run.scripts ?? [`pre${name}`, name, `post${name}`];
  const lines = names
    .filter((key) => Object.hasOwn(table, key))
    .map((key) => table[key])
    .filter((line): line is string => typeof line === 'string');
  return lines.length === 0 ? undefined : lines.join('\n');
}

/**
 * The package managers' reader of the files they run: the settings that choose what runs the
 * scripts (npmSettings.ts), then the package.json scripts a run names.
 */
export const PACKAGE_SCRIPT_FILES: RunFileReader = {
  readsUnplacedRuns: false,
  read(run, site) {
    if (!isPlaced(run)) return [];
    const files = packageSettings(run, site);
    const scripts = shellScriptFile(run, site, { maxBytes: MAX_PACKAGE_JSON_BYTES, textOf: packageScriptText });
    if (scripts === undefined) return files;
    // the scripts run in the package's folder, which `--prefix` may name
    const manifest = site.context.analyze(run.path, site.context.base).absolute;
    const base = manifest === undefined || scripts.kind === 'unseen' ? undefined : path.dirname(manifest);
    return [...files, base === undefined ? scripts : { ...scripts, base }];
  },
};
