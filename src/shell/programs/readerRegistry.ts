import type { FamilyCode, InlineCodeReader, ReaderRegistry, RuleCheckRegistry } from '../catalog/reader';
import { NO_FAMILY_CODE } from '../catalog/catalog';
import { BUILTIN_ENVIRONMENT, BUILTIN_FAMILIES } from './builtinFamilies';
import { registryOf } from '../registry/programFamily';

/** Every bespoke reader, by the name a spec gives in `reader`. */
export const READERS: ReaderRegistry = registryOf(BUILTIN_FAMILIES, (family) => family.readers, 'reader');

/** Every named check of a rule's `when`, by the name a rule gives in `when.check`. */
export const RULE_CHECKS: RuleCheckRegistry = registryOf(BUILTIN_FAMILIES, (family) => family.checks, 'rule check');

/** The families' reader of inline code: the interpreters'. */
const INLINE_CODE: InlineCodeReader | undefined = BUILTIN_FAMILIES.find(
  (family) => family.inlineCode !== undefined,
)?.inlineCode;

/** The programs that print their stdin as it is, of every family. */
const STDIN_PRINTERS: ReadonlySet<string> = new Set(BUILTIN_FAMILIES.flatMap((family) => family.stdinPrinters ?? []));

/** What the built-in families give the spec language in code: their readers, checks, inline-code reader and environment. */
export const BUILTIN_FAMILY_CODE: FamilyCode = Object.freeze<FamilyCode>({
  readers: READERS,
  checks: RULE_CHECKS,
  inlineCode: INLINE_CODE ?? NO_FAMILY_CODE.inlineCode,
  environment: BUILTIN_ENVIRONMENT,
  printsStdin: (name) => STDIN_PRINTERS.has(name),
});
