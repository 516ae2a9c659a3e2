import { HttpError } from './httpError';

/** The HTTP methods the service answers. */
export const METHODS = ['GET', 'POST', 'DELETE'] as const;
/** One of METHODS. */
export type Method = (typeof METHODS)[number];

/** A route: a method and a path pattern whose `:name` segments become params. */
export interface RouteSpec<H> {
  readonly method: Method;
  /** like '/sessions/:id/prompt', without the prefix */
  readonly path: string;
  readonly handler: H;
}

/** The route a request matched, with its decoded params. */
export interface RouteMatch<H> {
  readonly route: RouteSpec<H>;
  readonly params: Readonly<Record<string, string>>;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // a malformed escape stays as sent; id checks refuse it with a clear message
    return segment;
  }
}

function matchPath(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      params[part.slice(1)] = decodeSegment(segment);
    } else if (part !== segment) return undefined;
  }
  return params;
}

const split = (path: string): string[] => path.split('/').slice(1);

/**
 * Builds a matcher over `routes` under `prefix`. A path no route has is 404 `route_not_found`;
 * a path some route has with another method is 405 with `Allow`.
 */
export function createRouter<H>(
  routes: readonly RouteSpec<H>[],
  prefix: string,
): (method: string, pathname: string) => RouteMatch<H> {
  const compiled = routes.map((route) => ({ route, pattern: split(prefix + route.path) }));
  return (method, pathname) => {
    const segments = split(pathname);
    const matching = compiled.flatMap(({ route, pattern }) => {
      const params = matchPath(pattern, segments);
      return params ? [{ route, params }] : [];
    });
    const found = matching.find((match) => match.route.method === method);
    if (found) return found;
    if (matching.length === 0) {
      throw new HttpError({
        status: 404,
        code: 'route_not_found',
        message: `no route ${method} ${pathname.slice(0, 300)}; the routes are under '${prefix || '/'}'`,
      });
    }
    const allowed = [...new Set(matching.map((match) => match.route.method))];
    throw new HttpError({
      status: 405,
      code: 'method_not_allowed',
      message: `method ${method} is not allowed on ${pathname.slice(0, 300)}; use ${allowed.join(', ')}`,
      details: { allowed },
      headers: { Allow: allowed.join(', ') },
    });
  };
}
