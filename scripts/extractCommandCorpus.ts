// Builds the public command corpus of test/corpus/data from local copies of its sources; reads
// only the files and folders named on the command line and writes one corpus file to stdout.
//   npx tsx scripts/extractCommandCorpus.ts tldr <pages/common> <pages/linux>   > tldr-developer.txt
//   npx tsx scripts/extractCommandCorpus.ts mini-swe-agent <trajs folder> --limit 2000 > mini-swe-agent-swebench.json
//   npx tsx scripts/extractCommandCorpus.ts nl2bash <data/bash/all.cm> --limit 500 > nl2bash.txt
// test/corpus/data/README.md says where each source comes from and under which licence.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Longest corpus line; a JSON-encoded command is checked with its quotes and indentation. */
const MAX_LINE = 2000;

/** Programs whose tldr page (`<name>.md`) is taken: what a coding agent or developer runs in a project. */
const TLDR_PROGRAMS: readonly string[] = `
  git gh npm npx node yarn pnpm bun deno tsc eslint prettier jest vitest
  python python3 pip pip3 pipx poetry uv pytest tox black ruff mypy flake8 pylint
  make cmake ninja gcc g++ clang cc ld ar cargo rustc rustup go gofmt java javac mvn gradle dotnet
  ruby gem bundle rake perl php composer docker docker-compose podman kubectl helm terraform
  cat head tail less more wc sort uniq cut tr awk gawk sed grep egrep rg ag find fd xargs diff cmp
  patch comm join paste tee nl od xxd hexdump strings file stat ls tree cp mv rm rmdir mkdir touch
  ln chmod chown chgrp readlink realpath dirname basename pwd cd du df mktemp install
  tar zip unzip gzip gunzip bzip2 xz 7z curl wget ssh scp rsync jq yq sqlite3 psql mysql redis-cli
  ps kill pkill pgrep top env printenv export which whereis type command echo printf test true false
  sleep timeout time watch nohup bash sh zsh source eval exec sudo apt apt-get dpkg systemctl
  journalctl crontab vim nano code openssl base64 sha256sum md5sum date uname id whoami hostname
`
  .split(/\s+/)
  .filter((name) => name !== '');

/** Programs whose subcommand pages (`<name>-<subcommand>.md`) are taken as well. */
const TLDR_SUBCOMMAND_PROGRAMS: readonly string[] = ['git', 'npm', 'pnpm', 'yarn', 'cargo', 'go', 'pip'];

/** A placeholder naming a command to run becomes a harmless literal one. */
const COMMAND_PLACEHOLDER = /^command\d*$/;
const COMMAND_STANDIN = 'ls';

function isFile(file: string): boolean {
  return statSync(file).isFile();
}

/** Every file under a folder whose name ends with the suffix, in sorted order. */
function filesUnder(folder: string, suffix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, suffix));
    else if (entry.name.endsWith(suffix)) found.push(full);
  }
  return found.sort();
}

/** One tldr placeholder as a literal: the first of `[a|b]` or `a|b` alternatives, without `...`. */
function fillPlaceholder(inner: string): string {
  const bracketed = /^\[(.*)\]$/s.exec(inner);
  const body = bracketed?.[1] ?? inner;
  const first = body.split('|')[0] ?? '';
  const words = first.split(/\s+/).filter((word) => word !== '' && word !== '...');
  const literal = words.map((word) => word.replace(/\.\.\.$/, '')).join(' ');
  return COMMAND_PLACEHOLDER.test(literal) ? COMMAND_STANDIN : literal;
}

/** A tldr example line with every `{{placeholder}}` replaced by a literal. */
function fillExample(example: string): string {
  return example
    .replace(/\{\{(.*?)\}\}/g, (_match, inner: string) => fillPlaceholder(inner))
    .replace(/ {2,}/g, ' ')
    .trim();
}

function tldrPageSelected(name: string): boolean {
  if (TLDR_PROGRAMS.includes(name)) return true;
  return TLDR_SUBCOMMAND_PROGRAMS.some((program) => name.startsWith(`${program}-`));
}

/** The example commands of the selected tldr pages in the given folders. */
function tldrCommands(folders: readonly string[]): string[] {
  const commands: string[] = [];
  for (const folder of folders) {
    for (const file of filesUnder(folder, '.md')) {
      if (!tldrPageSelected(path.basename(file, '.md'))) continue;
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const example = /^`(.+)`\s*$/.exec(line)?.[1];
        if (example === undefined) continue;
        const command = fillExample(example);
        // key presses of interactive programs and pointers to other pages are not command lines
        if (/^<[^>]+>/.test(command) || command.startsWith('tldr ')) continue;
        commands.push(command);
      }
    }
  }
  return commands;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The commands of mini-swe-agent trajectory files: the one bash block of each assistant message. */
function miniSweAgentCommands(folder: string): string[] {
  const commands: string[] = [];
  for (const file of filesUnder(folder, '.traj.json')) {
    const trajectory: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const messages = isRecord(trajectory) && Array.isArray(trajectory.messages) ? trajectory.messages : [];
    for (const message of messages) {
      if (!isRecord(message) || message.role !== 'assistant' || typeof message.content !== 'string') continue;
      const blocks = [...message.content.matchAll(/```bash\s*\n(.*?)\n```/gs)];
      // the agent runs a reply only when it holds exactly one bash block
      if (blocks.length !== 1) continue;
      commands.push((blocks[0]?.[1] ?? '').trim());
    }
  }
  return commands;
}

/** The command lines of NL2Bash's `all.cm`, one per line. */
function nl2bashCommands(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim());
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Distinct, usable commands; with a limit, those first in SHA-256 order (a fixed, unbiased sample). */
function selectCommands(
  commands: readonly string[],
  limit: number | undefined,
  encodedLength: (command: string) => number,
): string[] {
  const usable = new Set<string>();
  for (const command of commands) {
    if (command === '' || command.includes('\0') || encodedLength(command) > MAX_LINE) continue;
    usable.add(command);
  }
  let chosen = [...usable];
  if (limit !== undefined) {
    chosen = chosen
      .map((command) => ({ command, key: sha256(command) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit)
      .map(({ command }) => command);
  }
  return chosen.sort();
}

// a JSON corpus holds one command per line, indented by two spaces and followed by a comma
const jsonLineLength = (command: string): number => JSON.stringify(command).length + 3;
const textLineLength = (command: string): number => (command.includes('\n') ? Infinity : command.length);

function main(): void {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string' } } });
  const [source, ...inputs] = positionals;
  const limit = values.limit === undefined ? undefined : Number.parseInt(values.limit, 10);
  if (inputs.length === 0 || (limit !== undefined && !(limit > 0))) {
    throw new Error('usage: extractCommandCorpus.ts tldr|mini-swe-agent|nl2bash <path>... [--limit N]');
  }
  switch (source) {
    case 'tldr': {
      process.stdout.write(`${selectCommands(tldrCommands(inputs), limit, textLineLength).join('\n')}\n`);
      return;
    }
    case 'nl2bash': {
      const commands = inputs.filter(isFile).flatMap(nl2bashCommands);
      process.stdout.write(`${selectCommands(commands, limit, textLineLength).join('\n')}\n`);
      return;
    }
    case 'mini-swe-agent': {
      const commands = selectCommands(inputs.flatMap(miniSweAgentCommands), limit, jsonLineLength);
      process.stdout.write(`[\n${commands.map((command) => `  ${JSON.stringify(command)}`).join(',\n')}\n]\n`);
      return;
    }
    default:
      throw new Error(`unknown source '${source ?? ''}': tldr, mini-swe-agent or nl2bash`);
  }
}

main();
