// Packs the package as `npm pack` does (its prepack script builds dist/ first), installs the
// tarball into a fresh project and uses it from both module systems and through its bin, as a
// consumer would: `npm run check:package`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE_NAME = 'intentgate';

// seed 001's message, written out so the check tests the built text, not a constant from src/
const SEED_001_MESSAGE =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";

class CheckFailure extends Error {}

const fail = (message: string): never => {
  throw new CheckFailure(message);
};

const checked: string[] = [];
const pass = (what: string): void => {
  checked.push(what);
  console.log(`  ok  ${what}`);
};

function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return fail(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${[stdout, stderr].filter(Boolean).join('\n').trim()}`,
    );
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function readJson(file: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return isRecord(parsed) ? parsed : fail(`${file} is not a JSON object`);
}

/** The `types` and `default` targets of one condition of the "." export. */
function conditionTargets(
  manifest: Record<string, unknown>,
  condition: 'import' | 'require',
  subpath = '.',
): { types: string; code: string } {
  const exportsMap = manifest.exports;
  const dot = isRecord(exportsMap) ? exportsMap[subpath] : undefined;
  const entry = isRecord(dot) ? dot[condition] : undefined;
  if (!isRecord(entry) || typeof entry.types !== 'string' || typeof entry.default !== 'string') {
    return fail(`package.json exports['.'].${condition} must have string 'types' and 'default' targets`);
  }
  return { types: entry.types, code: entry.default };
}

/** The subpath exports besides '.', each with the export that proves it loads. */
const SUBPATHS = [
  { subpath: './ai-sdk', exportName: 'governTools', peers: ['ai'] },
  { subpath: './openai-agents', exportName: 'governAgentTools', peers: ['@openai/agents'] },
  { subpath: './mcp-proxy', exportName: 'runMcpProxy', peers: ['@modelcontextprotocol/sdk'] },
] as const;

const ALL_SUBPATHS = ['.', ...SUBPATHS.map((entry) => entry.subpath)];

function checkBuild(manifest: Record<string, unknown>): void {
  for (const [condition, subpath] of (['import', 'require'] as const).flatMap((c) =>
    ALL_SUBPATHS.map((sub) => [c, sub] as const),
  )) {
    const { types, code } = conditionTargets(manifest, condition, subpath);
    for (const target of [types, code]) {
      if (!existsSync(path.join(REPO_ROOT, target)))
        fail(
          `${target} (exports['.'].${condition}) does not exist after npm pack: does the prepack script build dist/?`,
        );
    }
  }
  pass('dist/ has every file the exports map names');
}

interface PackResult {
  readonly tarball: string;
  readonly files: readonly string[];
  readonly size: number;
}

function pack(destination: string): PackResult {
  const output = run('npm', ['pack', '--json', '--pack-destination', destination], REPO_ROOT);
  // the prepack build prints to the same stdout: the report is the JSON array npm prints last
  const start = output.search(/^\[$/m);
  const parsed: unknown = start === -1 ? undefined : JSON.parse(output.slice(start));
  const first: unknown = Array.isArray(parsed) ? parsed[0] : undefined;
  if (!isRecord(first) || typeof first.filename !== 'string' || !Array.isArray(first.files)) {
    return fail(`npm pack --json printed an unexpected reply:\n${output}`);
  }
  const files = first.files.flatMap((file: unknown) =>
    isRecord(file) && typeof file.path === 'string' ? [file.path] : [],
  );
  const size = typeof first.size === 'number' ? first.size : 0;
  return { tarball: path.join(destination, first.filename), files, size };
}

function checkPackedFiles(manifest: Record<string, unknown>, packed: PackResult): void {
  const bin = isRecord(manifest.bin)
    ? Object.values(manifest.bin).filter((file): file is string => typeof file === 'string')
    : [];
  const targets = (['import', 'require'] as const).flatMap((c) =>
    ALL_SUBPATHS.flatMap((sub) => Object.values(conditionTargets(manifest, c, sub))),
  );
  const expected = ['package.json', ...bin, ...targets];
  const normalized = new Set(packed.files.map((file) => file.replace(/^\.\//, '')));
  const missing = expected.map((file) => file.replace(/^\.\//, '')).filter((file) => !normalized.has(file));
  if (missing.length > 0) fail(`the tarball lacks ${missing.join(', ')}`);
  const stray = [...normalized].filter((file) => /^(src|test|machines|scripts)\//.test(file));
  if (stray.length > 0) fail(`the tarball ships source or test files: ${stray.join(', ')}`);
  pass(
    `npm pack: ${path.basename(packed.tarball)}, ${packed.files.length} files, tarball ${(packed.size / 1024).toFixed(1)} KiB, no src/ or test/`,
  );
}

/** What a host that runs commands contained needs from the main entry (docs/containment.md#for-hosts-and-adapters). */
const CONTAINMENT_API = [
  'containmentProfile',
  'governorProfile',
  'runContained',
  'containedCommand',
  'detectContainment',
  'containmentPlan',
  'containmentPlanFor',
  'runGovernedCommand',
  'runAllowedCommand',
  'governorPlaceFor',
] as const;

// the consumer scripts report facts as JSON; the judging happens here
const CONSUMER_BODY = `
const root = mkdtempSync(path.join(tmpdir(), 'intentgate-consumer-'));
try {
  mkdirSync(path.join(root, '.orchestration'));
  const governor = createGovernor({ workspaceRoot: root });
  governor.userPrompt('package check');
  console.log(JSON.stringify({
    resolved,
    state: governor.state,
    writeReason: governor.isToolAllowed('write_to_file').reason,
    readAllowed: governor.isToolAllowed('read_file').allowed,
    machineId: typeof lifecycleMachine === 'object' && lifecycleMachine !== null ? lifecycleMachine.id : null,
    containment: Object.fromEntries(CONTAINMENT_API.map((name) => [name, typeof intentgate[name]])),
  }));
} finally {
  rmSync(root, { recursive: true, force: true });
}
`;

const ESM_CONSUMER = `import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as intentgate from '${PACKAGE_NAME}';
const { createGovernor, lifecycleMachine } = intentgate;
const CONTAINMENT_API = ${JSON.stringify(CONTAINMENT_API)};
const resolved = fileURLToPath(import.meta.resolve('${PACKAGE_NAME}'));
${CONSUMER_BODY}`;

const CJS_CONSUMER = `const { mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const intentgate = require('${PACKAGE_NAME}');
const { createGovernor, lifecycleMachine } = intentgate;
const CONTAINMENT_API = ${JSON.stringify(CONTAINMENT_API)};
const resolved = require.resolve('${PACKAGE_NAME}');
${CONSUMER_BODY}`;

function checkConsumer(project: string, kind: 'ESM' | 'CJS', expectedEntry: string): void {
  const file = kind === 'ESM' ? 'consumer.mjs' : 'consumer.cjs';
  writeFileSync(path.join(project, file), kind === 'ESM' ? ESM_CONSUMER : CJS_CONSUMER);
  const output = run(process.execPath, [file], project);
  const report = readJsonLine(output, `${kind} consumer`);
  const installedEntry = path.join(project, 'node_modules', PACKAGE_NAME, expectedEntry);
  if (report.resolved !== installedEntry)
    fail(`${kind}: '${PACKAGE_NAME}' resolved to ${String(report.resolved)}, expected ${installedEntry}`);
  if (report.writeReason !== SEED_001_MESSAGE) {
    fail(
      `${kind}: isToolAllowed('write_to_file').reason is ${JSON.stringify(report.writeReason)}, expected seed 001's ${JSON.stringify(SEED_001_MESSAGE)}`,
    );
  }
  if (report.readAllowed !== true)
    fail(`${kind}: isToolAllowed('read_file').allowed is ${String(report.readAllowed)}, expected true`);
  if (kind === 'ESM' && report.machineId !== 'lifecycle')
    fail(`ESM: lifecycleMachine.id is ${String(report.machineId)}, expected 'lifecycle'`);
  const containment = isRecord(report.containment) ? report.containment : {};
  const missing = CONTAINMENT_API.filter((name) => containment[name] !== 'function');
  if (missing.length > 0) fail(`${kind}: the containment API lacks ${missing.join(', ')} (expected functions)`);
  const how =
    kind === 'ESM'
      ? `import { createGovernor, lifecycleMachine } from '${PACKAGE_NAME}'`
      : `require('${PACKAGE_NAME}')`;
  pass(
    `${kind}: ${how} loads ${expectedEntry}; write_to_file denied with seed 001's message, read_file allowed ` +
      `(state ${String(report.state)}); the containment API's ${CONTAINMENT_API.length} functions are there`,
  );
}

