import path from 'node:path';
import { parseDocument } from 'yaml';

/** The formats a policy file can be written in. */
export const POLICY_FORMATS = ['json', 'yaml'] as const;

/** `json` or `yaml`. */
export type PolicyFormat = (typeof POLICY_FORMATS)[number];

const EXTENSIONS: Readonly<Record<string, PolicyFormat>> = { '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml' };

/** The format a file name's extension says, or undefined for any other extension. */
export function policyFormatOf(file: string): PolicyFormat | undefined {
  const extension = path.extname(file).toLowerCase();
  return Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
}

/** The parsed value, or the syntax issues that stopped parsing. */
export type ParsedText =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: string[] };

function parseJson(text: string): ParsedText {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, issues: [`JSON syntax: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

function parseYaml(text: string): ParsedText {
  // duplicate keys are errors: in a policy the second one would silently win
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      issues: document.errors.map(
        (error) => `YAML syntax: ${(error.message.split('\n')[0] ?? error.code).replace(/:$/, '')}`,
      ),
    };
  }
  try {
    return { ok: true, value: document.toJS({ maxAliasCount: 100 }) as unknown };
  } catch (error) {
    // an alias bomb is refused by the parser; report it like any other bad file
    return { ok: false, issues: [`YAML content: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

/** Parses policy text in the given format, never throwing: syntax problems come back as issues. */
export function parsePolicyText(text: string, format: PolicyFormat): ParsedText {
  return format === 'json' ? parseJson(text) : parseYaml(text);
}
