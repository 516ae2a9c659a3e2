import { createHash } from 'node:crypto';
import type { ToolKindSpec } from '../tools/toolKinds';
import { toolKindOf } from '../tools/builtinToolKinds';
import { patchFilePaths } from '../tools/pathArguments';
import { PATH_ARGUMENT_KEYS, PATH_LIST_ARGUMENT_KEYS } from '../tools/toolCatalog';
import { isSecretName, redactText, type TextMode } from './redactText';

/** What stands for the whole value of a secret-looking argument. */
export const REDACTED_VALUE = '[redacted]';

/** File contents (`content`, `diff`, `patch`, ...) longer than this keep their first bytes only. */
export const CONTENT_CAP_BYTES = 4096;

/** Any other text longer than this keeps its first bytes only (a command is decided on its whole text). */
export const TEXT_CAP_BYTES = 64 * 1024;

// arguments nested deeper than this are not kept
const MAX_DEPTH = 32;
// a patch beyond the cap keeps its file headers, up to this many
const MAX_KEPT_HEADERS = 256;

const CONTENT_KEYS: ReadonlySet<string> = new Set([
  'content',
  'contents',
  'file_text',
  'diff',
  'patch',
  'new_string',
  'old_string',
  'new_str',
  'old_str',
  'new_content',
  'old_content',
]);

/** A JSON value, as a trace record keeps a call's arguments. */
export type TracedValue =
  null | boolean | number | string | readonly TracedValue[] | { readonly [key: string]: TracedValue };

/** A call's arguments made fit for the trace. */
export interface RedactedArguments {
  readonly args: TracedValue;
  /** where values were replaced or cut, as argument paths (`command`, `headers.Authorization`, `content`) */
  readonly redacted: readonly string[];
  /** the length in bytes of the command line a shell tool was given, 0 for any other call */
  readonly commandBytes: number;
}

/** What the redaction knows of the host's tools. */
export interface RedactionOptions {
  /** the host's tool kinds, which name a tool's command, path and patch arguments */
  readonly toolKinds?: Readonly<Record<string, ToolKindSpec>>;
}

/** How one call's arguments are read: which one is a command line, which name paths, which is a patch. */
interface CallShape {
  readonly shell: string | undefined;
  readonly patch: string | undefined;
  /** arguments the decision reads by name: never replaced whole for their name */
  readonly kept: ReadonlySet<string>;
}

const names = (value: string | readonly string[] | undefined): string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : [...value];

function shapeOf(tool: string, options: RedactionOptions): CallShape {
  const spec = toolKindOf(tool, options.toolKinds);
  const kept = new Set([...PATH_ARGUMENT_KEYS, ...PATH_LIST_ARGUMENT_KEYS]);
  if (spec === undefined || spec.kind === 'none') return { shell: undefined, patch: undefined, kept };
  const { kind: _kind, ...fields } = spec;
  for (const value of Object.values(fields))
    if (typeof value === 'string' || Array.isArray(value)) for (const name of names(value)) kept.add(name);
  return {
    shell: spec.kind === 'shell' ? spec.command : undefined,
    patch: spec.kind === 'file_write' ? spec.patch : undefined,
    kept,
  };
}

const digestOf = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

// a patch beyond the cap keeps the lines that name files, so its paths stay what the decision read
const namesFiles = (line: string): boolean =>
  patchFilePaths(line).length > 0 || /^\s*\*\*\* (?:Begin|End) Patch/.test(line);

/** The text cut to `cap` bytes at a line end when there is one, with a marker giving its length and digest. */
function capText(text: string, cap: number, isPatch: boolean): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= cap) return text;
  let head = Buffer.from(text, 'utf8')
    .subarray(0, cap)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  const lineEnd = head.lastIndexOf('\n');
  if (lineEnd >= head.length / 2) head = head.slice(0, lineEnd + 1);
  const headers = isPatch ? text.slice(head.length).split('\n').filter(namesFiles).slice(0, MAX_KEPT_HEADERS) : [];
  const marker =
    `[redacted: ${(bytes - Buffer.byteLength(head, 'utf8')).toLocaleString('en-US')} of ` +
    `${bytes.toLocaleString('en-US')} bytes, sha256:${digestOf(text)}]`;
  return `${head}${head.endsWith('\n') ? '' : '\n'}${marker}${headers.map((line) => `\n${line}`).join('')}`;
}