function readJsonLine(output: string, who: string): Record<string, unknown> {
  const line = output.trim().split('\n').pop() ?? '';
  try {
    const parsed: unknown = JSON.parse(line);
    return isRecord(parsed) ? parsed : fail(`${who} printed ${line}`);
  } catch {
    return fail(`${who} printed no JSON report:\n${output}`);
  }
}

function checkDeclarationFiles(project: string): void {
  const installed = path.join(project, 'node_modules', PACKAGE_NAME);
  const manifest = readJson(path.join(installed, 'package.json'));
  for (const condition of ['import', 'require'] as const) {
    const { types } = conditionTargets(manifest, condition);
    if (!existsSync(path.join(installed, types)))
      fail(`installed package lacks ${types} (exports['.'].${condition}.types)`);
    pass(`exports['.'].${condition}.types: ${types} is installed`);
  }
  checkTypesResolve(project, manifest);
}

const TYPE_CONSUMER = `import { createGovernor, type Decision, type Governor } from '${PACKAGE_NAME}';
const governor: Governor = createGovernor({ workspaceRoot: '.' });
const decision: Decision = governor.isToolAllowed('write_to_file');
export const reason: string | undefined = decision.reason;
`;

/** Type-checks an .mts and a .cts consumer under node16 resolution, which picks the condition's types. */
function checkTypesResolve(project: string, manifest: Record<string, unknown>): void {
  let tsc: string;
  try {
    tsc = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    console.log('  --  typescript is not installed in the repository: skipping the type-resolution check');
    return;
  }
  writeFileSync(path.join(project, 'types-esm.mts'), TYPE_CONSUMER);
  writeFileSync(path.join(project, 'types-cjs.cts'), TYPE_CONSUMER);
  const tsconfig = {
    compilerOptions: {
      module: 'node16',
      moduleResolution: 'node16',
      target: 'ES2022',
      strict: true,
      noEmit: true,
      types: [],
      skipLibCheck: true,
    },
    files: ['types-esm.mts', 'types-cjs.cts'],
  };
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const listed = run(process.execPath, [tsc, '-p', 'tsconfig.json', '--listFiles'], project)
    .split('\n')
    .map((line) => path.resolve(line.trim()));
  for (const condition of ['import', 'require'] as const) {
    const expected = path.join(project, 'node_modules', PACKAGE_NAME, conditionTargets(manifest, condition).types);
    if (!listed.includes(expected)) fail(`tsc did not load ${expected} for the ${condition} condition`);
  }
  pass('tsc (node16) type-checks an .mts consumer against index.d.ts and a .cts consumer against index.d.cts');
}

