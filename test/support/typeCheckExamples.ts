import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/** One fenced code block of a Markdown text: the line its code starts on (1-based) and the code. */
export interface CodeBlock {
  readonly line: number;
  readonly code: string;
}

/** The fenced blocks of `markdown` whose info string is exactly `language`. */
export function codeBlocks(markdown: string, language: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index]?.trim() !== `\`\`\`${language}`) continue;
    const end = lines.findIndex((line, at) => at > index && line.trim() === '```');
    if (end === -1) break;
    blocks.push({ line: index + 2, code: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

export interface ExampleCheck {
  /** the repository root: its tsconfig.json gives the compiler options */
  readonly root: string;
  /** the package name the examples import, mapped to its entry in the sources */
  readonly packageName: string;
  readonly packageEntry: string;
  /** global declarations of what the examples leave to the reader (a script, no import or export) */
  readonly placeholders: string;
}

/**
 * Type-checks each block as a module of its own in a temporary folder, with the project's
 * compiler options (strict), the package resolved to its sources and the placeholders in
 * scope; returns each error as `<line in the Markdown>: <message>`.
 */
export function typeCheckExamples(blocks: readonly CodeBlock[], check: ExampleCheck): string[] {
  const config = ts.readConfigFile(path.join(check.root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, check.root);
  const folder = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'examples-'));
  try {
    const files = blocks.map((block) => ({ block, file: path.join(folder, `example-line-${block.line}.ts`) }));
    for (const { block, file } of files) writeFileSync(file, block.code);
    const placeholders = path.join(folder, 'placeholders.d.ts');
    writeFileSync(placeholders, check.placeholders);
    const program = ts.createProgram([...files.map(({ file }) => file), placeholders], {
      ...options,
      noEmit: true,
      paths: { [check.packageName]: [check.packageEntry] },
      typeRoots: [path.join(check.root, 'node_modules', '@types')],
    });
    // only the examples' own files are checked: the sources have `npm run typecheck`
    return files.flatMap(({ block, file }) => {
      const source = program.getSourceFile(file);
      if (source === undefined) return [`${block.line}: the example was not compiled`];
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (diagnostic) => {
          const at = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
          return `${block.line + at}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
        },
      );
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
