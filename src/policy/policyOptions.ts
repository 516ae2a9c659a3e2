import path from 'node:path';
import type { ToolClass } from '../tools/toolClass';
import type { GovernorOptions } from '../governor/governorOptions';
import type { ToolKindSpec } from '../tools/toolKinds';
import type { PolicyDocument } from './policySchema';

/** The tool-kind mappings without their examples: what `categorize` and the governor take. */
export function policyToolKinds(toolKinds: PolicyDocument['toolKinds']): Record<string, ToolKindSpec> {
  const specs: Record<string, ToolKindSpec> = {};
  for (const [tool, entry] of Object.entries(toolKinds ?? {})) {
    const { examples: _examples, notExamples: _notExamples, ...spec } = entry;
    specs[tool] = spec;
  }
  return specs;
}

/** The classification table without the rules' examples: what createGovernor takes. */
export function policyClassification(classification: PolicyDocument['classification']): Record<string, ToolClass> {
  // fromEntries, so a tool called '__proto__' stays an own key
  return Object.fromEntries(
    Object.entries(classification ?? {}).map(([tool, entry]) => [
      tool,
      typeof entry === 'string' ? entry : entry.class,
    ]),
  );
}

/**
 * The governor options a policy describes. Every relative path is resolved against
 * `baseDir`, the policy file's folder, so a policy means the same from any working directory.
 */
export function policyGovernorOptions(document: PolicyDocument, baseDir: string): GovernorOptions {
  const at = (value: string): string => path.resolve(baseDir, value);
  // absent keys stay absent, so spreading the options over defaults never writes undefined
  return {
    ...(document.workspaceRoot !== undefined && { workspaceRoot: at(document.workspaceRoot) }),
    ...(document.orchestrationDir !== undefined && { orchestrationDir: at(document.orchestrationDir) }),
    ...(document.sandboxRoot !== undefined && { sandboxRoot: at(document.sandboxRoot) }),
    ...(document.trace !== undefined && { trace: at(document.trace) }),
    ...(document.traceRotation !== undefined && { traceRotation: document.traceRotation }),
    ...(document.traceFsync !== undefined && { traceFsync: document.traceFsync }),
    ...(document.intents !== undefined && { intents: document.intents }),
    ...(document.classification !== undefined && { classification: policyClassification(document.classification) }),
    ...(document.modes !== undefined && { modes: document.modes }),
    ...(document.safeMode !== undefined && { safeMode: document.safeMode }),
    ...(document.locale !== undefined && { locale: document.locale }),
    ...(document.heldCallTtlMs !== undefined && { heldCallTtlMs: document.heldCallTtlMs }),
    ...(document.toolKinds !== undefined && { toolKinds: policyToolKinds(document.toolKinds) }),
    ...(document.shell !== undefined && { shell: document.shell }),
    ...(document.flow !== undefined && { flow: document.flow }),
    ...(typeof document.containment === 'object' &&
      document.containment.readOnlyShellBeforeIntent !== undefined && {
        readOnlyShellBeforeIntent: document.containment.readOnlyShellBeforeIntent,
      }),
  };
}