// an async IIFE so one template serves .mjs and .cjs; misuse may throw or reject
const SUBPATH_CONSUMER = (load: string, exportName: string, errorsFrom: string) => `
(async () => {
  const sub = ${load};
  const main = ${errorsFrom};
  let identity = 'no error thrown';
  try { await sub.${exportName}(null, null); } catch (error) { identity = error instanceof main.IntentGateError ? 'shared' : 'foreign: ' + String(error); }
  console.log(JSON.stringify({ type: typeof sub.${exportName}, identity }));
})();`;

/** The peer packages the subpaths need, at the versions the repository tests with. */
function peerInstallSpecs(manifest: Record<string, unknown>): string[] {
  const dev = isRecord(manifest.devDependencies) ? manifest.devDependencies : {};
  return SUBPATHS.flatMap((entry) => entry.peers).map((peer) => `${peer}@${String(dev[peer] ?? 'latest')}`);
}

/**
 * Each subpath loads from both module systems once its peer is installed, and its errors are
 * the main entry's classes (one shared chunk, not a copy per entry).
 */
function checkSubpaths(project: string, manifest: Record<string, unknown>): void {
  run('npm', ['install', ...peerInstallSpecs(manifest), '--no-audit', '--no-fund'], project);
  for (const { subpath, exportName } of SUBPATHS) {
    const specifier = `${PACKAGE_NAME}${subpath.slice(1)}`;
    writeFileSync(
      path.join(project, 'subpath.mjs'),
      SUBPATH_CONSUMER(`await import('${specifier}')`, exportName, `await import('${PACKAGE_NAME}')`),
    );
    writeFileSync(
      path.join(project, 'subpath.cjs'),
      SUBPATH_CONSUMER(`require('${specifier}')`, exportName, `require('${PACKAGE_NAME}')`),
    );
    for (const file of ['subpath.mjs', 'subpath.cjs']) {
      const report = readJsonLine(run(process.execPath, [file], project), `${specifier} (${file})`);
      if (report.type !== 'function')
        fail(`${specifier} from ${file}: ${exportName} is ${String(report.type)}, expected a function`);
      if (report.identity !== 'shared')
        fail(`${specifier} from ${file}: its errors are not intentgate's classes (${String(report.identity)})`);
    }
    pass(
      `${specifier}: ${exportName} loads by import and require; its errors are instances of intentgate's IntentGateError`,
    );
  }
}