/** The walk over one call's arguments; `redacted` collects the paths changed. */
function createWalk(shape: CallShape) {
  const redacted: string[] = [];
  let commandBytes = 0;
  const seen = new WeakSet<object>();
  const omit = (path: string, why: string): string => {
    redacted.push(path);
    return `[omitted: ${why}]`;
  };

  const text = (value: string, path: string, key: string | undefined, depth: number): string => {
    const mode: TextMode = depth === 1 && key === shape.shell ? 'shell' : 'plain';
    if (mode === 'shell') commandBytes = Buffer.byteLength(value, 'utf8');
    const isContent = depth === 1 && key !== undefined && (CONTENT_KEYS.has(key) || key === shape.patch);
    const result = capText(
      redactText(value, mode),
      isContent ? CONTENT_CAP_BYTES : TEXT_CAP_BYTES,
      depth === 1 && key === shape.patch,
    );
    if (result !== value) redacted.push(path);
    return result;
  };

  const walk = (value: unknown, path: string, key: string | undefined, depth: number, secret: boolean): TracedValue => {
    if (value === null || typeof value === 'boolean') return value;
    if (typeof value === 'number' || typeof value === 'string') {
      if (secret) {
        redacted.push(path);
        return REDACTED_VALUE;
      }
      return typeof value === 'number' ? value : text(value, path, key, depth);
    }
    if (typeof value === 'bigint') return secret ? REDACTED_VALUE : value.toString();
    if (typeof value !== 'object') return null;
    if (depth > MAX_DEPTH) return omit(path, `nested deeper than ${MAX_DEPTH}`);
    if (seen.has(value)) return omit(path, 'circular');
    seen.add(value);
    try {
      const toJson: unknown = Reflect.get(value, 'toJSON');
      if (typeof toJson === 'function') return walk(toJson.call(value), path, key, depth, secret);
      if (Array.isArray(value))
        return value.map((item, index) => walk(item, `${path}[${index}]`, key, depth + 1, secret));
      const out: Record<string, TracedValue> = {};
      for (const name of Object.keys(value)) {
        const item: unknown = Reflect.get(value, name);
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        const isSecret = secret || (!(depth === 0 && shape.kept.has(name)) && isSecretName(name));
        Object.defineProperty(out, name, {
          value: walk(item, path === '' ? name : `${path}.${name}`, name, depth + 1, isSecret),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    } catch {
      return omit(path, 'unreadable');
    } finally {
      seen.delete(value);
    }
  };

  return { walk, redacted, commandBytes: () => commandBytes };
}

/**
 * A call's arguments as the trace keeps them: values of secret-looking keys replaced by
 * `[redacted]`; secrets inside texts (URL credentials, credential headers, secret-looking
 * assignments and flags, known token shapes) replaced by `__redacted__`; file contents past
 * 4 KiB and other texts past 64 KiB cut, with their length and SHA-256. The arguments the
 * decision reads by name (the command, paths, the patch's file headers, the URL's host) are
 * kept. Never throws: what cannot be read is marked omitted.
 *
 * @example
 * redactArguments('execute_command', { command: 'FOO_TOKEN=abc make deploy', api_key: 'k' }).args;
 * // { command: 'FOO_TOKEN=__redacted__ make deploy', api_key: '[redacted]' }
 */
export function redactArguments(tool: string, args: unknown, options: RedactionOptions = {}): RedactedArguments {
  const { walk, redacted, commandBytes } = createWalk(shapeOf(tool, options));
  const result = walk(args, '', undefined, 0, false);
  return {
    args: result,
    redacted: [...new Set(redacted.map((path) => (path === '' ? '(arguments)' : path)))],
    commandBytes: commandBytes(),
  };
}
