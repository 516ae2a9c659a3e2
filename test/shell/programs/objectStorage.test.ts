import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { RiskCategory } from '../../../src/index';
import {
  EXEC,
  expectCategories,
  expectOperands,
  NET,
  ONLY_EXEC,
  SYS,
  type CategoryCase,
  type OperandCase,
} from '../support';
import { decideEveryday, everydayWorkspace, type EverydayDecision } from '../../support/everydaySession';

// mc, MinIO's client (src/shell/programs/services/objectStorageSpecs.ts, objectStorageReader.ts):
// a verb that may reach the server is NETWORK_RISK naming the alias; removing objects or buckets,
// a mirror that removes, and a verb that changes a bucket's settings or the server are
// SYSTEM_IMPACT naming the verb and what it acts on. Paths are files here, as mc's aliases are not read.

describe('mc verbs', () => {
  it.each<CategoryCase>([
    { name: 'reads mc ls as a call to the server', command: 'mc ls myminio/bucket', expected: [NET, EXEC] },
    { name: 'reads a global flag before the verb', command: 'mc --json ls myminio/bucket', expected: [NET, EXEC] },
    {
      name: 'reads mc cat, head and stat as reads',
      command: 'mc cat a/b/f; mc head a/b/f; mc stat a/b/f',
      expected: [NET, EXEC],
    },
    { name: 'reads mc cp as a transfer', command: 'mc cp localfile myminio/bucket/', expected: [NET, EXEC] },
    { name: 'reads mc find with its filters', command: "mc find myminio/bucket --name '*.txt'", expected: [NET, EXEC] },
    { name: 'reads mc admin info as a read', command: 'mc admin info myminio', expected: [NET, EXEC] },
    { name: 'reads mc admin user list as a read', command: 'mc admin user list myminio', expected: [NET, EXEC] },
    {
      name: 'reads mc mirror without --remove as a transfer',
      command: 'mc mirror myminio/src ./backup',
      expected: [NET, EXEC],
    },
    { name: 'reads mc rm --dry-run as no removal', command: 'mc rm --dry-run myminio/bucket/f', expected: [NET, EXEC] },
    { name: 'reads mc --help as local', command: 'mc --help', expected: ONLY_EXEC },
    { name: 'reads mc alias list as local', command: 'mc alias list', expected: ONLY_EXEC },
    { name: 'reads mc version alone as its usage', command: 'mc version', expected: ONLY_EXEC },
    { name: 'reads mc rb as a removal', command: 'mc rb --force myminio/bucket', expected: [SYS, NET, EXEC] },
    { name: 'reads mc rm as a removal', command: 'mc rm --recursive myminio/bucket/', expected: [SYS, NET, EXEC] },
    {
      name: 'reads mc mirror --remove as a removal, the flag last',
      command: 'mc mirror myminio/src myminio/dst --remove',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads mc mv as a removal at the source',
      command: 'mc mv myminio/a/x myminio/b/',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads mc admin user remove as a change',
      command: 'mc admin user remove myminio alice',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads mc admin policy unset as a change',
      command: 'mc admin policy unset myminio p',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads an admin verb not described as a change',
      command: 'mc admin bucket delete myminio b',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads a bucket made public as a change',
      command: 'mc anonymous set public myminio/b',
      expected: [SYS, NET, EXEC],
    },
    { name: 'reads a verb not described as a change', command: 'mc undo myminio/b/f', expected: [SYS, NET, EXEC] },
  ])('$name', expectCategories);

  it.each<OperandCase>([
    {
      name: 'reads the source of mc cp and writes its target',
      command: 'mc cp myminio/bucket/file.txt ./local',
      expected: [
        ['myminio/bucket/file.txt', 'read'],
        ['./local', 'overwrite'],
      ],
    },
    { name: 'deletes what mc rm names', command: 'mc rm old.txt', expected: [['old.txt', 'delete']] },
    { name: 'reads no file of an admin call', command: 'mc admin user list myminio', expected: [] },
    {
      name: "reads a verb's operands not described as possible writes",
      command: 'mc od if=a/b of=out.bin',
      expected: [
        ['if=a/b', 'overwrite'],
        ['of=out.bin', 'overwrite'],
      ],
    },
  ])('$name', expectOperands);

  it('fails closed on a find --exec built at run time', () => {
    expect(analyzeShell('mc find myminio/b --exec "$CMD"').unknowable).toContain('mc find --exec');
  });
});

/** The details of the findings of `category`, for the what and where of a held call. */
const detailsOf = (command: string, category: RiskCategory): (readonly string[])[] =>
  analyzeShell(command)
    .findings.filter((finding) => finding.category === category)
    .map((finding) => finding.details);

describe('what mc reaches and removes, in its findings', () => {
  it.each([
    {
      name: 'names the alias of a path',
      command: 'mc ls myminio/bucket',
      details: [['myminio', 'mc ls', 'object storage']],
    },
    {
      name: 'names the alias of the remote path of a copy',
      command: 'mc cp localfile myminio/bucket/',
      details: [['myminio', 'mc cp', 'object storage']],
    },
    {
      name: 'names a bare alias',
      command: 'mc admin info myminio',
      details: [['myminio', 'mc admin', 'object storage']],
    },
  ])('NETWORK_RISK $name', ({ command, details }) => {
    expect(detailsOf(command, 'NETWORK_RISK')).toEqual(details);
  });

  it.each([
    { name: 'of mc rb', command: 'mc rb --force myminio/bucket', details: [['mc rb', 'myminio/bucket', 'database']] },
    {
      name: 'of mc admin user remove',
      command: 'mc admin user remove myminio alice',
      details: [['mc admin user remove', 'myminio alice', 'service']],
    },
  ])('SYSTEM_IMPACT names what and where $name', ({ command, details }) => {
    expect(detailsOf(command, 'SYSTEM_IMPACT')).toEqual(details);
  });
});

describe('mc decided in a session owning the workspace', () => {
  const workspace = everydayWorkspace({ repository: true, files: ['localfile'] });
  it.each<{ name: string; command: string; expected: EverydayDecision }>([
    {
      name: 'holds a copy to a bucket for the network, not refused as a link',
      command: 'mc cp localfile myminio/bucket/',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['NETWORK_RISK'] },
    },
    {
      name: 'holds a find for the network, not refused as a link',
      command: "mc find myminio/bucket --name '*.txt'",
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['NETWORK_RISK'] },
    },
    {
      name: 'holds a bucket removal as a system change',
      command: 'mc rb myminio/bucket',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['SYSTEM_IMPACT', 'NETWORK_RISK'] },
    },
  ])('$name', ({ command, expected }) => {
    const { verdict, code, unapproved } = decideEveryday(workspace, command);
    expect({ verdict, code, unapproved }).toEqual(expected);
  });
});