/** Before any peer is installed, `mcp-proxy` says in one line how to install the MCP SDK, and exits 1. */
function checkBinWithoutPeers(project: string): void {
  const bin = path.join(project, 'node_modules', '.bin', PACKAGE_NAME);
  const result = spawnSync(bin, ['mcp-proxy', '--', 'node', 'server.js'], {
    cwd: project,
    encoding: 'utf8',
    input: '',
  });
  const expected = 'install it with `npm install @modelcontextprotocol/sdk`.';
  const lines = result.stderr.trimEnd().split('\n');
  if (
    result.status !== 1 ||
    lines.length !== 1 ||
    !lines[0]?.startsWith('error: Peer dependency missing:') ||
    !lines[0].endsWith(expected)
  ) {
    fail(
      `intentgate mcp-proxy without @modelcontextprotocol/sdk: expected exit 1 and one ` +
        `line ending '${expected}', got exit ${String(result.status)}:\n${result.stderr}`,
    );
  }
  pass('the bin without @modelcontextprotocol/sdk: mcp-proxy prints one line with the install command and exits 1');
}

// what an agent writes to the intents server: the handshake, its notification, the tool list
const INTENTS_MCP_INPUT = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'check-package', version: '0' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((message) => `${JSON.stringify(message)}\n`)
  .join('');

