import { CONSOLE_ROUTES } from '../console/consoleRoutes';
import { OPS_ROUTES } from './opsEndpoints';
import { createRouter, type RouteSpec } from './router';
import { ROUTES } from './routes';

/** The label of a request no route answers: its path is not logged nor counted, it could be anything. */
export const UNMATCHED_ROUTE = 'unmatched';

const patterns = (routes: readonly RouteSpec<unknown>[]): RouteSpec<string>[] =>
  routes.map((route) => ({ ...route, handler: route.path }));

/**
 * A function naming the route a request is for by its pattern, without the prefix
 * (`/sessions/:id/prompt`), for logs and metrics: the service's routes, its operations
 * endpoints and the console's; any other path is 'unmatched'.
 */
export function createRouteLabeler(prefix: string): (method: string, pathname: string) => string {
  const route = createRouter([...patterns(ROUTES), ...patterns(OPS_ROUTES), ...patterns(CONSOLE_ROUTES)], prefix);
  return (method, pathname) => {
    try {
      return route(method, pathname).route.handler;
    } catch {
      // 404 and 405 alike: a method or path no route has
      return UNMATCHED_ROUTE;
    }
  };
}
