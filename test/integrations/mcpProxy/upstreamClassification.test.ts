import { describe, expect, it } from 'vitest';
import { toolsTurnedMutating } from '../../../src/integrations/mcpProxy/annotationDrift';
import {
  annotatedClass,
  classificationFromAnnotations,
  type UpstreamTool,
} from '../../../src/integrations/mcpProxy/upstreamClassification';

const readOnly = { readOnlyHint: true };
const mutating = { readOnlyHint: false, destructiveHint: true };
const additive = { readOnlyHint: false, destructiveHint: false };

const cases: { name: string; tool: UpstreamTool; trusted: boolean; expected: 'SAFE' | 'DESTRUCTIVE' | undefined }[] = [
  {
    name: 'a trusted readOnlyHint makes an unknown tool SAFE',
    tool: { name: 'read_text_file', annotations: readOnly },
    trusted: true,
    expected: 'SAFE',
  },
  {
    name: 'an untrusted readOnlyHint leaves an unknown tool unclassified (DESTRUCTIVE)',
    tool: { name: 'read_text_file', annotations: readOnly },
    trusted: false,
    expected: undefined,
  },
  {
    name: 'a trusted readOnlyHint does not weaken a seed DESTRUCTIVE name',
    tool: { name: 'edit_file', annotations: readOnly },
    trusted: true,
    expected: undefined,
  },
  {
    name: 'a trusted readOnlyHint on a seed SAFE name changes nothing',
    tool: { name: 'read_file', annotations: readOnly },
    trusted: true,
    expected: undefined,
  },
  {
    name: 'an untrusted mutating claim tightens a seed SAFE name',
    tool: { name: 'read_file', annotations: mutating },
    trusted: false,
    expected: 'DESTRUCTIVE',
  },
  {
    name: 'a trusted mutating claim tightens a seed SAFE name',
    tool: { name: 'search_files', annotations: { readOnlyHint: false } },
    trusted: true,
    expected: 'DESTRUCTIVE',
  },
  {
    name: 'a trusted mutating claim classifies an unknown tool DESTRUCTIVE',
    tool: { name: 'write_file', annotations: mutating },
    trusted: true,
    expected: 'DESTRUCTIVE',
  },
  {
    name: 'a trusted additive claim (destructiveHint false) is still DESTRUCTIVE',
    tool: { name: 'create_directory', annotations: additive },
    trusted: true,
    expected: 'DESTRUCTIVE',
  },
  {
    name: 'readOnlyHint with destructiveHint true counts as mutating',
    tool: { name: 'odd_tool', annotations: { readOnlyHint: true, destructiveHint: true } },
    trusted: true,
    expected: 'DESTRUCTIVE',
  },
  { name: 'no annotations claim nothing', tool: { name: 'mystery' }, trusted: true, expected: undefined },
  {
    name: 'empty annotations claim nothing',
    tool: { name: 'mystery', annotations: {} },
    trusted: true,
    expected: undefined,
  },
];

describe('annotatedClass', () => {
  it.each(cases)('$name', ({ tool, trusted, expected }) => {
    expect(annotatedClass(tool, trusted)).toBe(expected);
  });
});

describe('classificationFromAnnotations', () => {
  const tools: UpstreamTool[] = [
    { name: 'read_text_file', annotations: readOnly },
    { name: 'write_file', annotations: mutating },
    { name: '__proto__', annotations: readOnly },
    { name: ' padded ', annotations: readOnly },
  ];

  it('builds own keys only, skipping names createGovernor would refuse', () => {
    const classes = classificationFromAnnotations(tools, true);
    expect(Object.entries(classes)).toEqual([
      ['read_text_file', 'SAFE'],
      ['write_file', 'DESTRUCTIVE'],
      ['__proto__', 'SAFE'],
    ]);
    expect(Object.getPrototypeOf(classes)).toBe(Object.prototype);
  });

  it('gives nothing SAFE for an untrusted upstream', () => {
    expect(Object.values(classificationFromAnnotations(tools, false))).not.toContain('SAFE');
  });
});

describe('toolsTurnedMutating', () => {
  const classOf = (name: string) => (name === 'read_text_file' || name === 'mine' ? 'SAFE' : 'DESTRUCTIVE');

  it('holds back a SAFE tool whose annotations now claim a change, unless the host classified it', () => {
    const tools: UpstreamTool[] = [
      { name: 'read_text_file', annotations: mutating },
      { name: 'mine', annotations: mutating },
      { name: 'write_file', annotations: mutating },
    ];
    expect([...toolsTurnedMutating(tools, classOf, new Set(['mine']))]).toEqual(['read_text_file']);
  });
});
