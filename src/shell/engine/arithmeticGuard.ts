import { forEachChild, type ParameterExpansionPart, type SyntaxNode, type TestExpression, type Word } from 'unbash';
import type { AnalysisContext } from './analysisContext';
import { snippet } from './parseShell';
import { evaluateWord, holdsCodeText } from '../words/shellWord';

// bash evaluates these [[ ]] operands as arithmetic, and arithmetic expands a[$(cmd)] subscripts
const ARITHMETIC_TEST_OPERATORS: ReadonlySet<string> = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

const SUBSTITUTION_TYPES: ReadonlySet<string> = new Set([
  'CommandExpansion',
  'ArithmeticCommandExpansion',
  'ProcessSubstitution',
]);

const DOLLAR = 36;
const OPEN_PAREN = 40;
const BACKTICK = 96;

interface Span {
  readonly pos: number;
  readonly end: number;
}

/**
 * The spans the scan skips: substitutions (walked as scripts of their own) and nested
 * arithmetic expansions (guarded when the walk reaches them). Nested expansions are not opened
 * here: unbash parses an expansion's text on first access, and opening every level from the
 * outermost one would read the text once per level.
 */
function collectSpans(roots: readonly SyntaxNode[]): Span[] {
  const spans: Span[] = [];
  const stack: SyntaxNode[] = [...roots];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (SUBSTITUTION_TYPES.has(node.type) || (node.type === 'ArithmeticExpansion' && !roots.includes(node))) {
      spans.push({ pos: node.pos, end: node.end });
      continue;
    }
    forEachChild(node, (child) => stack.push(child));
  }
  spans.sort((a, b) => a.pos - b.pos);
  return spans;
}

/**
 * The offset of a `$(` or backtick inside an arithmetic context that unbash did not expose as a
 * substitution node (bash would run it), or undefined. `roots` are the context's expressions,
 * [from, to) its text; each character is looked at once, substitutions are skipped whole.
 */
export function findHiddenSubstitution(roots: readonly SyntaxNode[], source: string, range: Span): number | undefined {
  const spans = collectSpans(roots);
  let next = 0;
  for (let at = range.pos; at < range.end; at++) {
    while (next < spans.length && (spans[next]?.end ?? 0) <= at) next++;
    const span = spans[next];
    if (span !== undefined && span.pos <= at) {
      at = span.end - 1;
      continue;
    }
    const code = source.charCodeAt(at);
    if (code === BACKTICK) return at;
    if (code !== DOLLAR || source.charCodeAt(at + 1) !== OPEN_PAREN) continue;
    // the context's own `$((`; a nested one is a span, skipped above
    if (at !== range.pos || source.charCodeAt(at + 2) !== OPEN_PAREN) return at;
    at += 2;
  }
  return undefined;
}

/** Fails closed when an arithmetic context hides a substitution from the parser. */
export function guardArithmetic(
  area: { readonly roots: readonly SyntaxNode[]; readonly source: string; readonly range: Span },
  context: AnalysisContext,
): void {
  const { roots, source, range } = area;
  const level = context.level;
  if (level !== undefined) level.arithmetic = true;
  const hidden = findHiddenSubstitution(roots, source, range);
  if (hidden === undefined) return;
  const trigger = snippet(source, hidden);
  context.failClosed('arithmetic holds a command substitution the parser does not expose: fail closed', {
    trigger,
    command: source.slice(range.pos, Math.min(range.end, range.pos + 200)),
  });
}

function failOnCodeOperand(operand: Word, operator: string, context: AnalysisContext): void {
  const value = evaluateWord(operand).value;
  if (value === undefined || !holdsCodeText(value)) return;
  context.failClosed('a [[ ]] operand bash evaluates as arithmetic holds code: fail closed', {
    trigger: operand.text,
    command: `[[ ${operator} ]]`,
  });
}

/** `[[ x -eq y ]]` and `[[ -v name ]]` evaluate subscripts, which run `$(...)` held in the text. */
export function guardTestExpression(expression: TestExpression, context: AnalysisContext): void {
  if (expression.type === 'TestBinary' && ARITHMETIC_TEST_OPERATORS.has(expression.operator)) {
    const level = context.level;
    if (level !== undefined) level.arithmetic = true;
    failOnCodeOperand(expression.left, expression.operator, context);
    failOnCodeOperand(expression.right, expression.operator, context);
  } else if (expression.type === 'TestUnary' && expression.operator === '-v') {
    failOnCodeOperand(expression.operand, '-v', context);
    // a name built at run time can hold a[$(cmd)]
    if (evaluateWord(expression.operand).value === undefined) {
      context.failClosed('a variable name built at run time can hold a[$(cmd)], which bash runs: fail closed', {
        trigger: expression.operand.text,
        command: '[[ -v ]]',
      });
    }
  }
}

/**
 * Subscripts, slices and indirect references evaluate a variable's text as arithmetic; `@P`
 * expands it as a prompt, running any `$(...)` it holds.
 */
export function guardParameterExpansion(part: ParameterExpansionPart, context: AnalysisContext): void {
  const operation = part.operation;
  if (operation?.type === 'Transform' && operation.operand.value.includes('P')) {
    context.failClosed("prompt expansion '@P' runs code held in a variable: fail closed", {
      trigger: part.text,
      command: part.text,
    });
    return;
  }
  const index = part.index?.value;
  const subscript = index !== undefined && index !== '@' && index !== '*';
  if (!subscript && operation?.type !== 'Slice' && part.prefix !== '!') return;
  const level = context.level;
  if (level !== undefined) level.arithmetic = true;
}
