/**
 * Route matching: which routes of the table a pathname selects, with its params. The rules are
 * react-router's (its `matchRoutes`): every route with a path or `index` is a branch; branches are
 * ranked by their segments (static 10, `:param` 3, empty 1, index +2, a splat `*` −2) and, among
 * siblings, by their order in the table; the first branch whose whole pattern matches wins. Matching
 * ignores case and a trailing slash. `match.test.ts` holds this to react-router's own answers on the
 * app's route table.
 */
import type { ComponentType, ReactNode } from 'react';

export type Params = Record<string, string | undefined>;

export interface RouteObject {
  path?: string;
  index?: boolean;
  Component?: ComponentType | null;
  element?: ReactNode;
  /** Loads the route's component; called once, its answer is kept on the route. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  handle?: unknown;
  /** The area of texts (lib/i18n.ts `CatalogArea`) the route's screens need loaded before they render. */
  catalog?: string;
  children?: RouteObject[];
  /** Shown in place of this route and everything below it when one of them fails. */
  ErrorBoundary?: ComponentType | null;
  /** Shown while the first page's lazy screens load (a client-only start). */
  HydrateFallback?: ComponentType | null;
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  /** The paths of the branch's routes, joined. */
  pattern: string;
  score: number;
  /** Position among siblings at each level, for ties. */
  order: number[];
  /** The pattern's leading literal segments, lower-cased: a path without them cannot match. */
  head: string;
}

const isSplat = (s: string) => s === '*';
const PARAM = /^:[\w-]+$/;

function score(path: string, index: boolean) {
  const segments = path.split('/');
  let total = segments.length;
  if (segments.some(isSplat)) total -= 2;
  if (index) total += 2;
  for (const s of segments) {
    if (isSplat(s)) continue;
    total += PARAM.test(s) ? 3 : s === '' ? 1 : 10;
  }
  return total;
}

const join = (...parts: string[]) => parts.join('/').replace(/\/\/+/g, '/');

function flatten(routes: RouteObject[], into: Branch[], parents: RouteObject[] = [], parentPath = '', order: number[] = []) {
  routes.forEach((route, i) => {
    const pattern = join(parentPath, route.path ?? '');
    const branch = { routes: [...parents, route], pattern, order: [...order, i] };
    if (route.children?.length) flatten(route.children, into, branch.routes, pattern, branch.order);
    // A route without a path matches only through its children, unless it is an index route.
    if (route.path == null && !route.index) return;
    into.push({ ...branch, score: score(pattern, Boolean(route.index)), head: literalHead(pattern) });
  });
}

function literalHead(pattern: string) {
  const literal: string[] = [];
  for (const segment of pattern.split('/')) {
    if (segment === '') continue;
    if (segment.startsWith(':') || segment.includes('*')) break;
    literal.push(segment.toLowerCase());
  }
  return literal.length ? `/${literal.join('/')}` : '';
}

function compareSiblings(a: number[], b: number[]) {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  // Among siblings the one listed first wins; otherwise, neither.
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

const ranked = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]) {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, branches);
    branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareSiblings(a.order, b.order)));
    ranked.set(routes, branches);
  }
  return branches;
}

const escapeRegExp = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&');

interface Matcher {
  regex: RegExp;
  names: string[];
}

/**
 * Patterns compile once: a first visit matches its path against most of the app's routes before the
 * screen can start, and building a regular expression per route each time showed in its start-up task.
 */
const matchers = new Map<string, Matcher>();

function compile(pattern: string): Matcher {
  const names: string[] = [];
  let source = `^${pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegExp(segment);
      names.push(segment.slice(1));
      return '([^\\/]+)';
    })
    .join('/')}`;
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { regex: new RegExp(source, 'i'), names };
}

/** The params of `pattern` matched against the whole pathname, or null. */
function matchPattern(pattern: string, pathname: string): Params | null {
  let matcher = matchers.get(pattern);
  if (!matcher) {
    matcher = compile(pattern);
    matchers.set(pattern, matcher);
  }
  const m = matcher.regex.exec(pathname);
  if (!m) return null;
  const params: Params = {};
  matcher.names.forEach((name, i) => {
    const value = m[i + 1];
    params[name] = value === undefined ? (name === '*' ? '' : undefined) : safeDecode(value);
  });
  return params;
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The routes `pathname` selects, root first, or null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const path = pathname || '/';
  const lower = path.toLowerCase();
  for (const branch of branchesOf(routes)) {
    // Most branches fail on their first literal segment; telling so needs no regular expression.
    if (branch.head && lower !== branch.head && !lower.startsWith(`${branch.head}/`)) continue;
    const params = matchPattern(branch.pattern, path);
    // Every route of the branch sees all of its params, as in react-router.
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
