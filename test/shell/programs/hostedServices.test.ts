import { describe, expect, it } from 'vitest';
import { categorize, type RiskCategory } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { makeWorkspace } from '../../support/workspace';
import { decideEveryday, everydayWorkspace, type EverydayDecision } from '../../support/everydaySession';

// feature-flag services, hosted services and the administration commands of servers run here
// (src/shell/programs/services/: featureFlagSpecs.ts, hostedServiceSpecs.ts, serverAdminSpecs.ts).
// With the everyday approvals given, what deletes, archives, clears or stops is still asked, its
// details naming what and where; listing, reading and checking a file are reads. A resource
// named `service` is the hosted service's object, not a service of this machine.

const EVERYDAY: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

const root = makeWorkspace({ orchestration: false });

type Details = readonly [string, string, string];

/** The categories of a call the everyday approvals do not cover, and the details of SYSTEM_IMPACT. */
function held(command: string) {
  const risk = categorize('shell', { command }, { workspaceRoot: root });
  return {
    asked: risk.categories.filter((item) => !EVERYDAY.includes(item)),
    details: risk.evidence.filter((item) => item.category === 'SYSTEM_IMPACT').map((item) => item.details),
  };
}

const destructive = (cases: readonly { name: string; command: string; details: readonly Details[] }[]) =>
  it.each(cases)('$name', ({ command, details }) => {
    expect(held(command)).toEqual({ asked: ['SYSTEM_IMPACT'], details });
  });

/** What a read raises, the words it names that are not files read here, and the files it reads. */
function reading(command: string) {
  const analysis = analyzeShell(command);
  return {
    categories: analysis.findings.map((finding) => finding.category),
    notReads: analysis.pathOperands.filter((operand) => operand.role !== 'read').map((operand) => operand.source),
    failedClosed: analysis.unknowable !== undefined,
  };
}

const reads = (cases: readonly { name: string; command: string }[]) =>
  it.each(cases)('$name', ({ command }) => {
    expect(reading(command)).toEqual({ categories: ['EXEC_ARBITRARY'], notReads: [], failedClosed: false });
  });

describe('feature flags: deleting or archiving a flag is SYSTEM_IMPACT, turning it on or off is not', () => {
  destructive([
    {
      name: 'ldcli flags archive names the project',
      command: 'ldcli flags archive my-flag --project my-project',
      details: [['ldcli flags archive my-flag', 'project my-project', 'service']],
    },
    {
      name: 'ldcli environments delete',
      command: 'ldcli environments delete staging --project my-project',
      details: [['ldcli environments delete staging', 'project my-project', 'service']],
    },
    {
      name: 'unleash features archive',
      command: 'unleash features archive my-toggle',
      details: [['unleash features archive my-toggle', '', 'service']],
    },
    {
      name: 'unleash api-keys delete',
      command: 'unleash api-keys delete key-123',
      details: [['unleash api-keys delete key-123', '', 'service']],
    },
  ]);

  reads([
    { name: 'ldcli flags list', command: 'ldcli flags list --project my-project' },
    { name: 'ldcli flags get', command: 'ldcli flags get my-flag' },
    { name: 'ldcli flags update', command: 'ldcli flags update my-flag --name renamed' },
    { name: 'ldcli --help', command: 'ldcli --help' },
    { name: 'unleash features disable', command: 'unleash features disable my-toggle' },
    { name: 'unleash feature list', command: 'unleash feature list --project default' },
  ]);
});

describe('hosted services: deleting, clearing or putting live is SYSTEM_IMPACT', () => {
  destructive([
    {
      name: 'algolia indices clear',
      command: 'algolia indices clear products',
      details: [['algolia indices clear products', '', 'database']],
    },
    {
      name: 'fastly service version activate names the version',
      command: 'fastly service version activate --version 5',
      details: [['fastly service version activate --version 5', '', 'service']],
    },
    {
      name: 'fastly logging PROVIDER delete',
      command: 'fastly logging s3 delete --name logs',
      details: [['fastly logging s3 delete --name logs', '', 'service']],
    },
    { name: 'fastly purge --all', command: 'fastly purge --all', details: [['fastly purge --all', '', 'service']] },
    {
      name: 'pd service delete',
      command: 'pd service delete P123',
      details: [['pd service delete P123', '', 'service']],
    },
    {
      name: 'circleci context remove-secret',
      command: 'circleci context remove-secret org/my-org context/prod AWS_ACCESS_KEY_ID',
      details: [['circleci context remove-secret org/my-org context/prod AWS_ACCESS_KEY_ID', '', 'privileges']],
    },
  ]);

  reads([
    { name: 'algolia indices browse', command: 'algolia indices browse products' },
    { name: 'algolia search', command: 'algolia search products query' },
    { name: 'fastly service list, no service control', command: 'fastly service list' },
    { name: 'fastly service describe', command: 'fastly service describe --service-id abc123' },
    { name: 'fastly service search', command: 'fastly service search --name myservice' },
    { name: 'pd service get, no service control', command: 'pd service get P123' },
    { name: 'pd service list', command: 'pd service list' },
    { name: 'circleci config validate reads its file', command: 'circleci config validate .circleci/config.yml' },
  ]);
});

