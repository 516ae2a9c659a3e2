/** What stands for a secret inside a text: one word, inert to the shell, to URLs and to globs. */
export const REDACTED_WORD = '__redacted__';

/**
 * How a text is read: `shell` for a command line, where a value that starts with an expansion
 * (`$TOKEN`, `$(...)`, a backquote) is not a literal secret and is kept for the decision; `plain`
 * for any other text, where every non-blank character of a value is literal.
 */
export type TextMode = 'shell' | 'plain';

// words that make a name secret-looking, compared on the name lowercased without '_', '-' or '.'
const SECRET_WORDS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'accesskey',
  'privatekey',
  'authorization',
  'credential',
  'cookie',
];
const SECRET_NAMES: ReadonlySet<string> = new Set(['pwd', 'pass', 'auth', 'pat']);
// a name ending so names a place or a label, not the secret itself: `token_file`, `secret_name`, `password_env`
const NOT_SECRET_ENDINGS = [
  'file',
  'files',
  'path',
  'dir',
  'env',
  'name',
  'names',
  'id',
  'ids',
  'count',
  'limit',
  'url',
  'uri',
  'type',
  'length',
  'stdin',
  'ttl',
  'expiry',
  'expires',
  'tokens',
];

/** Whether an argument key, a variable or a flag name looks like it holds a secret. */
export function isSecretName(name: string): boolean {
  const folded = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (folded === '' || NOT_SECRET_ENDINGS.some((ending) => folded.endsWith(ending) && folded !== ending)) return false;
  return SECRET_NAMES.has(folded) || SECRET_WORDS.some((word) => folded.includes(word));
}

// a value as the shell reads it: a quoted string, or a run of characters with no expansion, quote or operator
const SHELL_VALUE = String.raw`'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[^\s'"\x60$;|&<>(){}\\]+`;
// a value in any other text: a quoted string, or a run of non-blank characters
const PLAIN_VALUE = String.raw`'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[^\s'"<>,;]+`;

const valueFor = (mode: TextMode): string => (mode === 'shell' ? SHELL_VALUE : PLAIN_VALUE);

