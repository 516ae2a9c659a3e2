import { canonicalJson } from '../../text/canonicalJson';
import { HooksInstallError } from './installError';
import {
  memberOf,
  nodeValue,
  parseJsonDocument,
  type JsonArrayNode,
  type JsonDialect,
  type JsonDocument,
  type JsonNode,
  type JsonObjectNode,
} from './jsonText';

/**
 * What install adds to a settings file, as a tree: an object whose members are merged one by
 * one, an array that gets elements appended, or a value added whole (an MCP server entry is
 * one thing: never merged into another of the same name).
 */
export type JsonAddition =
  | { readonly kind: 'merge'; readonly members: Readonly<Record<string, JsonAddition>> }
  | { readonly kind: 'append'; readonly elements: readonly unknown[] }
  | { readonly kind: 'whole'; readonly value: unknown };

export const mergeMembers = (members: Readonly<Record<string, JsonAddition>>): JsonAddition => ({
  kind: 'merge',
  members,
});
export const appendElements = (elements: readonly unknown[]): JsonAddition => ({ kind: 'append', elements });
export const wholeValue = (value: unknown): JsonAddition => ({ kind: 'whole', value });

/** One edit install made, as the install record keeps it: a member added to the object at `path`, or an element appended to the array there. */
export type JsonEdit =
  | { readonly op: 'member'; readonly path: readonly string[]; readonly key: string; readonly value: unknown }
  | { readonly op: 'element'; readonly path: readonly string[]; readonly value: unknown };

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

function wholeOf(addition: JsonAddition): unknown {
  switch (addition.kind) {
    case 'merge':
      return Object.fromEntries(Object.entries(addition.members).map(([key, inner]) => [key, wholeOf(inner)]));
    case 'append':
      return [...addition.elements];
    case 'whole':
      return addition.value;
  }
}

const kindOf = (node: JsonNode): string => (node.kind === 'scalar' ? 'a plain value' : `an ${node.kind}`);

/**
 * The edits that bring `additions` into the document: only what is missing is added; an
 * element or value already there, equal, is left alone (and is not install's to remove).
 * Throws HooksInstallError (`conflicting_settings`) where the file holds something else under a name install needs.
 */
export function planJsonEdits(
  document: JsonDocument,
  additions: Readonly<Record<string, JsonAddition>>,
  file: string,
): JsonEdit[] {
  const edits: JsonEdit[] = [];
  const walk = (
    node: JsonObjectNode,
    path: readonly string[],
    members: Readonly<Record<string, JsonAddition>>,
  ): void => {
    for (const [key, addition] of Object.entries(members)) {
      const member = memberOf(node, key);
      const at = [...path, key];
      if (member === undefined) {
        edits.push({ op: 'member', path, key, value: wholeOf(addition) });
        continue;
      }
      const conflict = (what: string): HooksInstallError =>
        new HooksInstallError(
          'conflicting_settings',
          file,
          `${file}: '${at.join('.')}' is ${what}; install would add ` +
            `${JSON.stringify(wholeOf(addition))}. Nothing was written: change or remove it, then install again`,
        );
      if (addition.kind === 'merge') {
        if (member.value.kind !== 'object') throw conflict(kindOf(member.value));
        walk(member.value, at, addition.members);
      } else if (addition.kind === 'append') {
        if (member.value.kind !== 'array') throw conflict(kindOf(member.value));
        const present = member.value.elements.map((element) => nodeValue(document, element));
        for (const element of addition.elements)
          if (!present.some((seen) => same(seen, element))) edits.push({ op: 'element', path: at, value: element });
      } else if (!same(nodeValue(document, member.value), addition.value)) {
        throw conflict(`already ${JSON.stringify(nodeValue(document, member.value))}, which install did not write`);
      }
    }
  };
  walk(document.root, [], additions);
  return edits;
}

/** The node at `path` from the root, following the last member of each name. */
function nodeAt(root: JsonObjectNode, path: readonly string[]): JsonNode | undefined {
  let node: JsonNode = root;
  for (const key of path) {
    if (node.kind !== 'object') return undefined;
    const member = memberOf(node, key);
    if (member === undefined) return undefined;
    node = member.value;
  }
  return node;
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

const onOwnLine = (text: string, offset: number): boolean =>
  /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset));

