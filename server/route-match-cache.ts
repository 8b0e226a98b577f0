// Remix matches the URL against the route tree several times per document request (the server
// runtime's matchServerRoutes, the static router's useRoutes, <Links>), and each call of
// @remix-run/router's matchRoutes flattens and ranks all ~60 routes and compiles each path into
// a RegExp again: 15 % of the CPU of a /cotizar render in the profile (ADR 008). The route tree
// never changes after start, so the answer for one pathname is remembered, per route tree.
//
// Those callers reach matchRoutes through the CommonJS exports object of @remix-run/router
// (the one module instance Node gives the server runtime and react-router), so replacing the
// property there is enough; the router's own internal calls (the static handler's query) are
// untouched. Each caller gets a fresh copy of the matches and their params.
import { createRequire } from "node:module";

type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: unknown };
type MatchRoutes = (routes: unknown, location: string | { pathname?: string }, basename?: string) => Match[] | null;

/** Pathnames remembered per route tree; past it the memory starts over (ids in URLs vary). */
const MAX_ENTRIES = 2_000;
const PATCHED = Symbol.for("cotiza.routeMatchCache");

export function installRouteMatchCache(): void {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { [PATCHED]?: true } };
  if (router.matchRoutes[PATCHED]) return;
  const original = router.matchRoutes;
  const caches = new WeakMap<object, Map<string, Match[] | null>>();
  const cached: MatchRoutes & { [PATCHED]?: true } = (routes, location, basename = "/") => {
    if (typeof routes !== "object" || routes === null) return original(routes, location, basename);
    // Only the pathname decides (matchRoutes reads the location's pathname alone).
    const pathname = typeof location === "string" ? location.split(/[?#]/, 1)[0] : location.pathname;
    if (pathname === undefined) return original(routes, location, basename);
    let cache = caches.get(routes);
    if (!cache) caches.set(routes, (cache = new Map()));
    const key = `${basename}\u0000${pathname}`;
    let matches = cache.get(key);
    if (matches === undefined) {
      matches = original(routes, location, basename);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, matches);
    }
    return matches && matches.map((m) => ({ ...m, params: { ...m.params } }));
  };
  cached[PATCHED] = true;
  router.matchRoutes = cached;
}
