import { z } from 'zod';
import { HooksInstallError } from './installError';
import type { JsonEdit } from './jsonEdits';

/** The install record's name, in the orchestration directory: what `hooks install` added, so `uninstall` removes exactly that. */
export const INSTALL_RECORD_FILE = 'hooks-installed.json';

const jsonEditSchema = z.union([
  z.object({ op: z.literal('member'), path: z.array(z.string()), key: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('element'), path: z.array(z.string()), value: z.unknown() }),
]);

const fileRecordSchema = z.object({
  /** relative to the workspace */
  file: z.string().min(1),
  /** install created the file: uninstall deletes it when nothing else is left in it */
  created: z.boolean(),
  edits: z.array(jsonEditSchema).optional(),
  /** the text appended to a TOML file */
  appendix: z.string().optional(),
  /** the text of a file install wrote whole (OpenCode's plugin): uninstall deletes the file while it still holds exactly this */
  text: z.string().optional(),
});

const agentRecordSchema = z.object({
  files: z.array(fileRecordSchema),
  /** folders install created for the agent's files (relative to the workspace), removed when left empty */
  dirs: z.array(z.string()),
});

const installRecordSchema = z.object({
  version: z.literal(1),
  agents: z.record(z.string(), agentRecordSchema),
  /** the intents file install created, with its text: removed with the last agent, if nobody changed it */
  intentsFile: z.object({ file: z.string(), text: z.string() }).optional(),
  /** folders install created for the intents file and this record */
  dirs: z.array(z.string()),
});

export type FileRecord = Omit<z.infer<typeof fileRecordSchema>, 'edits'> & { readonly edits?: readonly JsonEdit[] };
export type AgentRecord = Omit<z.infer<typeof agentRecordSchema>, 'files'> & { readonly files: readonly FileRecord[] };
export type InstallRecord = Omit<z.infer<typeof installRecordSchema>, 'agents'> & {
  readonly agents: Readonly<Record<string, AgentRecord>>;
};

export const emptyInstallRecord = (): InstallRecord => ({ version: 1, agents: {}, dirs: [] });

/** Reads the record's text; HooksInstallError (`invalid_install_record`) when it is not one, so nothing is removed on a guess. */
export function parseInstallRecord(text: string, file: string): InstallRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HooksInstallError(
      'invalid_install_record',
      file,
      `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}; nothing was changed`,
      { cause: error },
    );
  }
  const parsed = installRecordSchema.safeParse(value);
  if (!parsed.success)
    throw new HooksInstallError(
      'invalid_install_record',
      file,
      `${file} is not an install record (${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}); nothing was changed`,
    );
  return parsed.data;
}

export const installRecordText = (record: InstallRecord): string => `${JSON.stringify(record, null, 2)}\n`;