/** Before any peer is installed, `intentgate intents-mcp` answers initialize and lists the two handshake tools, then exits 0 when stdin ends. */
function checkIntentsMcpWithoutPeers(project: string): void {
  const bin = path.join(project, 'node_modules', '.bin', PACKAGE_NAME);
  const result = spawnSync(bin, ['intents-mcp', '--workspace', project], {
    cwd: project,
    encoding: 'utf8',
    input: INTENTS_MCP_INPUT,
    timeout: 60_000,
  });
  const replies = result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => readJsonLine(line, 'intentgate intents-mcp'));
  const [initialized, listed] = replies;
  const server =
    isRecord(initialized?.result) && isRecord(initialized.result.serverInfo)
      ? initialized.result.serverInfo.name
      : undefined;
  const tools =
    isRecord(listed?.result) && Array.isArray(listed.result.tools)
      ? listed.result.tools.map((tool: unknown) => (isRecord(tool) ? tool.name : tool))
      : [];
  if (
    result.status !== 0 ||
    replies.length !== 2 ||
    server !== PACKAGE_NAME ||
    JSON.stringify(tools) !== JSON.stringify(['select_active_intent', 'attempt_completion'])
  ) {
    fail(
      `intentgate intents-mcp without @modelcontextprotocol/sdk: expected exit 0, server '${PACKAGE_NAME}' ` +
        `and the two handshake tools, got exit ${String(result.status)}:\n${result.stdout}${result.stderr}`,
    );
  }
  pass(
    'the bin without @modelcontextprotocol/sdk: intents-mcp answers initialize and lists ' +
      'select_active_intent and attempt_completion over stdin, and exits 0 when stdin ends',
  );
}

/** The optional peers only a service uses: the consumer installs neither. */
const SERVICE_PEERS = [
  { name: 'prom-client', install: 'npm install prom-client@^15' },
  { name: 'redis', install: 'npm install redis@^5' },
] as const;

/** Runs the installed `intentgate serve` until its banner is out, answers what `/healthz` and `/metrics` answered, then stops it. */
async function serveAndProbe(
  bin: string,
  project: string,
): Promise<{ banner: string; health: number; metrics: number; metricsBody: string }> {
  const child = spawn(bin, ['serve', '--port', '0', '--workspace', project, '--quiet'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let banner = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      // the banner's last line names the approval token; the service listens by then
      child.stdout.on('data', (chunk: Buffer) => {
        banner += chunk.toString();
        if (banner.includes('approval token:')) resolve();
      });
      child.once('exit', (code) =>
        reject(
          new CheckFailure(
            `intentgate serve without ${SERVICE_PEERS.map((peer) => peer.name).join(' and ')} exited ${String(code)} before listening:\n${banner}${errors}`,
          ),
        ),
      );
    });
    const url = /listening on (\S+)/.exec(banner)?.[1] ?? fail(`intentgate serve printed no address:\n${banner}`);
    const health = await fetch(`${url}/healthz`);
    const metrics = await fetch(`${url}/metrics`);
    return { banner, health: health.status, metrics: metrics.status, metricsBody: await metrics.text() };
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Without the optional peers only a service uses, `serve` starts with metrics off and says so,
 * `/healthz` answers 200 and `/metrics` 503 with the install command; a Redis store is refused at
 * start with its install command.
 */
async function checkServeWithoutServicePeers(project: string): Promise<void> {
  const present = SERVICE_PEERS.filter((peer) => existsSync(path.join(project, 'node_modules', peer.name)));
  if (present.length > 0)
    fail(
      `npm install <tarball> installed the optional peers ${present.map((peer) => peer.name).join(', ')}: are they optional peerDependencies?`,
    );
  const bin = path.join(project, 'node_modules', '.bin', PACKAGE_NAME);
  const [prom, redis] = SERVICE_PEERS;
  const probe = await serveAndProbe(bin, project);
  if (!probe.banner.includes(`metrics: off (`) || !probe.banner.includes(prom.install))
    fail(`intentgate serve without prom-client did not say at start that metrics are off:\n${probe.banner}`);
  if (probe.health !== 200) fail(`GET /healthz without prom-client and redis answered ${probe.health}, expected 200`);
  if (
    probe.metrics !== 503 ||
    !probe.metricsBody.includes('metrics_unavailable') ||
    !probe.metricsBody.includes(prom.install)
  ) {
    fail(
      `GET /metrics without prom-client answered ${probe.metrics} ${probe.metricsBody}, expected 503 metrics_unavailable naming '${prom.install}'`,
    );
  }
  const stored = spawnSync(
    bin,
    [
      'serve',
      '--port',
      '0',
      '--workspace',
      project,
      '--quiet',
      '--store',
      'redis://127.0.0.1:1',
      '--deployment',
      'check-package',
    ],
    // a Redis store needs a given approval token (it keys the records' MAC): given, the missing peer is what stops it
    {
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, INTENTGATE_APPROVAL_TOKEN: 'check-package-token-0123456789abcdef' },
    },
  );
  if (stored.status === 0 || stored.status === null || !stored.stderr.includes(redis.install)) {
    fail(
      `intentgate serve --store redis://... without redis: expected a failure naming ` +
        `'${redis.install}', got exit ${String(stored.status)}:\n${stored.stdout}${stored.stderr}`,
    );
  }
  pass(
    `the bin without prom-client and redis: serve starts with metrics off and says so, /healthz 200, /metrics ` +
      `503 naming '${prom.install}'; --store redis:// exits ${stored.status} naming '${redis.install}'`,
  );
}