describe('server administration: stopping, deleting or running code in the application is SYSTEM_IMPACT', () => {
  destructive([
    {
      name: 'splunk clean eventdata names the index',
      command: 'splunk clean eventdata -index main',
      details: [['splunk clean -index main eventdata', '', 'database']],
    },
    { name: 'splunk stop', command: 'splunk stop', details: [['splunk stop', '', 'service']] },
    {
      name: 'gitlab-rails runner',
      command: 'gitlab-rails runner "Project.destroy_all"',
      details: [['gitlab-rails runner Project.destroy_all', '', 'database']],
    },
    { name: 'kong stop', command: 'kong stop', details: [['kong stop', '', 'service']] },
    {
      name: 'kong migrations reset',
      command: 'kong migrations reset --yes',
      details: [['kong migrations reset', '', 'database']],
    },
  ]);

  reads([
    { name: 'kong check reads its configuration', command: 'kong check conf/kong.conf' },
    { name: 'kong config parse reads its configuration', command: 'kong config parse conf/kong.conf' },
    { name: 'kong health', command: 'kong health' },
    { name: 'promtool check rules reads its rules', command: 'promtool check rules rules.yml' },
    { name: 'promtool check config reads its configuration', command: 'promtool check config prometheus.yml' },
    { name: 'splunk search', command: 'splunk search "index=main" -auth admin:x' },
  ]);

  it('reads the file kong check names, outside the workspace too, never as a write', () => {
    expect(analyzeShell('kong check /etc/kong/kong.conf').pathOperands.map((operand) => operand.role)).toEqual([
      'read',
    ]);
  });
});

describe('decided in a session owning the workspace, with the everyday approvals', () => {
  const workspace = everydayWorkspace();
  it.each<{ name: string; command: string; expected: EverydayDecision }>([
    {
      name: 'allows borg extract into the workspace',
      command: 'borg extract repo::archive',
      expected: { verdict: 'allow', code: 'destructive_in_scope', unapproved: [] },
    },
    {
      name: 'allows kong check of a project file',
      command: 'kong check conf/kong.conf',
      expected: { verdict: 'allow', code: 'destructive_in_scope', unapproved: [] },
    },
    {
      name: 'holds kong check of a file outside the workspace, never refuses it',
      command: 'kong check /etc/kong/kong.conf',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['FS_OUTSIDE_WORKSPACE'] },
    },
    {
      name: 'allows systemctl status',
      command: 'systemctl status haproxy',
      expected: { verdict: 'allow', code: 'destructive_in_scope', unapproved: [] },
    },
    {
      name: 'holds ldcli flags archive',
      command: 'ldcli flags archive my-flag --project my-project',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['SYSTEM_IMPACT'] },
    },
  ])('$name', ({ command, expected }) => {
    const { verdict, code, unapproved } = decideEveryday(workspace, command);
    expect({ verdict, code, unapproved }).toEqual(expected);
  });
});

describe("Kong's decK: syncing, applying or resetting the gateway is SYSTEM_IMPACT, reading it is not", () => {
  destructive([
    {
      name: 'deck gateway sync names the file it makes the gateway match',
      command: 'deck gateway sync kong.yaml',
      details: [['deck gateway sync', 'kong.yaml', 'service']],
    },
    {
      name: 'deck sync, the older verb',
      command: 'deck sync --select-tag production',
      details: [['deck sync', '', 'service']],
    },
    {
      name: 'deck gateway apply',
      command: 'deck gateway apply kong.yaml',
      details: [['deck gateway apply', 'kong.yaml', 'service']],
    },
    {
      name: 'deck gateway reset',
      command: 'deck gateway reset --force',
      details: [['deck gateway reset', '', 'service']],
    },
    { name: 'deck reset, the older verb', command: 'deck reset', details: [['deck reset', '', 'service']] },
  ]);

  reads([
    { name: 'deck diff reads the file it compares', command: 'deck diff --state kong.yaml' },
    { name: 'deck gateway ping', command: 'deck gateway ping' },
    { name: 'deck validate', command: 'deck validate' },
    { name: 'deck --help', command: 'deck --help' },
    { name: 'deck version', command: 'deck version' },
  ]);

  it.each([
    { name: 'deck dump writes kong.yaml by default', command: 'deck dump', written: ['kong.yaml'] },
    {
      name: 'deck dump writes the file --output-file names',
      command: 'deck dump --output-file out.yaml',
      written: ['out.yaml'],
    },
    {
      name: 'a file command reads its input and writes its output',
      command: 'deck file openapi2kong -s spec.yaml -o kong.yaml',
      written: ['kong.yaml'],
    },
  ])('$name', ({ command, written }) => {
    const writes = analyzeShell(command).pathOperands.filter((operand) => operand.role === 'overwrite');
    expect({ command, written: writes.map((operand) => operand.source) }).toEqual({ command, written });
    expect(held(command).asked).toEqual([]);
  });
});
