import { createHash } from 'node:crypto';
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { IntentGateError } from '../errors/IntentGateError';
import { readRegularFile, type RegularFileRead } from '../files/readRegularFile';
import type { Intent } from './intent';
import { INTENT_IGNORE_FILE, intentIgnoreOfRead, MAX_INTENT_IGNORE_BYTES, type IntentIgnore } from './intentIgnore';
import { INTENTS_FILE_NAME, intentsOfRead, MAX_INTENTS_FILE_BYTES } from './intentsFile';

/** What a control file says, or why it cannot be used. */
export type ControlFileContent<T> =
  /** `text` is undefined when the file is missing, which is a content too: no intents, nothing ignored */
  | { readonly usable: true; readonly value: T; readonly text: string | undefined }
  | { readonly usable: false; readonly error: IntentGateError };

/** One control file as read at one moment. */
export interface ControlFileVersion<T> {
  /** the file as people know it: `.intentignore`, `.orchestration/active_intents.yaml` */
  readonly label: string;
  /**
   * Equal digests mean the same content reached the same way: `missing`, `file:` or
   * `link:<target>:` followed by a SHA-256 of the text, or `unusable:` and why. A file
   * replaced by a symbolic link to the same text is a change.
   */
  readonly digest: string;
  readonly content: ControlFileContent<T>;
  /** the target, when the file is a symbolic link */
  readonly link?: string;
}

/** intentgate's control files as read at one moment. */
export interface ControlFiles {
  /** undefined when the intents come from options, so no file is read */
  readonly intents: ControlFileVersion<readonly Intent[]> | undefined;
  readonly ignore: ControlFileVersion<IntentIgnore>;
}

/** What tells two versions of a control file apart: its label and digest. */
export interface ControlFileMark {
  readonly label: string;
  readonly digest: string;
}

/** The control files as marks only: what comparisons need, and what a human was shown of a change. */
export interface ControlFileMarks {
  /** absent when the intents come from options */
  readonly intents?: ControlFileMark | undefined;
  readonly ignore: ControlFileMark;
}

/** Where a governor's control files are, and how to name them. */
export interface ControlFileSources {
  readonly workspaceRoot: string;
  readonly orchestrationDir: string;
  /** false when the intents come from options */
  readonly readsIntentsFile: boolean;
}

const MISSING: RegularFileRead = { kind: 'missing' };

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The target of a symbolic link at `file`, undefined when it is not one (or is missing). */
function linkTarget(file: string): string | undefined {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : undefined;
  } catch {
    return undefined;
  }
}

function digestOf(read: RegularFileRead, link: string | undefined, content: ControlFileContent<unknown>): string {
  if (!content.usable) return `unusable:${content.error.message}`;
  if (read.kind !== 'text') return 'missing';
  return `${link === undefined ? 'file:' : `link:${link}:`}${sha256(read.text)}`;
}

interface FileToRead<T> {
  readonly file: string;
  readonly label: string;
  readonly maxBytes: number;
  /** the file's meaning, or an IntentGateError saying why it has none */
  readonly interpret: (read: RegularFileRead, file: string) => T;
}

/**
 * Reads one control file without blocking (a FIFO is refused) and interprets it; a bad file
 * is a content that cannot be used. `present: false` reads nothing: the file is missing.
 */
function readVersion<T>(source: FileToRead<T>, present = true): ControlFileVersion<T> {
  const link = present ? linkTarget(source.file) : undefined;
  return versionOfRead(source, present ? readRegularFile(source.file, source.maxBytes) : MISSING, link);
}

// a missing file (no link in its place) reads the same for every governor: one frozen version per label
const missingVersions = new Map<string, ControlFileVersion<unknown>>();

/** The version a read (and the link it went through, if any) makes of a control file. */
function versionOfRead<T>(
  source: FileToRead<T>,
  read: RegularFileRead,
  link: string | undefined,
): ControlFileVersion<T> {
  if (read.kind !== 'missing' || link !== undefined) return readVersionOf(source, read, link);
  const shared = missingVersions.get(source.label) as ControlFileVersion<T> | undefined;
  if (shared) return shared;
  const version = readVersionOf(source, read, link);
  if (version.content.usable) {
    Object.freeze(version.content.value);
    Object.freeze(version.content);
    missingVersions.set(source.label, Object.freeze(version));
  }
  return version;
}

