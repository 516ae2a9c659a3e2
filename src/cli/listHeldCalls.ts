import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { renderConfirmationPrompt } from '../approval/confirmationPrompt';
import type { GovernorOptions } from '../governor/governorOptions';
import { readRegularFile } from '../files/readRegularFile';
import { quoteForShell } from '../hooks/approvalHint';
import { DEFAULT_SESSION_LIMITS } from '../sessions/fileSessions';
import { restoredGovernor } from '../sessions/persistedSnapshot';
import { readSessionFile } from '../sessions/sessionFiles';
import { loadSessionKey, type SessionAuthenticity } from '../sessions/sessionKey';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The session id a session file names, or undefined for a file that is not one. */
function sessionIdOf(file: string): string | undefined {
  const read = readRegularFile(file, DEFAULT_SESSION_LIMITS.maxFileBytes);
  if (read.kind !== 'text') return undefined;
  try {
    const id: unknown = Reflect.get(Object(JSON.parse(read.text)), 'sessionId');
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** What `--list` needs of the command: where the sessions are, how to restore them, and the line that answers them. */
export interface HeldCallListing {
  readonly dir: string;
  /** the key the store's files are authenticated with: a file that fails its MAC is named, never listed */
  readonly keyFile: string;
  /** the workspace, where a key file is refused */
  readonly workspace: string;
  readonly optionsFor: (profile: string) => GovernorOptions;
  /** `intentgate approve` with the flags that find the same store */
  readonly approveCommand: string;
}

/**
 * The lines `intentgate approve --list` prints: every kept agent session that waits for a human,
 * each waiting call or change with the first line of its prompt and the command that answers
 * it. Read only: no session is locked, changed or dated. A file that cannot be read is named.
 */
export function listHeldCalls(listing: HeldCallListing): string[] {
  let names: string[];
  try {
    names = readdirSync(listing.dir).filter((name) => /^[0-9a-f]{40}\.json$/.test(name));
  } catch {
    return [`no agent sessions are kept in ${listing.dir}`];
  }
  if (names.length === 0) return [`nothing waits for a human in ${listing.dir}`];
  let authenticity: SessionAuthenticity;
  try {
    authenticity = { key: loadSessionKey(listing.keyFile, listing.workspace), store: realpathSync(listing.dir) };
  } catch (error) {
    return [`the sessions in ${listing.dir} cannot be checked: ${messageOf(error)}`];
  }
  const lines: string[] = [];
  for (const name of names.sort()) {
    const file = path.join(listing.dir, name);
    const id = sessionIdOf(file);
    if (id === undefined) continue;
    try {
      const kept = readSessionFile(file, id, DEFAULT_SESSION_LIMITS.maxFileBytes, authenticity);
      if (kept === undefined) continue;
      const governor = restoredGovernor(
        listing.optionsFor(kept.profile),
        id,
        kept.governor,
        `the session file ${file}`,
      );
      try {
        const waiting = governor.waitingApprovalIds;
        if (waiting.length === 0) continue;
        lines.push(
          `session ${id}${kept.profile === '' ? '' : ` (${kept.profile})`}${kept.notes.endedAt === undefined ? '' : ', ended by its agent'}:`,
        );
        for (const approvalId of waiting) {
          const decision = governor.waitingFor(approvalId);
          const first = decision?.approval
            ? (renderConfirmationPrompt(decision.approval.prompt).split('\n')[0] ?? '')
            : '';
          lines.push(
            `  ${approvalId}  ${decision?.tool ?? ''}  ${first}`,
            `    ${listing.approveCommand} --session ${quoteForShell(id)} --held ${approvalId}`,
          );
        }
      } finally {
        governor.stop();
      }
    } catch (error) {
      lines.push(`session ${id}: cannot be read: ${messageOf(error)}`);
    }
  }
  return lines.length === 0 ? [`nothing waits for a human in ${listing.dir}`] : lines;
}
