import type { ShellWord } from '../words/shellWord';
import type { PrintsStdin, StdinSource } from '../words/stdinSource';
import type { CatalogNode } from './catalogNode';
import type { CommandSpec } from './commandSpec';
import type { CommandEffects } from './commandEffects';
import type { CommandReading } from './commandReading';
import type { EnvironmentReader } from './environmentCode';
import type { ReaderName } from './commandSpec';
import type { RuleCheckRegistry, RuleMatch } from './ruleMatch';

export type { RuleCheckRegistry, RuleCheckTest } from './ruleMatch';

/** What a bespoke reader is given besides the reading. */
export interface ReaderSite {
  readonly catalog: Catalog;
  /** where the command's stdin comes from, worked out only when asked */
  readonly stdin: () => StdinSource;
  /** its words were searched for commands already: it was found among an unknown program's words, or runs inside one that was */
  readonly wordsSearched: boolean;
}

/** The three details of a finding, in its category's order (seed 002 C). */
export type FindingDetails = readonly [string, string, string];

/** How a program's request reads, as its options give it (`curl -d x URL`: a POST that uploads). */
export interface ProgramRequest {
  /** shown after the program's name (`curl POST`); '' when the options give none */
  readonly method: string;
  /** it sends data, a form, a file or a body: the request's purpose is an upload */
  readonly upload: boolean;
}

/**
 * What the findings of a program's rules say that the shared reading of their category cannot
 * (the refs and remote of `git push`): the program's reader carries it, so the rule findings name no program.
 */
export interface ProgramFindingDetails {
  /** GIT_PUBLISH details of a matched rule, from the operands it reads; undefined leaves the shared ones */
  readonly publish?: (
    reading: CommandReading,
    match: RuleMatch,
    operands: readonly ShellWord[],
  ) => FindingDetails | undefined;
  /** SYSTEM_IMPACT details of a matched rule (what it destroys, where), from the operands it reads; undefined leaves the shared ones */
  readonly system?: (
    reading: CommandReading,
    match: RuleMatch,
    operands: readonly ShellWord[],
  ) => FindingDetails | undefined;
  /** NETWORK_RISK: the method of its request and whether it uploads, which its options say; the URL or host is read from the operands */
  readonly request?: (reading: CommandReading) => ProgramRequest;
  /** where a NETWORK_RISK rule's command goes when its operands name no URL or host ('' when not known) */
  readonly networkPlace?: (reading: CommandReading, operands: readonly ShellWord[]) => string;
  /** where an install's or publish's NETWORK_RISK goes when its operands name no URL or host ('' when not known) */
  readonly companionPlace?: (reading: CommandReading, operands: readonly ShellWord[]) => string;
}

/** A bespoke reader: what data cannot say about a program, as effects. */
export interface Reader {
  readonly read: (reading: CommandReading, site: ReaderSite) => CommandEffects;
  /** the reader reads the program's arguments itself: the spec's option and operand roles are not applied */
  readonly readsArguments: boolean;
  /** what its program's rule findings say beyond their category's shared details */
  readonly findingDetails?: ProgramFindingDetails;
}

/** Every bespoke reader, by the name a spec gives in `reader`. */
export type ReaderRegistry = Readonly<Record<ReaderName, Reader>>;

/** What inline code in the reading's language (`python -c CODE`, `node -e CODE`) does. */
export type InlineCodeReader = (code: string, reading: Pick<CommandReading, 'name' | 'command'>) => CommandEffects;

/**
 * What the program families give the spec language in code, by name: their readers, their
 * rules' checks, the reader of inline code, what their programs read from the environment and
 * which of them print their stdin as it is. The catalog carries it, so the mechanism that reads
 * a spec or a line reaches a family's code without naming the family.
 */
export interface FamilyCode {
  readonly readers: ReaderRegistry;
  readonly checks: RuleCheckRegistry;
  readonly inlineCode: InlineCodeReader;
  /** the variables the families' programs read: those choosing code, those holding a command line */
  readonly environment: EnvironmentReader;
  /** whether the program of this name, given no operand but '-', prints its stdin as it is (`cat <<EOF | sh`) */
  readonly printsStdin: PrintsStdin;
}

/**
 * A command catalog: what intentgate knows about each program, looked up by the name a command
 * runs under. Declared here, beside the readers it carries; built by createCatalog (catalog.ts).
 */
export interface Catalog {
  /** The program a command name runs, by name, alias, versioned name (`python3.12`) or family (`mkfs.ext4`). */
  lookup(name: string): CatalogNode | undefined;
  /** Every program of the catalog by its primary name, in the order the specs list them. */
  readonly programs: ReadonlyMap<string, CommandSpec>;
  /** the readers, rule checks and inline-code reader the specs name, as the families register them */
  readonly code: FamilyCode;
}
