import { readFile } from 'node:fs/promises';
import path from 'node:path';

const DASHBOARD_SRC = path.resolve(import.meta.dirname, '..', '..', 'dashboard', 'src');

/**
 * Every path pattern of the dashboard's router (dashboard/src/routes.tsx), read from the source at
 * run time so that a route added there is seen by the tests that must cover every screen: e.g.
 * `/`, `/p/:projectId/sign-in`, `/projects/:projectId`, `/*`. Nested routes are joined to their
 * parents' paths; an index route is its parent's path; layout routes without a path add nothing.
 */
export async function dashboardRoutePatterns(): Promise<string[]> {
  const source = await readFile(path.join(DASHBOARD_SRC, 'routes.tsx'), 'utf8');
  const start = source.indexOf('export const routes');
  if (start < 0) throw new Error('routes.tsx: no `export const routes`');
  const text = source.slice(start);
  // A stack of the object literals (and JSX expression braces) we are inside of; each remembers
  // the `path:` or `index: true` it declares.
  const stack: Array<{ path?: string; index?: boolean }> = [];
  const found: string[] = [];
  const tokens = /\{|\}|\bpath:\s*'([^']*)'|\bindex:\s*true/g;
  for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
    const [token, routePath] = match;
    if (token === '{') stack.push({});
    else if (token === '}') {
      const closed = stack.pop();
      if (!closed) break; // the end of the routes array's enclosing scope
      if (closed.path === undefined && !closed.index) continue;
      const parts = [...stack.map((entry) => entry.path), closed.path].filter(Boolean);
      found.push(`/${parts.join('/')}`);
    } else if (routePath !== undefined && stack.length) stack[stack.length - 1]!.path = routePath;
    else if (stack.length) stack[stack.length - 1]!.index = true;
  }
  return [...new Set(found)];
}

/** The product analytics views (`/analytics/:view`), read from the dashboard's source. */
export async function productAnalyticsViews(): Promise<string[]> {
  const source = await readFile(
    path.join(DASHBOARD_SRC, 'pages', 'Analytics', 'product', 'AnalyticsNav.tsx'),
    'utf8',
  );
  const list = source.match(/export const VIEWS = \[([^\]]*)\]/)?.[1];
  if (!list) throw new Error('AnalyticsNav.tsx: no `export const VIEWS = [...]`');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}
