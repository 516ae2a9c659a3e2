import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WorkspaceSpec {
  /** create the orchestration directory (default true) */
  readonly orchestration?: boolean;
  /** text of .orchestration/active_intents.yaml */
  readonly intentsYaml?: string;
  /** text of .intentignore */
  readonly intentIgnore?: string;
}

export const INTENTS_YAML = `active_intents:
  - id: INT-001
    name: JWT authentication
    status: IN_PROGRESS
    owned_scope:
      - src/auth/**
      - tests/auth/
  - id: INT-002
    name: Docs
    owned_scope: [docs/**]
`;

/** A fresh temporary workspace laid out as the spec says. */
export function makeWorkspace(spec: WorkspaceSpec = {}): string {
  const root = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'workspace-'));
  if (spec.orchestration ?? true) mkdirSync(path.join(root, '.orchestration'));
  if (spec.intentsYaml !== undefined)
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), spec.intentsYaml);
  if (spec.intentIgnore !== undefined) writeFileSync(path.join(root, '.intentignore'), spec.intentIgnore);
  return root;
}
