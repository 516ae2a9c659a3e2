import type { StdinSource } from '../stdinSource';
import type { Catalog } from './catalog';
import type { CommandEffects } from './commandEffects';
import type { CommandReading } from './commandReading';
import type { ReaderName } from './commandSpec';

/** What a bespoke reader is given besides the reading. */
export interface ReaderSite {
  readonly catalog: Catalog;
  /** where the command's stdin comes from, worked out only when asked */
  readonly stdin: () => StdinSource;
  /** its words were searched for commands already: it was found among an unknown program's words, or runs inside one that was */
  readonly wordsSearched: boolean;
}

/** A bespoke reader: what data cannot say about a program, as effects. */
export interface Reader {
  readonly read: (reading: CommandReading, site: ReaderSite) => CommandEffects;
  /** the reader reads the program's arguments itself: the spec's option and operand roles are not applied */
  readonly readsArguments: boolean;
}

/** Every bespoke reader, by the name a spec gives in `reader`. */
export type ReaderRegistry = Readonly<Record<ReaderName, Reader>>;
