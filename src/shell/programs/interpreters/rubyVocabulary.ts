import { chains, wholeModules, words, type CodeVocabulary, type ReadCall } from './codeVocabulary';

const KEYWORDS = words(`
do end if unless else elsif while until then and or not nil true false case when in for begin rescue ensure
return next break
`);

// Kernel's methods that only print or compute, and classes whose members the member list admits
const GLOBALS = words(`
puts print p pp printf sprintf format rand sleep exit abort raise
RUBY_VERSION RUBY_PLATFORM RUBY_ENGINE RUBY_ENGINE_VERSION RUBY_RELEASE_DATE RUBY_PATCHLEVEL ARGV
JSON Set Time Date Math Integer Float String Array Hash
`);

// never a member that reaches code or a capability: no send, method, eval, instance_*, const_get, open,
// call, to_proc, load (JSON.load builds objects); a symbol's name is checked as a member, since
// `inject(:name)` and `&:name` call the method it names
const MEMBERS = words(`
to_s to_i to_f to_a to_h inspect length size upcase downcase capitalize swapcase strip lstrip rstrip chomp chop
split join map each each_with_index each_with_object each_slice each_cons select reject filter filter_map find
detect sort sort_by min max min_by max_by minmax sum count uniq flatten compact first last take drop
take_while drop_while reverse include? start_with? end_with? empty? nil? any? all? none? zero? positive?
negative? even? odd? keys values key? has_key? has_value? value? fetch dig merge zip group_by partition tally
chunk_while slice_when succ pred abs round floor ceil times upto downto step gsub sub chars bytes lines
each_line each_char index rindex slice freeze frozen? dup encoding bytesize unpack pack ljust rjust center
squeeze tr strftime year month day hour min sec wday yday now today parse generate pretty_generate to_json
push pop shift unshift concat sqrt PI E new version name
map! select! reject! sort! sort_by! uniq! reverse! flatten! compact! strip! chomp! upcase! downcase! gsub!
`);

const CHAINS = chains(`
File: basename dirname extname join SEPARATOR
Dir: pwd
$stdout: puts print write printf flush sync
$stderr: puts print write printf flush sync
`);

// a path that starts with '|' is a command to IO.read, which File.read inherits in older rubies
const NOT_A_PIPE = /^[^|\s]/;

const READS: readonly ReadCall[] = [
  ...['read', 'readlines', 'exist?', 'file?', 'directory?', 'size'].map((name): ReadCall => ({
    callee: `File.${name}`,
    rest: 'none',
    literal: NOT_A_PIPE,
  })),
  ...['entries', 'children', 'exist?'].map((name): ReadCall => ({
    callee: `Dir.${name}`,
    rest: 'none',
    literal: NOT_A_PIPE,
  })),
];

// the methods every object, main among them, answers without a receiver: a name the code binds
// may not be one of them, since ruby reads such a name as a call where it is not a local variable
const KERNEL_METHODS = words(`
Array Complex Float Hash Integer Rational String abort at_exit autoload autoload? binding block_given? callcc
caller caller_locations catch eval exec exit exit! fail fork format gem gets global_variables iterator? lambda
load local_variables loop open p pp print printf proc putc puts raise rand readline readlines require
require_relative select set_trace_func sleep spawn sprintf srand syscall system test throw trace_var trap
untrace_var warn class clone define_singleton_method display dup enum_for extend freeze frozen? hash inspect
instance_of? instance_variable_get instance_variable_set instance_variables instance_eval instance_exec is_a?
itself kind_of? method methods nil? object_id public_method public_send respond_to? send singleton_class
singleton_methods tap then to_enum to_s yield_self define_method include private public using j jj
`);

/** Ruby's read-only vocabulary, for the code `ruby -e` runs. */
export const RUBY_VOCABULARY: CodeVocabulary = {
  names: new Set([...KEYWORDS, ...GLOBALS]),
  members: MEMBERS,
  memberAccess: new Set(['.', '&.', '::']),
  chains: CHAINS,
  reads: READS,
  modules: wholeModules(words('json set pp time date')),
  ownName: (name) => /^[a-z_][A-Za-z0-9_]*$/.test(name) && !KERNEL_METHODS.has(name),
  ownNames: 'boundNotCalled',
  codeOptions: words('-r -I'),
  // ruby's -n and -p read ARGF, whose files are opened as perl's are, to be safe
  lineLoopOptions: words('-n -p -a'),
};
