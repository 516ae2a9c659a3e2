import path from 'node:path';

// Claude Code names a project's folder under <config>/projects by its path: characters other
// than ASCII letters and digits become '-', and a name past this length is cut and hashed
const MAX_FOLDER_NAME = 200;

/** The 32-bit string hash Claude Code suffixes a cut folder name with. */
function stringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return hash;
}

/** The folder Claude Code keeps a project's transcripts in, named after the project's path. */
export function projectFolderName(projectDir: string): string {
  const name = projectDir.replace(/[^a-zA-Z0-9]/g, '-');
  if (name.length <= MAX_FOLDER_NAME) return name;
  return `${name.slice(0, MAX_FOLDER_NAME)}-${Math.abs(stringHash(projectDir)).toString(36)}`;
}

/** The folder names that follow a `projects` folder in a transcript path. */
function projectFolders(transcriptPath: string): Set<string> {
  const parts = transcriptPath.split('/');
  return new Set(
    parts.flatMap((part, index) =>
      part === 'projects' && index + 1 < parts.length - 1 ? [parts[index + 1] as string] : [],
    ),
  );
}

/**
 * The project root of a Claude Code session. The events' `cwd` follows the shell's `cd`
 * into subfolders, but the transcript path names the project the session started in: the
 * root is the folder holding `cwd` (or `cwd` itself) whose name matches it; undefined when none does.
 */
export function claudeCodeProjectRoot(cwd: string, transcriptPath: string | undefined): string | undefined {
  if (transcriptPath === undefined) return undefined;
  const folders = projectFolders(transcriptPath);
  for (let dir = cwd; ; dir = path.posix.dirname(dir)) {
    if (folders.has(projectFolderName(dir))) return dir;
    if (dir === path.posix.dirname(dir)) return undefined;
  }
}
