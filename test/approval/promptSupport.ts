import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  categorize,
  confirmationPrompt,
  type Categorization,
  type ConfirmationPrompt,
  type Locale,
  type RiskCategory,
} from '../../src/index';

// seed 002's layout: a sandbox whose project/ child is the workspace, with one folder and one file
export const sandbox = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'prompt-'));
export const project = path.join(sandbox, 'project');
/** the sandbox as the path analysis reports it, symlinks resolved */
export const realSandbox = realpathSync(sandbox);
mkdirSync(path.join(project, 'build'), { recursive: true });
mkdirSync(path.join(project, 'src'), { recursive: true });
writeFileSync(path.join(project, 'src', 'a.ts'), 'export {};\n');

/** One tool call of the corpus. */
export interface Call {
  readonly name: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export const shell = (name: string, command: string): Call => ({ name, tool: 'shell', args: { command } });

export function riskOf(call: Call): Categorization {
  return categorize(call.tool, call.args, { sandboxRoot: sandbox, homeDir: '/home/dev' });
}

/** The prompt safe mode would show for the call; by default it asks about every category the call raises. */
export function promptFor(call: Call, locale: Locale = 'en', categories?: readonly RiskCategory[]): ConfirmationPrompt {
  return confirmationPrompt({
    tool: call.tool,
    args: call.args,
    risk: riskOf(call),
    locale,
    ...(categories && { categories }),
  });
}