/** The installed `intentgate` command runs. */
function checkBin(project: string, manifest: Record<string, unknown>): void {
  // as the README and docs/hooks.md run it; --yes=false: the installed bin, never one fetched from the registry
  const version = run('npx', ['--yes=false', PACKAGE_NAME, '--version'], project).trim();
  if (version !== manifest.version)
    fail(`npx intentgate --version printed '${version}', expected '${String(manifest.version)}'`);
  const matrix = run(path.join(project, 'node_modules', '.bin', PACKAGE_NAME), ['matrix', '--json'], project);
  if (!matrix.includes('destructive_in_scope')) fail('intentgate matrix --json did not print the governance matrix');
  pass(`the bin: npx intentgate --version prints ${version}, intentgate matrix runs`);
}

// the console's files, which tsup copies from src/console/public (its publicDir)
const CONSOLE_FILES = ['index.html', 'app.js', 'api.js', 'render.js', 'live.js', 'app.css'].map(
  (file) => `dist/console/${file}`,
);

// serves the console from the installed package and reports what GET / and its script answered
const CONSOLE_CONSUMER = (load: string) => `
(async () => {
  const { createGovernanceServer } = ${load};
  const service = createGovernanceServer({ governor: { workspaceRoot: process.cwd() } });
  const { url } = await service.listen(0, '127.0.0.1');
  try {
    const page = await fetch(url + '/');
    const script = await fetch(url + '/console/app.js');
    const csp = page.headers.get('content-security-policy');
    const html = (await page.text()).includes('console/app.js');
    console.log(JSON.stringify({ page: page.status, csp, html, script: script.status }));
  } finally {
    await service.close();
  }
})();`;

