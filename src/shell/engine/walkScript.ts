import { forEachChild, type CommandNode, type ParsedScript, type SyntaxNode } from 'unbash';
import type { AnalysisContext } from './analysisContext';
import { guardArithmetic, guardParameterExpansion, guardTestExpression } from './arithmeticGuard';
import { analyzeCommandNode, analyzeCompoundRedirects } from './commandNode';
import { loopEnd, pipelineMarks, scopedWork, subshellEnd, type FlowMark, type WorkItem } from './directoryScopes';
import { parseErrorProblem, snippet, strayParenthesisProblem } from './parseShell';

/**
 * The walk's work list, as parallel arrays rather than one object per node: a 1 MB script has
 * millions of nodes and allocation dominated the walk's cost.
 */
class Walker {
  private readonly nodes: WorkItem[] = [];
  /** the text each node's positions index (escaped-backtick scripts own a decoded copy) */
  private readonly sources: string[] = [];
  /** the pipeline stage feeding a command's stdin */
  private readonly feeders: (CommandNode | undefined)[] = [];
  // the popped node's context, reused instead of allocating a frame per node
  private source = '';
  private pipedFrom: CommandNode | undefined;
  // the source pushChildren's children are pushed with (see pushChild)
  private childSource = '';
  // one site object, updated per command: analyzeCommandNode copies what it keeps
  private readonly site: { source: string; pipedFrom: CommandNode | undefined } = { source: '', pipedFrom: undefined };
  constructor(private readonly context: AnalysisContext) {}

  run(script: ParsedScript, source: string): void {
    this.push(script, source);
    for (let node = this.nodes.pop(); node !== undefined; node = this.nodes.pop()) {
      this.source = this.sources.pop() ?? source;
      this.pipedFrom = this.feeders.pop();
      this.context.steps++;
      if (node.type === 'FlowMark') node.step();
      else this.visit(node);
    }
  }

  private push(node: WorkItem, source: string): void {
    this.nodes.push(node);
    this.sources.push(source);
    this.feeders.push(undefined);
  }

  /** A pipeline stage, with the stage whose output feeds its stdin. */
  private pushStage(node: CommandNode, source: string, pipedFrom: CommandNode | undefined): void {
    this.nodes.push(node);
    this.sources.push(source);
    this.feeders.push(pipedFrom);
  }

  private pushMark(mark: FlowMark | undefined): void {
    if (mark !== undefined) this.push(mark, '');
  }

  /** A construct's work list (see directoryScopes.ts), last first so that it pops in source order. */
  private pushWork(work: readonly WorkItem[], source: string): void {
    for (let index = work.length - 1; index >= 0; index--) {
      const item = work[index];
      if (item !== undefined && !(item.type === 'Word' && item.parts === undefined)) this.push(item, source);
    }
  }

  /** Statements of a script or list, last first so that they pop in source order. */
  private pushStatements(statements: readonly SyntaxNode[], source: string): void {
    for (let index = statements.length - 1; index >= 0; index--) {
      const statement = statements[index];
      if (statement !== undefined) this.push(statement, source);
    }
  }

  /** Pushes a node's children so that they pop in source order; plain words need no visit. */
  private pushChildren(node: SyntaxNode, source = this.source): void {
    const start = this.nodes.length;
    this.childSource = source;
    childWalker = this;
    try {
      forEachChild(node, pushChild);
    } finally {
      childWalker = undefined;
    }
    reverseFrom(this.nodes, start);
  }

  /** One child of the node pushChildren reads; plain words need no visit. */
  pushChild(child: SyntaxNode): void {
    if (child.type === 'Word' && child.parts === undefined) return;
    this.push(child, this.childSource);
  }

