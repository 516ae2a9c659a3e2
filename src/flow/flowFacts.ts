import type { Evidence } from '../categories/evidence';
import type { RiskCategory } from '../categories/riskCategories';
import type { ToolKindSpec } from '../tools/toolKinds';
import type { ToolPath } from '../tools/toolRequest';

/** What the flow rules read of a decided call: all of it comes from the decision's own reading. */
export interface FlowFacts {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** the tool's kind, as the catalog or the host's kinds name it */
  readonly kind: ToolKindSpec | undefined;
  readonly categories: readonly RiskCategory[];
  readonly evidence: readonly Evidence[];
  /** a shell command's distinct simple commands, word by word; empty for other tools */
  readonly commands: readonly (readonly string[])[];
  /** every path the call names, read or changed, as the lifecycle checks them */
  readonly paths: readonly ToolPath[];
  /** the hosts of every URL the call's arguments and commands name; read only when a mark is set */
  hosts(): readonly string[];
}

/** A program's name without its folder: `/usr/bin/curl` is `curl`. */
export const programOf = (words: readonly string[]): string => (words[0] ?? '').split('/').at(-1) ?? '';

/** The words after the program that are not options. */
export const operandsOf = (words: readonly string[]): readonly string[] =>
  words.slice(1).filter((word) => !word.startsWith('-'));
