import { wholeModules, words, type CodeVocabulary } from './codeVocabulary';

// perl's functions that only print or compute; its file, process and code functions (open, system,
// unlink, eval, do, require, sort with a named comparator) are left out
const NAMES = words(`
print say printf sprintf length uc lc ucfirst lcfirst join reverse scalar abs int sqrt chr ord hex oct
substr index rindex defined time localtime gmtime exit die warn chomp chop map grep push pop shift unshift
split my if elsif else unless while until for foreach last next return and or not eq ne lt gt le ge cmp x
STDOUT STDERR
`);

/** Perl's read-only vocabulary, for the code `perl -e` runs: no member access (its `.` joins strings) and no read calls. */
export const PERL_VOCABULARY: CodeVocabulary = {
  names: NAMES,
  members: new Set(),
  memberAccess: new Set(),
  chains: new Map(),
  reads: [],
  modules: wholeModules(words('strict warnings feature utf8')),
  // a variable (`$x`, `@x`) is the code's own wherever it stands: perl calls no function through one without `&` or `->`
  ownName: (name) => /^[$@]/.test(name),
  ownNames: 'anywhere',
  // an include folder puts files before the standard library, which `use strict` then loads
  codeOptions: words('-M -m -I'),
  lineLoopOptions: words('-n -p -a -F'),
};
