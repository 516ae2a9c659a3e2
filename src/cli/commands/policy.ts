import path from 'node:path';
import { Option, type Command } from 'commander';
import { PolicyError } from '../../errors/PolicyError';
import { loadPolicy } from '../../policy/loadPolicy';
import { policyJsonSchema } from '../../policy/policyJsonSchema';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES, type ExitCode } from '../exitCodes';
import { UsageError } from '../usageError';

interface PolicyFlags {
  readonly schema?: boolean;
  readonly check?: string;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Validates a policy file: its issues on stdout and exit 1, or a one-line summary. */
function checkPolicy(file: string, io: CliIo): ExitCode {
  try {
    const policy = loadPolicy(path.resolve(io.cwd, file));
    const { examples, checks } = policy.checked;
    writeLine(
      io.stdout,
      `${file}: valid policy (${plural(examples, 'rule example')} and ${plural(checks, 'check')} passed)`,
    );
    return EXIT_CODES.ok;
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    writeLine(io.stdout, `${file}: invalid policy, ${plural(error.issues.length, 'issue')}:`);
    for (const issue of error.issues) writeLine(io.stdout, `  - ${issue}`);
    return EXIT_CODES.failure;
  }
}

/** `intentgate policy --schema | --check FILE`. */
export function registerPolicy(program: Command, context: CommandContext): void {
  program
    .command('policy')
    .summary("print the policy file's JSON Schema, or check a policy file")
    .description(
      [
        'With --schema, prints the JSON Schema of policy files (save it and point a policy\'s "$schema" at it).',
        'With --check FILE, validates a policy (.json, .yaml, .yml), runs the examples of its classification and tool-kind rules and its checks,',
        'and lists every issue with its path; the exit code is 1 when it is invalid.',
      ].join(' '),
    )
    .addOption(new Option('--schema', "print the policy file's JSON Schema").conflicts('check'))
    .option('--check <file>', 'validate a policy file')
    .action((flags: PolicyFlags) => {
      const { io } = context;
      if (flags.schema) {
        writeLine(io.stdout, JSON.stringify(policyJsonSchema(), null, 2));
        context.exit(EXIT_CODES.ok);
        return;
      }
      if (flags.check === undefined) throw new UsageError('policy needs --schema or --check FILE');
      context.exit(checkPolicy(flags.check, io));
    });
}
