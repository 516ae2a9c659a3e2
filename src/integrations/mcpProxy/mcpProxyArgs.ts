import path from 'node:path';
import { parseArgs } from 'node:util';
import type { GovernorOptions } from '../../governor/governorOptions';
import { loadPolicy } from '../../policy/loadPolicy';
import type { Policy } from '../../policy/parsePolicy';
import { RISK_CATEGORIES, type RiskCategory } from '../../categories/riskCategories';
import type { McpProxyOptions } from './mcpProxyOptions';

/** What `mcp-proxy` was asked for on its command line. */
export interface McpProxyArgs {
  /** the upstream command and its arguments: everything after `--` */
  readonly upstream: readonly string[];
  readonly trusted: boolean;
  readonly approve: readonly RiskCategory[];
  readonly workspace: string | undefined;
  /** a policy file: its governor options and its trusted servers apply */
  readonly policy: string | undefined;
  /** start the upstream contained, and refuse to start without bubblewrap */
  readonly containUpstream: boolean;
  readonly help: boolean;
}

export type McpProxyArgsResult =
  { readonly ok: true; readonly args: McpProxyArgs } | { readonly ok: false; readonly problem: string };

/** The usage text of `mcp-proxy` (scripts/mcpProxy.ts). */
export const MCP_PROXY_USAGE =
  'usage: mcp-proxy [--policy FILE] [--trusted] [--approve CATEGORY]... [--workspace DIR] [--contain-upstream] ' +
  `-- <upstream command> [args...]
  --policy FILE      a policy file (.json, .yaml, .yml): classification, tool kinds, safe mode,
                     locale, intents and workspace, and mcp.trustedServers, the servers (by the
                     name they report) whose tool annotations are trusted
  --trusted          trust the upstream's tool annotations, whatever its name: readOnlyHint
                     makes a tool SAFE (names of seed 000's table keep their class when it is stricter)
  --approve CAT      approve a risk category for the whole session at start, for clients
                     without elicitation; repeat it or give a comma list
                     (${RISK_CATEGORIES.join(', ')})
  --workspace DIR    the governed workspace, with its .orchestration/ folder (default: the
                     policy's, else the current directory); the upstream starts in it
  --contain-upstream run the upstream in the sandbox the active intent shapes (bubblewrap):
                     its scope writable, the rest read-only, started again when the intent
                     changes; refuse to start without bubblewrap. Default: the policy's
                     containment mode when its file has that section, else uncontained
  -h, --help         show this text
Serves MCP on stdin/stdout; messages go to stderr.`;

const isCategory = (value: string): value is RiskCategory => (RISK_CATEGORIES as readonly string[]).includes(value);

/** Parses the proxy's flags, which come before `--`; everything after `--` is the upstream command. */
export function parseMcpProxyArgs(argv: readonly string[]): McpProxyArgsResult {
  const split = argv.indexOf('--');
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const upstream = split === -1 ? [] : argv.slice(split + 1);
  let values: {
    trusted?: boolean;
    approve?: string[];
    workspace?: string;
    policy?: string;
    'contain-upstream'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: own,
      options: {
        trusted: { type: 'boolean' },
        approve: { type: 'string', multiple: true },
        workspace: { type: 'string' },
        policy: { type: 'string' },
        'contain-upstream': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: split === -1 ? `${problem}; the upstream command goes after --` : problem };
  }
  const named = (values.approve ?? [])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const unknown = named.filter((item) => !isCategory(item));
  if (unknown.length > 0)
    return {
      ok: false,
      problem: `--approve: unknown category ${unknown.map((item) => `'${item}'`).join(', ')}; valid: ${RISK_CATEGORIES.join(', ')}`,
    };
  if (values.workspace === '') return { ok: false, problem: '--workspace must not be empty' };
  if (values.policy === '') return { ok: false, problem: '--policy must not be empty' };
  const help = values.help ?? false;
  if (!help && (upstream.length === 0 || upstream[0] === ''))
    return {
      ok: false,
      problem:
        'the upstream command is missing: put it after --, like -- npx @modelcontextprotocol/server-filesystem .',
    };
  return {
    ok: true,
    args: {
      upstream,
      trusted: values.trusted ?? false,
      approve: [...new Set(named.filter(isCategory))],
      workspace: values.workspace,
      policy: values.policy,
      containUpstream: values['contain-upstream'] ?? false,
      help,
    },
  };
}

/** The workspace: the flag, else the policy's (its workspaceRoot, or its sandbox's project/), else `cwd`. */
function workspaceOption(args: McpProxyArgs, policy: Policy | undefined, cwd: string): GovernorOptions {
  if (args.workspace !== undefined) return { workspaceRoot: path.resolve(cwd, args.workspace) };
  const own = policy?.governor;
  return own?.workspaceRoot !== undefined || own?.sandboxRoot !== undefined ? {} : { workspaceRoot: path.resolve(cwd) };
}

/**
 * The runMcpProxy options a parsed command line stands for; relative paths are resolved
 * against `cwd`. The policy file it names is loaded here: throws PolicyError listing its issues.
 */
export function mcpProxyOptionsFromArgs(args: McpProxyArgs, cwd: string): McpProxyOptions {
  const [command = '', ...rest] = args.upstream;
  const policy = args.policy === undefined ? undefined : loadPolicy(path.resolve(cwd, args.policy));
  const trustedServers = policy?.mcp.trustedServers;
  return {
    upstream: { command, args: rest },
    governor: { ...policy?.governor, ...workspaceOption(args, policy, cwd) },
    trustAnnotations: args.trusted,
    ...(trustedServers !== undefined && { trustedServers: [...trustedServers] }),
    approve: [...args.approve],
    ...(policy?.containment !== undefined && { containment: policy.containment }),
    ...(args.containUpstream && { containUpstream: 'required' as const }),
  };
}
