import type { Command, CommandNode, HereDoc, Redirection, WordPart } from 'unbash';
import { echoOutput, printfOutput } from './echoText';
import { commandBasename, evaluateArgument, evaluateWord, type ShellWord } from './shellWord';

/** Where a command's standard input comes from, as far as the source shows. */
export type StdinSource =
  /** nothing redirects it: the caller's own stdin */
  | { readonly kind: 'inherited' }
  /** nothing can be read (xargs gives its command /dev/null) */
  | { readonly kind: 'none' }
  /** text known statically: a heredoc, a here-string, `echo 'x' |` */
  | { readonly kind: 'text'; readonly text: string }
  /** text produced at run time: another command's output, an expanding heredoc */
  | { readonly kind: 'runtime'; readonly trigger: string }
  /** a file: `< script.sh` */
  | { readonly kind: 'file'; readonly word: ShellWord };

/** Paths that make a shell or interpreter read its program from stdin. */
export const STDIN_PATHS: ReadonlySet<string> = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

export const INHERITED: StdinSource = { kind: 'inherited' };
export const NO_INPUT: StdinSource = { kind: 'none' };

const BACKSLASH_ESCAPED = /\\([$`\\\n])/g;

/** An unquoted heredoc body without expansions still drops the backslash of \$, \`, \\ and \newline. */
function unescapeHereDoc(text: string): string {
  return text.replace(BACKSLASH_ESCAPED, (_match, escaped: string) => (escaped === '\n' ? '' : escaped));
}

function staticParts(parts: readonly WordPart[]): string | undefined {
  const out: string[] = [];
  for (const part of parts) {
    if (part.type !== 'Literal') return undefined;
    out.push(part.value);
  }
  return out.join('');
}

function hereDocText(redirect: HereDoc): StdinSource {
  const body = redirect.body;
  if (redirect.delimiter?.quoted === true) return { kind: 'text', text: body.text };
  const parts = body.parts;
  if (parts === undefined) return { kind: 'text', text: unescapeHereDoc(body.text) };
  const text = staticParts(parts);
  return text === undefined
    ? { kind: 'runtime', trigger: '<<' + (redirect.delimiter?.text ?? '') }
    : { kind: 'text', text };
}

function isStdin(redirect: Redirection): boolean {
  const descriptor = redirect.descriptor;
  return descriptor === undefined || (descriptor.type === 'FileDescriptor' && descriptor.value === 0);
}

/** The stdin a command's own redirections give it (the last one wins), or undefined. */
function redirectedStdin(redirects: readonly Redirection[]): StdinSource | undefined {
  let source: StdinSource | undefined;
  for (const redirect of redirects) {
    if (!isStdin(redirect)) continue;
    if (redirect.type === 'HereDoc') source = hereDocText(redirect);
    else if (redirect.type === 'HereString') {
      const value = redirect.target === undefined ? undefined : evaluateWord(redirect.target).value;
      source =
        value === undefined
          ? { kind: 'runtime', trigger: redirect.target?.text ?? '<<<' }
          : { kind: 'text', text: `${value}\n` };
    } else if (redirect.operator === '<' || redirect.operator === '<>') {
      const target = redirect.target;
      if (target === undefined) continue;
      const word = evaluateWord(target);
      const processSubstitution = target.parts?.some((part) => part.type === 'ProcessSubstitution') === true;
      source = processSubstitution ? { kind: 'runtime', trigger: target.text } : { kind: 'file', word };
    } else if (redirect.operator === '<&') {
      source = { kind: 'runtime', trigger: `<&${redirect.target?.text ?? ''}` };
    }
  }
  return source;
}

/**
 * Whether the program of a command name, given no operand but '-', prints its stdin as it is
 * (`cat <<EOF | sh`): the catalog's to say, so the words name no program.
 */
export type PrintsStdin = (name: string) => boolean;

/** What a pipeline stage prints when it is the builtin `echo` or `printf`, or a program printing its static stdin. */
function staticOutput(node: CommandNode, printsStdin: PrintsStdin): string | undefined {
  if (node.type !== 'Command' || node.name === undefined) return undefined;
  const name = evaluateWord(node.name).value;
  if (name === undefined) return undefined;
  const args = node.args.map(evaluateArgument);
  const basename = commandBasename(name);
  switch (basename) {
    case 'echo':
      return echoOutput(args);
    case 'printf':
      return printfOutput(args);
    default: {
      if (!printsStdin(basename) || args.some((arg) => arg.value !== '-')) return undefined;
      const input = redirectedStdin(node.redirects);
      return input?.kind === 'text' ? input.text : undefined;
    }
  }
}

/** Where a simple command's stdin comes from: its redirections, else the previous pipeline stage. */
export function stdinSource(
  command: Command,
  pipedFrom: CommandNode | undefined,
  printsStdin: PrintsStdin,
): StdinSource {
  const redirected = redirectedStdin(command.redirects);
  if (redirected !== undefined) return redirected;
  if (pipedFrom === undefined) return INHERITED;
  const text = staticOutput(pipedFrom, printsStdin);
  if (text !== undefined) return { kind: 'text', text };
  return { kind: 'runtime', trigger: pipedFrom.type === 'Command' ? (pipedFrom.name?.text ?? 'pipe') : 'pipe' };
}
