import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { policyJsonSchema } from '../../src/policy/policyJsonSchema';
import { policySchema } from '../../src/policy/policySchema';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    default:
      return typeof value === type;
  }
}

/** The keywords z.toJSONSchema emits for the policy, checked by hand: enough to tell valid from invalid. */
function errors(schema: Schema, value: unknown, at = '$'): string[] {
  const found: string[] = [];
  const sub = (key: string): Schema | undefined => (isObject(schema[key]) ? (schema[key] as Schema) : undefined);
  if (schema.type !== undefined && !typeMatches(schema.type, value)) return [`${at}: not ${String(schema.type)}`];
  if ('const' in schema && schema.const !== value) found.push(`${at}: not ${String(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) found.push(`${at}: not in enum`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) found.push(`${at}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) found.push(`${at}: above maximum`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      found.push(`${at}: not above exclusiveMinimum`);
  }
  if (typeof value === 'string' && typeof schema.minLength === 'number' && value.length < schema.minLength)
    found.push(`${at}: too short`);
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) found.push(`${at}: too few items`);
    const items = sub('items');
    if (items) value.forEach((item, index) => found.push(...errors(items, item, `${at}[${index}]`)));
  }
  if (isObject(value)) {
    const properties = sub('properties') ?? {};
    for (const key of Array.isArray(schema.required) ? schema.required : [])
      if (!(key in value)) found.push(`${at}.${String(key)}: required`);
    for (const [key, item] of Object.entries(value)) {
      const property = properties[key];
      if (isObject(property)) found.push(...errors(property, item, `${at}.${key}`));
      else if (schema.additionalProperties === false) found.push(`${at}.${key}: not allowed`);
      else if (isObject(schema.additionalProperties))
        found.push(...errors(schema.additionalProperties, item, `${at}.${key}`));
    }
  }
  for (const key of ['oneOf', 'anyOf']) {
    const options = schema[key];
    if (Array.isArray(options) && !options.some((option) => isObject(option) && errors(option, value, at).length === 0))
      found.push(`${at}: matches no ${key} option`);
  }
  return found;
}

const VALID_POLICY = parse(`
version: 1
workspaceRoot: .
safeMode: true
locale: ru
classification:
  web_fetch: SAFE
  run_shell_command: DESTRUCTIVE
  read_notes: { class: SAFE, examples: [{ args: { path: notes.md } }], notExamples: [{ args: { path: .env } }] }
modes: { ask: { tools: [read_*] } }
intents: [{ id: INT-1, owned_scope: [src/**], constraints: [keep the API] }]
toolKinds:
  run_shell_command:
    kind: shell
    command: command
    examples: [{ args: { command: npm i x }, categories: [DEPS_INSTALL_UPDATE] }]
  web_fetch: { kind: web, url: url }
checks: [{ tool: read_file, state: REQUEST, verdict: allow }]
service: { port: 8787, prefix: /slavik, maxSessions: 5 }
mcp: { trustedServers: [secure-filesystem-server] }
`) as unknown;

describe('policyJsonSchema', () => {
  const schema = policyJsonSchema();

  it('is a draft 2020-12 object schema that forbids unknown keys and requires the version', () => {
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      additionalProperties: false,
      required: ['version'],
    });
  });

  it('has a property for each top-level key of the policy', () => {
    expect(Object.keys(schema.properties as object)).toEqual(Object.keys(policySchema.shape));
  });

  it('survives a JSON round trip: nothing in it is a function or a custom type', () => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it('accepts a valid policy', () => {
    expect(policySchema.safeParse(VALID_POLICY).success).toBe(true);
    expect(errors(schema, VALID_POLICY)).toEqual([]);
  });

  const INVALID = [
    { name: 'a wrong version', patch: { version: 2 }, error: '$.version: not 1' },
    { name: 'an unknown key', patch: { colour: 'blue' }, error: '$.colour: not allowed' },
    {
      name: 'an unknown class',
      patch: { classification: { x: 'MAYBE' } },
      error: '$.classification.x: matches no anyOf option',
    },
    {
      name: 'a rule with an unknown class',
      patch: { classification: { x: { class: 'MAYBE' } } },
      error: '$.classification.x: matches no anyOf option',
    },
    {
      name: 'a trusted server with an empty name',
      patch: { mcp: { trustedServers: [''] } },
      error: '$.mcp.trustedServers[0]: too short',
    },
    {
      name: 'an unknown tool kind',
      patch: { toolKinds: { x: { kind: 'bash', command: 'c' } } },
      error: '$.toolKinds.x: matches no oneOf option',
    },
    { name: 'a port out of range', patch: { service: { port: 70000 } }, error: '$.service.port: above maximum' },
  ];

  it.each(INVALID)('rejects $name, as the zod schema does', ({ patch, error }) => {
    const value = { ...(VALID_POLICY as object), ...patch };
    expect(errors(schema, value)).toContain(error);
    expect(policySchema.safeParse(value).success).toBe(false);
  });
});