/** The tarball ships the console's files, and the installed package serves them from both module systems. */
function checkConsole(project: string, packed: PackResult): void {
  const missing = CONSOLE_FILES.filter(
    (file) => !packed.files.some((packedFile) => packedFile.replace(/^\.\//, '') === file),
  );
  if (missing.length > 0)
    fail(`the tarball lacks the console's ${missing.join(', ')}: is tsup's publicDir src/console/public?`);
  writeFileSync(path.join(project, 'console.mjs'), CONSOLE_CONSUMER(`await import('${PACKAGE_NAME}')`));
  writeFileSync(path.join(project, 'console.cjs'), CONSOLE_CONSUMER(`require('${PACKAGE_NAME}')`));
  for (const file of ['console.mjs', 'console.cjs']) {
    const report = readJsonLine(run(process.execPath, [file], project), `the console (${file})`);
    if (
      report.page !== 200 ||
      report.html !== true ||
      report.script !== 200 ||
      typeof report.csp !== 'string' ||
      !report.csp.includes("script-src 'self'")
    ) {
      fail(`the installed package does not serve the console from ${file}: ${JSON.stringify(report)}`);
    }
  }
  pass(
    `the console: ${CONSOLE_FILES.length} files in the tarball; GET / and /console/app.js answer 200 under its CSP, by import and require`,
  );
}

// decides a shell command through the installed package's service, whose analysis runs on a worker thread
const ANALYSIS_CONSUMER = (load: string) => `
(async () => {
  const { mkdirSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { createGovernanceServer } = ${load};
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-analysis-'));
  mkdirSync(path.join(root, '.orchestration'));
  const service = createGovernanceServer({ governor: { workspaceRoot: root, trace: () => undefined } });
  const { url } = await service.listen(0, '127.0.0.1');
  try {
    const json = { 'content-type': 'application/json' };
    const post = (route, body) =>
      fetch(url + route, { method: 'POST', headers: json, body: JSON.stringify(body) }).then((reply) => reply.json());
    await post('/sessions/s1/prompt', {});
    const decision = await post('/sessions/s1/tool-calls', { tool: 'execute_command', args: { command: 'sudo ls' } });
    const threads = service.analysis.threads;
    await service.close();
    console.log(JSON.stringify({ code: decision.code, categories: decision.categories, threads, after: service.analysis.threads }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
})();`;

/** The tarball ships the analysis worker, and the installed service analyses a shell command on it, from both module systems. */
function checkAnalysisWorker(project: string, packed: PackResult): void {
  const workers = ['dist/analysisWorker.js', 'dist/analysisWorker.cjs'];
  const missing = workers.filter(
    (file) => !packed.files.some((packedFile) => packedFile.replace(/^\.\//, '') === file),
  );
  if (missing.length > 0) fail(`the tarball lacks the analysis worker ${missing.join(', ')}: is it a tsup entry?`);
  writeFileSync(path.join(project, 'analysis.mjs'), ANALYSIS_CONSUMER(`await import('${PACKAGE_NAME}')`));
  writeFileSync(path.join(project, 'analysis.cjs'), ANALYSIS_CONSUMER(`require('${PACKAGE_NAME}')`));
  for (const file of ['analysis.mjs', 'analysis.cjs']) {
    const report = readJsonLine(run(process.execPath, [file], project), `the analysis worker (${file})`);
    const expected = { code: 'state_violation', categories: ['SUDO', 'EXEC_ARBITRARY'], threads: 1, after: 0 };
    if (JSON.stringify(report) !== JSON.stringify(expected))
      fail(
        `the installed service did not analyse a shell command on its worker from ${file}: ${JSON.stringify(report)}, expected ${JSON.stringify(expected)}`,
      );
  }
  pass(
    'the analysis worker: in the tarball; the installed service decides `sudo ls` ' +
      'with its analysis on a worker thread, terminated at close, by import and require',
  );
}

async function main(): Promise<number> {
  const work = mkdtempSync(path.join(tmpdir(), 'intentgate-pack-'));
  try {
    console.log(`check:package: packing ${REPO_ROOT} and installing it into ${work}`);
    const manifest = readJson(path.join(REPO_ROOT, 'package.json'));
    const packed = pack(work);
    checkBuild(manifest);
    checkPackedFiles(manifest, packed);

    const project = path.join(work, 'consumer');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'intentgate-consumer', version: '0.0.0', private: true }, null, 2),
    );
    run('npm', ['install', packed.tarball, '--no-audit', '--no-fund'], project);
    pass('npm install <tarball> into a fresh project');

    checkConsumer(project, 'ESM', conditionTargets(manifest, 'import').code);
    checkConsumer(project, 'CJS', conditionTargets(manifest, 'require').code);
    checkDeclarationFiles(project);
    checkConsole(project, packed);
    checkAnalysisWorker(project, packed);
    checkBinWithoutPeers(project);
    checkIntentsMcpWithoutPeers(project);
    await checkServeWithoutServicePeers(project);
    checkSubpaths(project, manifest);
    checkBin(project, manifest);
    console.log(`check:package passed: ${checked.length} checks`);
    return 0;
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    console.error(`check:package FAILED: ${error.message}`);
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