/** A value replaced by the marker, its quotes kept; a double-quoted one that runs a command is kept whole. */
function redactValue(value: string, mode: TextMode): string {
  const quote = value[0];
  if (quote === "'" || quote === '"') {
    if (mode === 'shell' && quote === '"' && /\$\(|\x60/.test(value)) return value;
    return value.length <= 2 ? value : `${quote}${REDACTED_WORD}${quote}`;
  }
  return REDACTED_WORD;
}

// a value an earlier rule redacted (`Bearer __redacted__`, `user:__redacted__@host`), or a header's scheme word, is left as it is
const isSettled = (value: string): boolean =>
  value.includes(REDACTED_WORD) || /^(?:bearer|basic|token|digest|negotiate)$/i.test(value);

/** One rule: a pattern and how a match is rewritten. */
interface TextRule {
  readonly pattern: (mode: TextMode) => RegExp;
  readonly rewrite: (mode: TextMode, groups: Readonly<Record<string, string | undefined>>, match: string) => string;
}

const group = (groups: Readonly<Record<string, string | undefined>>, name: string): string => groups[name] ?? '';

// a URL's password as a shell word holds it (up to a quote, a substitution or an operator), or as text does
const URL_PASSWORD_IN_SHELL = String.raw`[^\s/?#@'"\x60$;|&<>(){}\\]+`;
const URL_PASSWORD = String.raw`[^\s/?#@'"<>]+`;
// curl's -u password, up to the same ends
const CURL_PASSWORD_IN_SHELL = String.raw`[^\s'"\x60$;|&<>(){}\\]+`;
const CURL_PASSWORD = String.raw`[^\s'"<>]+`;
const RULES: readonly TextRule[] = [
  // a private key block, whole (cut short in a capped text, to the end)
  {
    pattern: () => /-----BEGIN (?<kind>[A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
    rewrite: (_mode, groups) =>
      `-----BEGIN ${group(groups, 'kind')}PRIVATE KEY-----${REDACTED_WORD}-----END ${group(groups, 'kind')}PRIVATE KEY-----`,
  },
  // credentials in a URL: the password, or a user alone on http(s) and ftp (a token often stands there)
  {
    pattern: (mode) =>
      new RegExp(
        String.raw`(?<![A-Za-z0-9+.-])(?<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?<user>[^\s/?#@:'"<>]*)` +
          String.raw`(?::(?<password>${mode === 'shell' ? URL_PASSWORD_IN_SHELL : URL_PASSWORD}))?@`,
        'g',
      ),
    rewrite: (_mode, groups, match) => {
      const scheme = group(groups, 'scheme');
      if (groups.password !== undefined) return `${scheme}${group(groups, 'user')}:${REDACTED_WORD}@`;
      return /^(?:https?|ftps?):\/\/$/i.test(scheme) && group(groups, 'user') !== ''
        ? `${scheme}${REDACTED_WORD}@`
        : match;
    },
  },
  // a header that carries credentials, in a command (`curl -H 'Authorization: Bearer x'`) or a text
  {
    pattern: (mode) =>
      new RegExp(
        String.raw`\b(?<name>(?:proxy-)?authorization|x-api-key|api-key|x-auth-token|x-access-token|private-token|cookie)` +
          String.raw`(?<sep>\s*:\s*)(?<scheme>(?:bearer|basic|token|digest|negotiate)\s+)?(?<value>${valueFor(mode)})`,
        'gi',
      ),
    rewrite: (mode, groups, match) =>
      isSettled(group(groups, 'value'))
        ? match
        : `${group(groups, 'name')}${group(groups, 'sep')}${group(groups, 'scheme')}${redactValue(group(groups, 'value'), mode)}`,
  },
  // tokens whose shape names them, wherever they stand
  {
    pattern: () =>
      new RegExp(
        String.raw`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|` +
          String.raw`xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{20,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})`,
        'g',
      ),
    rewrite: () => REDACTED_WORD,
  },
  // a secret in a URL's query string
  {
    pattern: () =>
      new RegExp(
        String.raw`(?<name>[?&](?:access_token|token|api_key|apikey|key|secret|client_secret|password|passwd|sig|signature|` +
          String.raw`auth|x-amz-signature|x-amz-credential|x-amz-security-token)=)(?<value>[^&#\s'"<>]+)`,
        'gi',
      ),
    rewrite: (_mode, groups) => `${group(groups, 'name')}${REDACTED_WORD}`,
  },
  // a secret-looking flag and its value as the next word: `--password x`, `--token x`
  {
    pattern: (mode) =>
      new RegExp(
        String.raw`(?<flag>(?:^|(?<=\s))--?[A-Za-z][\w-]*)(?<sep>[ \t]+)(?<value>(?!-)(?:${valueFor(mode)}))`,
        'g',
      ),
    rewrite: (mode, groups, match) =>
      isSecretName(group(groups, 'flag')) && !isSettled(group(groups, 'value'))
        ? `${group(groups, 'flag')}${group(groups, 'sep')}${redactValue(group(groups, 'value'), mode)}`
        : match,
  },
  // a secret-looking assignment: `FOO_TOKEN=x`, `--token=x`, `password: x`, `"api_key": "x"`; a name starts a word, so a long word is scanned once
  {
    pattern: (mode) =>
      new RegExp(
        String.raw`(?<![\w.-])(?<name>-{0,2}[A-Za-z_][\w.-]*)(?<sep>["']?[ \t]*[:=][ \t]*)(?<value>${valueFor(mode)})`,
        'g',
      ),
    rewrite: (mode, groups, match) =>
      isSecretName(group(groups, 'name')) && !isSettled(group(groups, 'value'))
        ? `${group(groups, 'name')}${group(groups, 'sep')}${redactValue(group(groups, 'value'), mode)}`
        : match,
  },
  // mysql's password flag takes its value attached (`-psecret`); a detached `-p` asks for it instead
  {
    pattern: (mode) =>
      new RegExp(
        String.raw`(?<before>\b(?:mysql\w*|mariadb[\w-]*)\b[^\n;|&]{0,512}?\s-p)(?<value>${valueFor(mode)})`,
        'g',
      ),
    rewrite: (mode, groups) => `${group(groups, 'before')}${redactValue(group(groups, 'value'), mode)}`,
  },
  // sshpass -p takes the password, attached or not
  {
    pattern: (mode) => new RegExp(String.raw`(?<before>\bsshpass\s+(?:-\w+\s+)*-p\s*)(?<value>${valueFor(mode)})`, 'g'),
    rewrite: (mode, groups) => `${group(groups, 'before')}${redactValue(group(groups, 'value'), mode)}`,
  },
  // curl's user and password: `-u user:pass`, `--user user:pass`
  {
    pattern: (mode) =>
      new RegExp(
        String.raw`(?<before>\bcurl\b[^\n;|&]{0,512}?\s(?:-u[ \t]*|--(?:proxy-)?user[= \t]+|-U[ \t]*)["']?[^\s:'"]*:)` +
          String.raw`(?<value>${mode === 'shell' ? CURL_PASSWORD_IN_SHELL : CURL_PASSWORD})`,
        'g',
      ),
    rewrite: (_mode, groups) => `${group(groups, 'before')}${REDACTED_WORD}`,
  },
];

/**
 * What every rule's match holds: '-' (a key block, a flag, a token's prefix), ':' (a URL, a
 * header, an assignment), '=', '_' (a token's prefix) or a bare token shape. A text with none is
 * left as it is without running the rules; a new rule adds what its matches must hold.
 */
const MAY_MATCH = /[-:=_]|AKIA|AIza/;

/**
 * The text with the secrets it shows replaced by `__redacted__`: URL credentials, credential
 * headers, private key blocks, known token shapes, secrets in query strings, secret-looking
 * flags and assignments, mysql's `-p`, sshpass's `-p` and curl's `-u user:pass`. What the rules
 * do not recognise stays as it is (docs/trace.md lists them).
 *
 * @example
 * redactText("curl -H 'Authorization: Bearer abc' https://u:p@example.com", 'shell');
 * // "curl -H 'Authorization: Bearer __redacted__' https://u:__redacted__@example.com"
 */
export function redactText(text: string, mode: TextMode): string {
  return MAY_MATCH.test(text) ? redactTextByRules(text, mode) : text;
}

/** redactText without its first check: every rule run over the text, whatever it holds. */
export function redactTextByRules(text: string, mode: TextMode): string {
  let result = text;
  for (const rule of RULES) {
    result = result.replace(rule.pattern(mode), (match: string, ...rest: unknown[]) => {
      const groups = rest[rest.length - 1];
      return rule.rewrite(
        mode,
        typeof groups === 'object' && groups !== null ? (groups as Record<string, string | undefined>) : {},
        match,
      );
    });
  }
  return result;
}
