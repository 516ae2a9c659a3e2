import { chains, wholeModules, words, type CodeVocabulary, type ReadCall } from './codeVocabulary';

// modules whose every member the member list admits is harmless: none reaches the file system,
// a process or the network, and none of their members that could is in the member list
const MODULES = words(`
json sys re math collections itertools functools statistics datetime time string textwrap pprint base64
hashlib csv random uuid decimal fractions operator heapq bisect unicodedata html shlex difflib struct
binascii copy enum dataclasses typing ast
`);

const KEYWORDS = words(`
import from as for in if elif else and or not is None True False lambda while break continue pass with
try except finally def return yield del class assert raise
`);

// python's builtins; those left out of NAMES can reach code, files or the user (open only through its read form)
const BUILTINS = words(`
ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError
BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError
ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception
ExceptionGroup False FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError
ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError
KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError None NotADirectoryError NotImplemented
NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError
PythonFinalizationError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning
StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True
TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError
UnicodeWarning UserWarning ValueError Warning ZeroDivisionError abs aiter all anext any ascii bin bool
breakpoint bytearray bytes callable chr classmethod compile complex copyright credits delattr dict dir divmod
enumerate eval exec exit filter float format frozenset getattr globals hasattr hash help hex id input int
isinstance issubclass iter len license list locals map max memoryview min next object oct open ord pow print
property quit range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip
`);

// hasattr stays: it reads a member named by a string, but only answers whether it is there
const UNSAFE_BUILTINS = words(`
aiter anext breakpoint classmethod compile copyright credits delattr dir eval exec getattr globals help
input license locals memoryview object open property setattr staticmethod super type vars
`);

const MEMBERS = words(`
stdin stdout stderr argv buffer read readline readlines write writelines flush close
version version_info platform executable maxsize byteorder major minor micro
strip lstrip rstrip split rsplit splitlines join replace lower upper title capitalize casefold swapcase
startswith endswith find rfind index rindex count encode decode zfill ljust rjust center partition rpartition
isdigit isalpha isalnum isspace isupper islower isnumeric isdecimal isidentifier removeprefix removesuffix
expandtabs translate maketrans
get keys values items append extend insert pop popitem update setdefault clear sort reverse copy add
discard union intersection difference symmetric_difference issubset issuperset fromkeys
load loads dump dumps JSONDecodeError
sub subn findall finditer search match fullmatch compile group groups groupdict span start end escape
IGNORECASE MULTILINE DOTALL VERBOSE ASCII I M S X A
floor ceil sqrt log log2 log10 exp pi e tau inf nan isnan isinf isclose fabs gcd lcm prod comb perm factorial
trunc hypot sin cos tan
Counter defaultdict OrderedDict namedtuple deque most_common elements appendleft popleft rotate maxlen
chain product permutations combinations combinations_with_replacement groupby islice accumulate
zip_longest starmap takewhile dropwhile cycle repeat pairwise batched from_iterable
reduce partial lru_cache cache cached_property wraps cmp_to_key total_ordering
mean median mode stdev variance pstdev quantiles fmean
datetime date timedelta timezone utc now today utcnow fromisoformat isoformat strftime strptime timestamp
fromtimestamp year month day hour minute second microsecond weekday isoweekday total_seconds days seconds
time sleep monotonic perf_counter localtime gmtime mktime exit
reader writer DictReader DictWriter writerow writerows writeheader fieldnames excel
b64encode b64decode urlsafe_b64encode urlsafe_b64decode b32encode b32decode b16encode b16decode
sha256 sha1 md5 sha512 sha224 sha384 blake2b hexdigest digest
randint randrange choice choices shuffle seed random sample uniform gauss
uuid4 hex
dedent indent fill wrap shorten pprint pformat
ascii_letters ascii_lowercase ascii_uppercase digits hexdigits punctuation whitespace printable capwords
Decimal Fraction quantize numerator denominator limit_denominator
itemgetter truediv floordiv mul
heappush heappop heapify nlargest nsmallest bisect_left bisect_right insort
normalize category unidecode name
quote unescape
unified_diff ndiff get_close_matches SequenceMatcher ratio
pack unpack calcsize hexlify unhexlify crc32
deepcopy
Enum IntEnum auto dataclass field asdict astuple
Any Optional List Dict Tuple Union Callable Iterable
real imag bit_length to_bytes from_bytes is_integer as_integer_ratio
parse dump literal_eval walk unparse get_docstring iter_child_nodes iter_fields NodeVisitor NodeTransformer
Constant NameConstant Num Str Ellipsis body lineno col_offset
__doc__ __name__ __qualname__ __module__ __version__
`);

// os and pathlib can change files: they are reached only through these chains and the read calls
// below, and every member listed gives a string or a number; none gives a Path, whose `replace`
// renames a file (`Path.cwd().replace('x')`) under the name of a string method
const CHAINS = chains(`
os: getcwd sep linesep name curdir pardir extsep cpu_count path
os.path: join basename dirname splitext split normpath abspath relpath isabs sep commonpath
pathlib: Path
Path:
pathlib.Path:
`);

const READ_FILE = new Set(['read_text', 'read_bytes', 'exists', 'is_file', 'is_dir']);

const READS: readonly ReadCall[] = [
  { callee: 'open', rest: 'pythonOpen' },
  { callee: 'os.listdir', rest: 'none', otherwise: '.' },
  { callee: 'os.walk', rest: 'none' },
  ...['exists', 'isfile', 'isdir', 'getsize', 'getmtime', 'islink'].map((name): ReadCall => ({
    callee: `os.path.${name}`,
    rest: 'none',
  })),
  { callee: 'Path', rest: 'none', then: READ_FILE },
  { callee: 'pathlib.Path', rest: 'none', then: READ_FILE },
];

const MODULE_USES = wholeModules(MODULES);
MODULE_USES.set('os', { name: 'os', whole: false });
MODULE_USES.set('os.path', { name: 'os', whole: false });
MODULE_USES.set('pathlib', { name: 'pathlib', whole: false, exports: new Set(['Path']) });

/** Python's read-only vocabulary. */
export const PYTHON_VOCABULARY: CodeVocabulary = {
  names: new Set([...KEYWORDS, ...MODULES, ...[...BUILTINS].filter((name) => !UNSAFE_BUILTINS.has(name))]),
  members: MEMBERS,
  memberAccess: new Set(['.']),
  chains: CHAINS,
  reads: READS,
  modules: MODULE_USES,
  // a name python resolves without the code binding it is a builtin (or, private, a module's own): any
  // other either holds what the code gave it or is unbound, which stops the code
  ownName: (name) => !BUILTINS.has(name) && !name.startsWith('_') && !CHAINS.has(name),
  ownNames: 'anywhere',
  codeOptions: new Set(),
  lineLoopOptions: new Set(),
};