/** The file's indentation step: its first indented line's, else two spaces. */
function indentUnit(text: string): string {
  const first = /\n([ \t]+)\S/.exec(text)?.[1];
  return first === undefined ? '  ' : first.startsWith('\t') ? '\t' : first;
}

/** An item as it is inserted: one line per item where the container has one, else on the container's line. */
function insertion(
  text: string,
  container: JsonObjectNode | JsonArrayNode,
  item: (indent: string | undefined) => string,
): { at: number; text: string } {
  const items: readonly { readonly start: number; readonly end: number }[] =
    container.kind === 'object'
      ? container.members.map((member) => ({ start: member.keyStart, end: member.value.end }))
      : container.elements;
  const last = items.at(-1);
  if (last === undefined) {
    const outer = lineIndent(text, container.start);
    const inner = outer + indentUnit(text);
    return { at: container.start + 1, text: `\n${inner}${item(inner)}\n${outer}` };
  }
  if (!onOwnLine(text, last.start)) return { at: last.end, text: `, ${item(undefined)}` };
  const indent = lineIndent(text, last.start);
  return { at: last.end, text: `,\n${indent}${item(indent)}` };
}

/** A value's JSON laid out at `indent`, or on one line (compact) when `indent` is undefined. */
const layout = (value: unknown, text: string, indent: string | undefined): string =>
  indent === undefined
    ? JSON.stringify(value)
    : JSON.stringify(value, null, indentUnit(text)).replaceAll('\n', `\n${indent}`);

/** A settings file's name, for messages, and how it is read. */
export interface JsonFile {
  readonly file: string;
  readonly dialect: JsonDialect;
}

/** The text with one edit made: the item inserted after the container's last one, every other byte kept. */
export function applyJsonEdit(text: string, edit: JsonEdit, { file, dialect }: JsonFile): string {
  const document = parseJsonDocument(text, file, dialect);
  const container = nodeAt(document.root, edit.path);
  const expected = edit.op === 'member' ? 'object' : 'array';
  if (container === undefined || container.kind !== expected)
    throw new HooksInstallError(
      'conflicting_settings',
      file,
      `${file}: '${edit.path.join('.')}' is not an ${expected}`,
    );
  const item = (indent: string | undefined): string =>
    (edit.op === 'member' ? `${JSON.stringify(edit.key)}: ` : '') + layout(edit.value, text, indent);
  const { at, text: inserted } = insertion(text, container, item);
  return text.slice(0, at) + inserted + text.slice(at);
}

/**
 * The text with an edit undone: the item removed with the separator its insertion added, so a
 * file nobody touched since is back byte for byte. Undefined when the item is no longer there as
 * install wrote it (a human changed or removed it).
 */
export function removeJsonEdit(text: string, edit: JsonEdit, { file, dialect }: JsonFile): string | undefined {
  const document = parseJsonDocument(text, file, dialect);
  const container = nodeAt(document.root, edit.path);
  let items: readonly { readonly start: number; readonly value: JsonNode }[];
  if (edit.op === 'member' && container?.kind === 'object')
    items = container.members
      .map((member) => ({ start: member.keyStart, value: member.value, key: member.key }))
      .filter((member) => member.key === edit.key);
  else if (edit.op === 'element' && container?.kind === 'array')
    items = container.elements.map((element) => ({ start: element.start, value: element }));
  else return undefined;
  const found = items.findLast((item) => same(nodeValue(document, item.value), edit.value));
  if (found === undefined) return undefined;
  const all =
    container.kind === 'object'
      ? container.members.map((member) => ({ start: member.keyStart, end: member.value.end }))
      : container.elements;
  const index = all.findIndex((item) => item.start === found.start);
  const previous = all[index - 1];
  const next = all[index + 1];
  if (previous !== undefined) return text.slice(0, previous.end) + text.slice(found.value.end);
  if (next !== undefined) return text.slice(0, found.start) + text.slice(next.start);
  // the only item: the line breaks its insertion into an empty container added go with it
  const closing = `\n${lineIndent(text, container.start)}`;
  const end = text.startsWith(closing, found.value.end) ? found.value.end + closing.length : found.value.end;
  return text.slice(0, container.start + 1) + text.slice(end);
}
