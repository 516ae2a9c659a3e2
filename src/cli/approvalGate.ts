import path from 'node:path';
import {
  approvalTokenFile,
  createApprovalCredential,
  readApprovalCredential,
  type ApprovalCredential,
} from '../hooks/approvalCredential';
import type { CliIo } from './cliIo';
import { confirmAtTerminal, isInteractive } from './terminalConfirm';

/** Whether a human may answer a session from this terminal: yes, or the refusal that says what is missing. */
export type GateResult = { readonly ok: true } | { readonly ok: false; readonly refusal: string };

/** Where `intentgate approve` reads the credential: `--token-file`, else the environment's or the default file. */
export interface CredentialSource {
  readonly file: string;
  /** named by `--token-file`: the human handed the credential explicitly */
  readonly explicit: boolean;
}

export function credentialSource(tokenFile: string | undefined, io: CliIo): CredentialSource {
  return tokenFile === undefined
    ? { file: approvalTokenFile(io.env, io.cwd), explicit: false }
    : { file: path.resolve(io.cwd, tokenFile), explicit: true };
}

const INIT_HINT = 'create it once, in your own terminal, with `intentgate approve --init`';

/** The credential read for an answer, or the refusal naming what is missing. */
export function readCredential(
  source: CredentialSource,
  workspace: string,
): { readonly ok: true; readonly digest: string } | { readonly ok: false; readonly refusal: string } {
  const credential: ApprovalCredential = readApprovalCredential(source.file, workspace);
  if (credential.kind === 'missing')
    return {
      ok: false,
      refusal: `approving needs the approval credential, and there is none at ${source.file}: ${INIT_HINT}`,
    };
  if (credential.kind === 'unsafe')
    return { ok: false, refusal: `the approval credential ${source.file} cannot be trusted: ${credential.why}` };
  return { ok: true, digest: credential.digest };
}

/**
 * The rule (docs/cli.md): the credential's token must be the one the session was started under,
 * when its hook found one; and a human confirms at an interactive terminal, unless the
 * credential was named with `--token-file` and is the session's own.
 */
export async function passGate(
  io: CliIo,
  source: CredentialSource,
  digest: string,
  bound: string | undefined,
  question: string,
): Promise<GateResult> {
  if (bound !== undefined && bound !== digest) {
    return {
      ok: false,
      refusal:
        `the approval token in ${source.file} is not the one this session was started under; ` +
        `use the credential its hook read (the default file, or INTENTGATE_APPROVAL_TOKEN_FILE where the agent runs)`,
    };
  }
  if (source.explicit && bound !== undefined) return { ok: true };
  const answer = await confirmAtTerminal(io, question);
  if (answer === 'yes') return { ok: true };
  if (answer === 'no') return { ok: false, refusal: 'not approved: the answer was not y' };
  const byFile =
    bound === undefined
      ? 'this session was started before the credential existed, so only a confirmation at a terminal answers it'
      : 'or name the credential with --token-file';
  return {
    ok: false,
    refusal: `approving needs a human at an interactive terminal to confirm (stdin and stdout a terminal; an agent's shell tool is neither); ${byFile}`,
  };
}

/** `intentgate approve --init`: the credential created at a terminal, or the refusal. */
export function initCredential(
  io: CliIo,
  source: CredentialSource,
  workspace: string | undefined,
): { readonly ok: true; readonly message: string } | { readonly ok: false; readonly refusal: string } {
  if (!isInteractive(io))
    return {
      ok: false,
      refusal: "--init is a human's setup step: run it in your own terminal (stdin and stdout a terminal)",
    };
  const existing = readApprovalCredential(source.file, workspace);
  if (existing.kind === 'ok') return { ok: true, message: `The approval credential is at ${source.file} already.` };
  if (existing.kind === 'unsafe')
    return { ok: false, refusal: `the approval credential ${source.file} cannot be trusted: ${existing.why}` };
  const made = createApprovalCredential(source.file, workspace);
  if (made.kind !== 'ok')
    return {
      ok: false,
      refusal:
        made.kind === 'unsafe'
          ? `the approval credential ${source.file} cannot be trusted: ${made.why}`
          : `could not create ${source.file}`,
    };
  return {
    ok: true,
    message:
      `Created the approval credential ${source.file} (owner-only). Sessions a hook starts ` +
      `from now on are answered with it; keep it out of the agent's reach.`,
  };
}