  private visit(node: SyntaxNode): void {
    const { context, source } = this;
    switch (node.type) {
      case 'Script': {
        const own = node.source ?? source;
        const error = node.errors?.[0];
        if (error !== undefined) {
          const problem = parseErrorProblem(error, own);
          context.failClosed(problem.reason, { trigger: problem.trigger, command: problem.trigger });
        }
        return this.pushStatements(node.commands, own);
      }
      case 'CompoundList':
        return this.pushStatements(node.commands, source);
      case 'Statement':
        // the statement before ended: a cd in it may have failed
        context.flow.settle();
        return node.background === true
          ? this.pushWork(scopedWork(node, context.flow) ?? [], source)
          : this.push(node.command, source);
      case 'AndOr':
      case 'If':
      case 'Case':
      case 'Subshell':
      case 'Coproc':
      case 'While':
      case 'For':
      case 'Select':
      case 'Function':
        return this.pushWork(scopedWork(node, context.flow) ?? [], source);
      case 'Pipeline': {
        const marks = pipelineMarks(node, context.flow);
        this.pushMark(marks[node.commands.length]);
        for (let index = node.commands.length - 1; index >= 0; index--) {
          const command = node.commands[index];
          if (command !== undefined) this.pushStage(command, source, node.commands[index - 1]);
          this.pushMark(marks[index]);
        }
        return;
      }
      case 'Command':
        if (node.name !== undefined) failOnStrayParenthesis(node.name.end, source, context);
        this.site.source = source;
        this.site.pipedFrom = this.pipedFrom;
        analyzeCommandNode(node, this.site, context);
        break;
      case 'Redirected':
        analyzeCompoundRedirects(node, source, context);
        break;
      case 'ArithmeticExpansion':
      case 'ArithmeticCommand':
        // opening an expansion parses its text (unbash does it on first access): nested ones
        // re-read what encloses them, so their text is taken from the substitution budget
        if (!context.spendSubstitution(node.end - node.pos)) {
          failClosedAt(
            context,
            'arithmetic nested too deep to analyse in linear time: fail closed',
            source.slice(node.pos, node.pos + 200),
          );
          return;
        }
        guardArithmetic({ roots: [node], source, range: node }, context);
        return this.pushChildren(node, source);
      case 'ArithmeticFor': {
        const header = [node.initialize, node.test, node.update].filter((part) => part !== undefined);
        guardArithmetic({ roots: header, source, range: { pos: node.pos, end: node.body.pos } }, context);
        this.pushMark(loopEnd(context.flow));
        this.push(node.body, source);
        for (let index = header.length - 1; index >= 0; index--) {
          const part = header[index];
          if (part !== undefined) this.push(part, source);
        }
        return;
      }
      case 'TestBinary':
      case 'TestUnary':
        guardTestExpression(node, context);
        break;
      case 'ParameterExpansion':
        guardParameterExpansion(node, context);
        break;
      case 'HereDoc':
        if (node.closing === undefined)
          failClosedAt(
            context,
            `here-document not terminated by '${node.delimiter?.text ?? ''}': fail closed`,
            `<<${node.delimiter?.text ?? ''}`,
          );
        break;
      default:
        if (!SUBSTITUTIONS.has(node.type) || !('text' in node)) break;
        if (!admitSubstitution(node, context)) return;
        // a substitution runs in a subshell: its cd does not reach the command around it
        this.pushMark(subshellEnd(context.flow));
        break;
    }
    this.pushChildren(node);
  }
}

// the walker whose pushChildren is running: forEachChild calls back synchronously and never
// into another walk, so one module-level callback serves every walker without a closure each
let childWalker: Walker | undefined;

function pushChild(child: SyntaxNode): void {
  // a child with no walk to take it would go unread: the analysis fails closed instead
  if (childWalker === undefined) throw new Error('a child node outside any walk');
  childWalker.pushChild(child);
}

/** Reverses the tail of the node list in place (the pushed children all share source and flags). */
function reverseFrom(nodes: WorkItem[], start: number): void {
  for (let low = start, high = nodes.length - 1; low < high; low++, high--) {
    const swap = nodes[low];
    const other = nodes[high];
    if (swap === undefined || other === undefined) return;
    nodes[low] = other;
    nodes[high] = swap;
  }
}

const SUBSTITUTIONS: ReadonlySet<string> = new Set([
  'CommandExpansion',
  'ProcessSubstitution',
  'ArithmeticCommandExpansion',
]);

function failClosedAt(context: AnalysisContext, reason: string, text: string): void {
  context.failClosed(reason, { trigger: snippet(text), command: snippet(text) });
}

function failOnStrayParenthesis(nameEnd: number, source: string, context: AnalysisContext): void {
  const problem = strayParenthesisProblem(nameEnd, source);
  if (problem !== undefined) context.failClosed(problem.reason, { trigger: problem.trigger, command: problem.trigger });
}

/** A substitution's own checks before its script is parsed (lazily, by unbash, on first access). */
function admitSubstitution(node: SyntaxNode & { readonly text: string }, context: AnalysisContext): boolean {
  if (!context.spendSubstitution(node.text.length)) {
    failClosedAt(context, 'substitutions nested too deep to analyse in linear time: fail closed', node.text);
    return false;
  }
  if (node.type !== 'CommandExpansion') return true;
  // bash reads `$((` as arithmetic unless that fails; parsers disagree on where it fails
  if (node.text.startsWith('$(('))
    failClosedAt(context, "'$((' read as a command substitution is ambiguous: fail closed", node.text);
  // backslashes inside backticks are unescaped before $'...' is decoded; parsers differ on it
  else if (node.text.startsWith('`') && node.text.includes("$'"))
    failClosedAt(context, 'ANSI-C quoting inside backticks is read differently by parsers: fail closed', node.text);
  return true;
}

/**
 * Walks a parsed script with an explicit stack (deep nesting cannot overflow the call stack),
 * analysing every simple command: in lists, pipelines, compound commands, function bodies,
 * substitutions, process substitutions, arithmetic and [[ ]].
 */
export function walkScript(script: ParsedScript, source: string, context: AnalysisContext): void {
  new Walker(context).run(script, source);
}
