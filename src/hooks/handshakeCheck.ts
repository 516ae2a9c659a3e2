import { homedir } from 'node:os';
import path from 'node:path';
import { readRegularFile } from '../files/readRegularFile';
import { SELECT_ACTIVE_INTENT } from '../tools/handshakeTools';
import { INTENTS_MCP_SERVER } from './agents/agentTools';
import { parseJsonDocument } from './install/jsonText';

/** Where an agent may register an MCP server: a file, and how its servers are written in it. */
interface McpPlace {
  /** in the workspace (the project's configuration), the user's home, or Codex's home (`$CODEX_HOME`, else `~/.codex`) */
  readonly base: 'workspace' | 'home' | 'codex-home';
  readonly file: string;
  /** `json`: an object of servers under `key` (with comments when `comments`); `toml`: a `[key.<name>]` table */
  readonly format: 'json' | 'toml';
  /** the servers' object or table, a dotted path; `projects.<workspace>` names the workspace's entry */
  readonly key: string;
  readonly comments?: boolean;
}

const json = (base: McpPlace['base'], file: string, key = 'mcpServers', comments = false): McpPlace => ({
  base,
  file,
  format: 'json',
  key,
  comments,
});

/**
 * Where each agent reads its MCP servers, the project's files first (`hooks install` writes
 * those: src/hooks/install/agentConfigs.ts), then the user's. An agent missing here is not
 * checked: no warning is better than a wrong one.
 */
export const MCP_PLACES: Readonly<Record<string, readonly McpPlace[]>> = Object.freeze({
  'claude-code': [
    json('workspace', '.mcp.json'),
    json('workspace', '.claude/settings.json'),
    json('workspace', '.claude/settings.local.json'),
    // `claude mcp add` writes the user's servers, and a project's local ones, in ~/.claude.json
    json('home', '.claude.json'),
    json('home', '.claude.json', 'projects.<workspace>.mcpServers'),
  ],
  codex: [
    { base: 'workspace', file: '.codex/config.toml', format: 'toml', key: 'mcp_servers' },
    { base: 'codex-home', file: 'config.toml', format: 'toml', key: 'mcp_servers' },
  ],
  gemini: [
    json('workspace', '.gemini/settings.json', 'mcpServers', true),
    json('home', '.gemini/settings.json', 'mcpServers', true),
  ],
  copilot: [json('workspace', '.mcp.json'), json('home', '.copilot/mcp-config.json')],
  opencode: [
    json('workspace', 'opencode.json', 'mcp', true),
    json('home', '.config/opencode/opencode.json', 'mcp', true),
  ],
});

/** What is checked: the workspace and the home the places are read from. */
export interface HandshakeCheckPlace {
  readonly workspace: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Whether an agent's configuration registers the intents server, and the files looked at when it does not. */
export type HandshakeRegistration =
  | { readonly kind: 'registered'; readonly file: string }
  | { readonly kind: 'missing'; readonly looked: readonly string[] }
  /** an agent whose configuration intentgate does not know: nothing is said */
  | { readonly kind: 'unchecked' };

// a settings file larger than this is not an agent's settings
const MAX_CONFIG_BYTES = 1024 * 1024;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a TOML text names the server's table `[key.<server>]`, or a dotted key under it, outside a comment. */
function tomlNames(text: string, key: string, server: string): boolean {
  const name = `(?:${escapeRegExp(server)}|"${escapeRegExp(server)}"|'${escapeRegExp(server)}')`;
  const header = new RegExp(`^\\s*\\[\\s*${escapeRegExp(key)}\\s*\\.\\s*${name}\\s*(?:\\]|\\.)`, 'm');
  const dotted = new RegExp(`^\\s*${escapeRegExp(key)}\\s*\\.\\s*${name}\\s*[.=]`, 'm');
  return header.test(text) || dotted.test(text);
}

/** The value at a dotted path of keys, `<workspace>` standing for the workspace's path. */
function valueAt(value: unknown, keys: readonly string[], workspace: string): unknown {
  let found = value;
  for (const key of keys) {
    if (typeof found !== 'object' || found === null || Array.isArray(found)) return undefined;
    const name = key === '<workspace>' ? workspace : key;
    found = Object.hasOwn(found, name) ? (found as Record<string, unknown>)[name] : undefined;
  }
  return found;
}

/** Whether one place registers the server; a file that is missing, unreadable or not its format registers nothing. */
function placeNames(place: McpPlace, file: string, workspace: string): boolean {
  const read = readRegularFile(file, MAX_CONFIG_BYTES);
  if (read.kind !== 'text') return false;
  if (place.format === 'toml') return tomlNames(read.text, place.key, INTENTS_MCP_SERVER);
  try {
    const document = parseJsonDocument(read.text, file, { comments: place.comments === true });
    const servers = valueAt(document.value, place.key.split('.'), workspace);
    return typeof servers === 'object' && servers !== null && Object.hasOwn(servers, INTENTS_MCP_SERVER);
  } catch {
    return false;
  }
}

/**
 * Whether the agent's configuration registers intentgate's intents MCP server (under the name
 * `hooks install` gives it), which offers the handshake tool `select_active_intent`: the
 * project's files, then the user's, read as the agent reads them. Without it the model cannot
 * select an intent, and every call that changes something is refused.
 */
export function handshakeRegistration(agent: string, where: HandshakeCheckPlace): HandshakeRegistration {
  const places = Object.hasOwn(MCP_PLACES, agent) ? MCP_PLACES[agent] : undefined;
  if (places === undefined) return { kind: 'unchecked' };
  const home = where.env.HOME || homedir();
  const bases = { workspace: where.workspace, home, 'codex-home': where.env.CODEX_HOME || path.join(home, '.codex') };
  const looked: string[] = [];
  for (const place of places) {
    const file = path.join(bases[place.base], place.file);
    if (placeNames(place, file, where.workspace)) return { kind: 'registered', file };
    if (!looked.includes(file)) looked.push(file);
  }
  return { kind: 'missing', looked };
}

/**
 * The warning for a session in REQUEST whose agent does not register the intents server, or
 * undefined when it does (or the agent is not checked). It names what fixes it, for the human
 * reading the transcript or the terminal; the model cannot run it, since every call that
 * changes something is refused before an intent.
 */
export function handshakeWarning(agent: string, where: HandshakeCheckPlace): string | undefined {
  const found = handshakeRegistration(agent, where);
  if (found.kind !== 'missing') return undefined;
  return [
    `intentgate: the intents MCP server '${INTENTS_MCP_SERVER}', which offers the handshake tool ${SELECT_ACTIVE_INTENT},`,
    `is registered in none of ${found.looked.join(', ')} (one given on the agent's command line is ` +
      `not seen here); without it no intent can be selected and every call that changes something is refused.`,
    `The user can fix it by running \`intentgate hooks install ${agent}\` in the workspace.`,
  ].join(' ');
}
