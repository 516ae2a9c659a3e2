import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HookInvocation, InstallAgent } from '../../../src/hooks/install/agentConfigs';
import { planInstall, planUninstall, type InstallTarget } from '../../../src/hooks/install/installHooks';
import { tempDir } from '../../support/agents/agentCli';

/** The invocation the tests install with: a fixed program path, so texts can be compared. */
export const INVOCATION: HookInvocation = {
  program: ['node', '/opt/intentgate/dist/cli.cjs'],
  flags: ['--workspace', '/w'],
  timeoutSec: 25,
  timeoutProgram: 'timeout',
  onFailureBlock: false,
};

/** A fresh workspace holding the given files (relative path → text). */
export function workspaceWith(files: Readonly<Record<string, string>>): InstallTarget {
  const workspace = tempDir('install-');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
    writeFileSync(path.join(workspace, file), text);
  }
  return { workspace, orchestrationDir: path.join(workspace, '.orchestration') };
}

/** Every folder (with a trailing slash) and file under `root`, with each file's text. */
export function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const relative = path.relative(root, full);
      if (statSync(full).isDirectory()) {
        out[`${relative}/`] = '';
        walk(full);
      } else {
        out[relative] = readFileSync(full, 'utf8');
      }
    }
  };
  walk(root);
  return out;
}

export const install = (target: InstallTarget, agent: InstallAgent, invocation: HookInvocation = INVOCATION) =>
  planInstall(target, agent, invocation).draft.apply();
export const uninstall = (target: InstallTarget, agent: InstallAgent) => planUninstall(target, agent).draft.apply();
export const read = (target: InstallTarget, file: string): string =>
  readFileSync(path.join(target.workspace, file), 'utf8');
export const readJson = (target: InstallTarget, file: string): Record<string, unknown> =>
  JSON.parse(read(target, file)) as Record<string, unknown>;

/**
 * Whether `installed` keeps every setting of `original`: each member with a value that keeps
 * the original's, each array starting with the original's elements, each plain value equal.
 */
export function keepsSettings(original: unknown, installed: unknown): boolean {
  if (Array.isArray(original))
    return (
      Array.isArray(installed) &&
      original.every((element, index) => JSON.stringify(element) === JSON.stringify(installed[index]))
    );
  if (typeof original === 'object' && original !== null) {
    if (typeof installed !== 'object' || installed === null || Array.isArray(installed)) return false;
    return Object.entries(original).every(
      ([key, value]) => key in installed && keepsSettings(value, (installed as Record<string, unknown>)[key]),
    );
  }
  return original === installed;
}

/** The comments of a JSON-with-comments or TOML text, each as written. */
export const commentsOf = (text: string): string[] => text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|#[^\n]*/g) ?? [];
