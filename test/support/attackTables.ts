import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The shell attacks the project keeps in its own tables, read from the files that hold them:
// every object literal with a `command` string (and the fields that set up its workspace:
// `files`, `executable`, `fifos`, `before`). Reading the source rather than copying the
// tables keeps this list in step as the tables grow; a case whose command is built at run
// time (a map over a vocabulary, a path of this process) cannot be read and is counted apart.

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The files whose tables hold shell attacks, relative to the repository. */
export const ATTACK_TABLE_FILES: readonly string[] = [
  'test/corpus/shellBypass.ts',
  'test/corpus/shellBypassMore.ts',
  'test/corpus/shellBypassTools.ts',
  'test/shell/hiddenCode.test.ts',
  'test/shell/programs/gitHooks.test.ts',
  'test/differential/adversarialBash.test.ts',
  'test/governor/unknownWriters.test.ts',
  'test/governor/commandOwnEffects.test.ts',
  'test/governor/controlFiles.test.ts',
  'test/governor/orchestrationOutside.test.ts',
  'test/risk/agentSettings.test.ts',
  'test/containment/containedEffects.test.ts',
];

/** One attack from a table. */
export interface TableAttack {
  /** the table's file, relative to the repository */
  readonly file: string;
  /** `file: name` (or the command, when the case has no name) */
  readonly label: string;
  readonly command: string;
  /** files in place before the call, by path below the workspace root */
  readonly files: Readonly<Record<string, string>>;
  readonly executable: readonly string[];
  readonly fifos: readonly string[];
  /** run by bash before the call, as an earlier call would have left the workspace */
  readonly before?: string;
}

export interface AttackTables {
  readonly attacks: readonly TableAttack[];
  /** per file: the cases read, and those whose command could not be read */
  readonly perFile: Readonly<Record<string, { readonly read: number; readonly unreadable: number }>>;
}

type Value = string | number | boolean | readonly Value[] | { readonly [key: string]: Value };
const UNKNOWN = Symbol('unknown');
type Evaluated = Value | typeof UNKNOWN;

/** The string constants a file declares at any level (`const PAYLOAD = '...'`). */
function constants(source: ts.SourceFile): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined)
      found.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

/** The value of a literal expression, constants resolved; UNKNOWN for anything computed. */
function evaluate(node: ts.Expression, consts: Map<string, ts.Expression>, depth = 0): Evaluated {
  if (depth > 20) return UNKNOWN;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return evaluate(node.expression, consts, depth + 1);
  if (ts.isIdentifier(node)) {
    const initializer = consts.get(node.text);
    return initializer === undefined ? UNKNOWN : evaluate(initializer, consts, depth + 1);
  }
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = evaluate(span.expression, consts, depth + 1);
      if (typeof part !== 'string' && typeof part !== 'number') return UNKNOWN;
      text += `${part}${span.literal.text}`;
    }
    return text;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = evaluate(node.left, consts, depth + 1);
    const right = evaluate(node.right, consts, depth + 1);
    return typeof left === 'string' && typeof right === 'string' ? left + right : UNKNOWN;
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items: Value[] = [];
    for (const element of node.elements) {
      const item = evaluate(element, consts, depth + 1);
      if (item === UNKNOWN) return UNKNOWN;
      items.push(item);
    }
    return items;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const entries: Record<string, Value> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = propertyName(property.name);
      if (key === undefined) continue;
      const value = evaluate(property.initializer, consts, depth + 1);
      if (value !== UNKNOWN) entries[key] = value;
    }
    return entries;
  }
  return UNKNOWN;
}

const stringsOf = (value: Value | undefined): readonly string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function filesOf(value: Value | undefined): Record<string, string> {
  if (value === undefined || typeof value !== 'object' || Array.isArray(value)) return {};
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(value as Record<string, Value>))
    if (typeof text === 'string') files[name] = text;
  return files;
}

/** The attacks of one table file. */
function attacksIn(file: string): { readonly attacks: TableAttack[]; readonly unreadable: number } {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(REPO_ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const consts = constants(source);
  const attacks: TableAttack[] = [];
  let unreadable = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const commandProperty = node.properties.find(
        (property): property is ts.PropertyAssignment =>
          ts.isPropertyAssignment(property) && propertyName(property.name) === 'command',
      );
      if (commandProperty !== undefined) {
        const value = evaluate(node, consts);
        const fields =
          value !== UNKNOWN && typeof value === 'object' && !Array.isArray(value)
            ? (value as Record<string, Value>)
            : {};
        const command = fields.command;
        if (typeof command === 'string' && command.trim() !== '') {
          const name = typeof fields.name === 'string' ? fields.name : command;
          attacks.push({
            file,
            label: `${path.basename(file)}: ${name}`,
            command,
            files: filesOf(fields.files),
            executable: stringsOf(fields.executable),
            fifos: stringsOf(fields.fifos),
            ...(typeof fields.before === 'string' && { before: fields.before }),
          });
        } else unreadable += 1;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { attacks, unreadable };
}

/** Every attack of the tables, one per distinct command and setup. */
export function loadAttackTables(files: readonly string[] = ATTACK_TABLE_FILES): AttackTables {
  const seen = new Set<string>();
  const attacks: TableAttack[] = [];
  const perFile: Record<string, { read: number; unreadable: number }> = {};
  for (const file of files) {
    const found = attacksIn(file);
    perFile[file] = { read: found.attacks.length, unreadable: found.unreadable };
    for (const attack of found.attacks) {
      const key = JSON.stringify([attack.command, attack.files, attack.executable, attack.fifos, attack.before]);
      if (seen.has(key)) continue;
      seen.add(key);
      attacks.push(attack);
    }
  }
  return { attacks, perFile };
}
