import type { PathRole } from './shellAnalysis';

/** How a command uses its operands as paths; `valued` options take a value that is not an operand. */
export interface PathGrammar {
  readonly valued: readonly string[];
  /** the role of every operand, or of the sources when `lastRole` is set */
  readonly role: PathRole | 'none';
  /** the last operand's role (`cp src dst`: dst is overwritten) */
  readonly lastRole?: PathRole;
  /** options whose value is the destination directory (`cp -t DIR`): every operand is then a source */
  readonly targetOptions?: readonly string[];
  /** operands to skip first: a pattern (grep), a mode (chmod), a jq filter, an awk program */
  readonly skipFirst?: boolean;
  /** options that give the pattern/mode instead, so no operand is skipped (`grep -e`, `chmod --reference`) */
  readonly unlessOptions?: readonly string[];
  /** options whose value is a file written (`sort -o`, `curl -o`) */
  readonly outputOptions?: readonly string[];
  /** options whose value is a file read (`grep -f`, `touch -r`) */
  readonly inputOptions?: readonly string[];
  /** operands written `name=value` are variable assignments, not files (awk) */
  readonly assignmentOperands?: boolean;
}
