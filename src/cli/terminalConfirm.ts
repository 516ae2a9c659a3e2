import { createInterface } from 'node:readline';
import type { CliIo } from './cliIo';

const isTerminal = (stream: unknown): boolean =>
  typeof stream === 'object' && stream !== null && (stream as { isTTY?: unknown }).isTTY === true;

/** Whether a person can be asked: stdin and stdout are both a terminal (an agent's shell tool gives neither). */
export const isInteractive = (io: CliIo): boolean => isTerminal(io.stdin) && isTerminal(io.stdout);

/** The first line read from stdin, or '' when it ends first. */
function readLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, terminal: false });
    let answered = false;
    const answer = (line: string): void => {
      if (answered) return;
      answered = true;
      lines.close();
      // a terminal's stream left flowing keeps the process alive
      input.pause();
      resolve(line);
    };
    lines.once('line', answer);
    lines.once('close', () => answer(''));
  });
}

/**
 * Asks `question` at the terminal and reads the answer: 'yes' for y or yes, 'no' for anything
 * else; 'no-terminal' without asking when stdin or stdout is not a terminal.
 */
export async function confirmAtTerminal(io: CliIo, question: string): Promise<'yes' | 'no' | 'no-terminal'> {
  if (!isInteractive(io)) return 'no-terminal';
  io.stdout.write(`${question} [y/N] `);
  return /^\s*y(es)?\s*$/i.test(await readLine(io.stdin)) ? 'yes' : 'no';
}
