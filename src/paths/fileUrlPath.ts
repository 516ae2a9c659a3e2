/** The POSIX path a file:// URL names, or why it names none on this host. */
export type FileUrlPath = { readonly path: string } | { readonly problem: string };

const FILE_SCHEME = /^file:/i;
const ESCAPE_RUN = /(?:%[0-9a-f]{2})+/gi;
// left encoded for the percent-decoding step, which keeps both readings of them
const MEANINGFUL = /[%./\\\0]/;

function decodeOtherEscapes(pathname: string): string {
  return pathname.replace(ESCAPE_RUN, (run) => {
    try {
      const decoded = decodeURIComponent(run);
      return MEANINGFUL.test(decoded) ? run : decoded;
    } catch {
      return run;
    }
  });
}

/** True when the text is a file: URL (any case), which names a path on this host or a share. */
export function isFileUrl(text: string): boolean {
  return FILE_SCHEME.test(text);
}

/** Reads a file: URL as the path it names; undefined when the input is not a file URL. */
export function fileUrlPath(input: string): FileUrlPath | undefined {
  if (!FILE_SCHEME.test(input)) return undefined;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { problem: 'malformed file URL' };
  }
  // WHATWG already maps 'localhost' to the empty host; any other host is a network share
  if (url.hostname !== '') return { problem: `file URL on host ${url.hostname}` };
  const path = decodeOtherEscapes(url.pathname);
  // WHATWG writes Windows drives as '/C:/x'; hand them on as drive-letter paths
  return { path: /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path };
}