function readVersionOf<T>(
  { file, label, interpret }: FileToRead<T>,
  read: RegularFileRead,
  link: string | undefined,
): ControlFileVersion<T> {
  let content: ControlFileContent<T>;
  try {
    content = { usable: true, value: interpret(read, file), text: read.kind === 'text' ? read.text : undefined };
  } catch (error) {
    if (!(error instanceof IntentGateError)) throw error;
    content = { usable: false, error };
  }
  return { label, digest: digestOf(read, link, content), content, ...(link !== undefined && { link }) };
}

/** A control file's text as it was kept (undefined: missing), interpreted again as if read now. */
export interface KeptControlFile {
  readonly text: string | undefined;
  readonly link?: string | undefined;
}

/** Where each control file is, how it is named and read. */
function controlFileSources(sources: ControlFileSources): {
  readonly intents: FileToRead<readonly Intent[]>;
  readonly ignore: FileToRead<IntentIgnore>;
} {
  const intentsFile = path.join(sources.orchestrationDir, INTENTS_FILE_NAME);
  const ignoreFile = path.join(sources.workspaceRoot, INTENT_IGNORE_FILE);
  return {
    intents: {
      file: intentsFile,
      label: labelOf(sources.workspaceRoot, intentsFile),
      maxBytes: MAX_INTENTS_FILE_BYTES,
      interpret: intentsOfRead,
    },
    ignore: {
      file: ignoreFile,
      label: INTENT_IGNORE_FILE,
      maxBytes: MAX_INTENT_IGNORE_BYTES,
      interpret: intentIgnoreOfRead,
    },
  };
}

/**
 * The control files as kept texts say (a governor restored from a snapshot): each text is
 * interpreted as a read of it would be, so its digest and meaning are the ones it had.
 */
export function controlFilesOfTexts(
  sources: ControlFileSources,
  kept: { readonly intents: KeptControlFile | undefined; readonly ignore: KeptControlFile },
): ControlFiles {
  const files = controlFileSources(sources);
  const version = <T>(source: FileToRead<T>, file: KeptControlFile): ControlFileVersion<T> =>
    versionOfRead(source, file.text === undefined ? MISSING : { kind: 'text', text: file.text }, file.link);
  return { intents: kept.intents && version(files.intents, kept.intents), ignore: version(files.ignore, kept.ignore) };
}

/** The label of a file for people: relative to the workspace when it lies inside it, else absolute. */
function labelOf(workspaceRoot: string, file: string): string {
  const relative = path.relative(workspaceRoot, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? file
    : relative.split(path.sep).join('/');
}

/**
 * Reads the control files a governor enforces: the intents file (unless the intents come from
 * options; missing when the orchestration directory is) and `.intentignore`.
 */
export function readControlFiles(sources: ControlFileSources, orchestrationPresent: boolean): ControlFiles {
  const files = controlFileSources(sources);
  return {
    intents: sources.readsIntentsFile ? readVersion(files.intents, orchestrationPresent) : undefined,
    ignore: readVersion(files.ignore),
  };
}

/** The control files' marks, read from versions. */
export function marksOf(files: ControlFiles): ControlFileMarks {
  const mark = (version: ControlFileMark): ControlFileMark => ({ label: version.label, digest: version.digest });
  return { ...(files.intents && { intents: mark(files.intents) }), ignore: mark(files.ignore) };
}

/** A set of control files, as versions or as marks. */
interface ControlFileSet<V extends ControlFileMark> {
  readonly intents?: V | undefined;
  readonly ignore: V;
}

/** Both versions of each control file, in a fixed order. */
export function controlFilePairs<B extends ControlFileMark, A extends ControlFileMark>(
  before: ControlFileSet<B>,
  after: ControlFileSet<A>,
): readonly { readonly before: B; readonly after: A }[] {
  const pairs: { before: B; after: A }[] = [];
  if (before.intents && after.intents) pairs.push({ before: before.intents, after: after.intents });
  pairs.push({ before: before.ignore, after: after.ignore });
  return pairs;
}

/** True when every control file has the same digest in both readings. */
export function sameControlFiles(a: ControlFileMarks, b: ControlFileMarks): boolean {
  return controlFilePairs(a, b).every((pair) => pair.before.digest === pair.after.digest);
}

/** The labels of the files whose digests differ. */
export function changedFiles(before: ControlFileMarks, after: ControlFileMarks): string[] {
  return controlFilePairs(before, after)
    .filter((pair) => pair.before.digest !== pair.after.digest)
    .map((pair) => pair.after.label);
}

/** The first control file that cannot be used, if any. */
export function unusableFile(files: ControlFiles): IntentGateError | undefined {
  for (const version of [files.intents, files.ignore]) {
    if (version && !version.content.usable) return version.content.error;
  }
  return undefined;
}
