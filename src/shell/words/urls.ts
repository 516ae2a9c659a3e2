/** Schemes whose URLs mean network access when a command is given one (seed 002: http(s) and kin). */
const NETWORK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps', 'ws', 'wss']);

const MAX_SCHEME = 5;
// characters that end a URL inside code text
const URL_END = new Set([' ', '\t', '\n', '\r', '"', "'", '`', ')', '(', '<', '>', ';', ',', '{', '}', '[', ']', '\\']);

function isSchemeChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** The scheme ending at `colon` (the index of '://'), lower-cased, if it is a network one. */
function schemeBefore(text: string, colon: number): { scheme: string; start: number } | undefined {
  let start = colon;
  while (start > 0 && colon - start < MAX_SCHEME && isSchemeChar(text.charCodeAt(start - 1))) start--;
  const scheme = text.slice(start, colon).toLowerCase();
  return NETWORK_SCHEMES.has(scheme) ? { scheme, start } : undefined;
}

/** The first network URL anywhere in a text (inline code of `python -c`), or undefined. */
export function findUrl(text: string): string | undefined {
  for (let at = text.indexOf('://'); at !== -1; at = text.indexOf('://', at + 3)) {
    const found = schemeBefore(text, at);
    if (found === undefined) continue;
    let end = at + 3;
    while (end < text.length && !URL_END.has(text[end] ?? ' ')) end++;
    if (end > at + 3) return text.slice(found.start, end);
  }
  return undefined;
}

/** A word that is a network URL, or an option / assignment whose value is one (`--url=https://x`). */
export function wordUrl(value: string): string | undefined {
  const at = value.indexOf('://');
  if (at === -1) return undefined;
  const found = schemeBefore(value, at);
  if (found === undefined || at + 3 >= value.length) return undefined;
  if (found.start === 0 || value[found.start - 1] === '=') return value.slice(found.start);
  return undefined;
}

/** The host of a URL (`https://user@h.io:8/x` -> `h.io`). */
export function urlHost(url: string): string {
  const afterScheme = url.indexOf('://');
  const rest = afterScheme === -1 ? url : url.slice(afterScheme + 3);
  let end = rest.length;
  for (const stop of ['/', '?', '#']) {
    const index = rest.indexOf(stop);
    if (index !== -1 && index < end) end = index;
  }
  const authority = rest.slice(0, end);
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? host);
}

/**
 * The host of an scp/rsync-style remote operand (`user@host:path`, `host:`, `rsync://h/m`, `s3://bucket/k`), or
 * undefined for a local path. A colon after a slash is part of a local path, as in scp.
 */
export function remoteHost(value: string): string | undefined {
  // any `scheme://host/...` (rsync://, ssh://, s3://): its host, not the scheme
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) return urlHost(value) || undefined;
  const colon = value.indexOf(':');
  if (colon <= 0) return undefined;
  const slash = value.indexOf('/');
  if (slash !== -1 && slash < colon) return undefined;
  const host = value.slice(0, colon);
  return host.slice(host.lastIndexOf('@') + 1) || undefined;
}
