// Remix matches the URL against the route tree several times per document request (the server
// runtime's matchServerRoutes, the static router's useRoutes, <Links>), and each call of
// @remix-run/router's matchRoutes flattens and ranks all ~60 routes and compiles each path into
// a RegExp again: 15 % of the CPU of a /cotizar render in the profile (ADR 008). The route tree
// never changes after start, so the answer for one pathname is remembered.
//
// Remembered per tree *shape* (each route's id, path, index and case sensitivity), not per tree
// object: <RemixServer> builds a new tree of the same routes for every request (its static router
// copies them), so a cache keyed by the object never hit there. A remembered answer names routes by
// id and is rebuilt with the route objects of the tree the caller passed. A tree with a route
// without id is matched as before.
//
// <RemixServer> also rebuilds that tree from the manifest on every request (createServerRoutes):
// the same manifest gives the same tree, so it is built once per manifest.
//
// Those callers reach these functions through the CommonJS exports objects of @remix-run/router
// and @remix-run/react's routes module (one module instance each in Node), so replacing the
// property there is enough; the router's own internal calls (the static handler's query) are
// untouched. Each caller gets a fresh copy of the matches and their params.
import { createRequire } from "node:module";

type Route = { id?: unknown; path?: unknown; index?: unknown; caseSensitive?: unknown; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type MatchRoutes = (routes: unknown, location: string | { pathname?: string }, basename?: string) => Match[] | null;
type Remembered = { routeId: string; params: Match["params"]; pathname: string; pathnameBase: string }[] | null;
type Tree = { shape: string; byId: Map<string, Route> } | null;

/** Pathnames remembered per tree shape; past it the memory starts over (ids in URLs vary). */
const MAX_ENTRIES = 2_000;
const PATCHED = Symbol.for("cotiza.routeMatchCache");

/** The tree's shape and its routes by id, or null when a route has no id. */
function describeTree(routes: Route[]): Tree {
  const byId = new Map<string, Route>();
  const parts: string[] = [];
  const walk = (list: Route[]): boolean => {
    parts.push("\u0003[");
    for (const route of list) {
      if (typeof route?.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      // \u0001 is in no id or path: the parts cannot run into each other.
      parts.push(
        `${route.id}\u0001${typeof route.path === "string" ? route.path : "\u0002"}\u0001${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}\u0001`,
      );
      if (Array.isArray(route.children) && !walk(route.children)) return false;
    }
    parts.push("]\u0003");
    return true;
  };
  return walk(routes) ? { shape: parts.join(""), byId } : null;
}

export function installRouteMatchCache(): void {
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as { matchRoutes: MatchRoutes & { [PATCHED]?: true } };
  if (router.matchRoutes[PATCHED]) return;
  const original = router.matchRoutes;
  const trees = new WeakMap<object, Tree>();
  const byShape = new Map<string, Map<string, Remembered>>();
  const cached: MatchRoutes & { [PATCHED]?: true } = (routes, location, basename = "/") => {
    if (!Array.isArray(routes)) return original(routes, location, basename);
    // Only the pathname decides (matchRoutes reads the location's pathname alone).
    const pathname = typeof location === "string" ? location.split(/[?#]/, 1)[0] : location.pathname;
    if (pathname === undefined) return original(routes, location, basename);
    let tree = trees.get(routes);
    if (tree === undefined) trees.set(routes, (tree = describeTree(routes)));
    if (!tree) return original(routes, location, basename);
    let cache = byShape.get(tree.shape);
    if (!cache) byShape.set(tree.shape, (cache = new Map()));
    const key = `${basename}\u0000${pathname}`;
    let remembered = cache.get(key);
    if (remembered === undefined) {
      const matches = original(routes, location, basename);
      remembered =
        matches && matches.map((m) => ({ routeId: m.route.id as string, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }));
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, remembered);
    }
    const { byId } = tree;
    return (
      remembered &&
      remembered.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: byId.get(m.routeId)! }))
    );
  };
  cached[PATCHED] = true;
  router.matchRoutes = cached;

  // <RemixServer>'s route tree, once per manifest (its routes object is the server build's own).
  type CreateServerRoutes = ((manifest: object, routeModules: unknown, future: unknown, isSpaMode: boolean, ...rest: unknown[]) => unknown) & {
    [PATCHED]?: true;
  };
  const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
  const build = remixRoutes.createServerRoutes;
  const built = new WeakMap<object, Map<string, unknown>>();
  const once: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Recursive calls (children) pass a parent id: left to the original.
    if (rest.length > 0 || typeof manifest !== "object" || manifest === null) return build(manifest, routeModules, future, isSpaMode, ...rest);
    let byOptions = built.get(manifest);
    if (!byOptions) built.set(manifest, (byOptions = new Map()));
    const key = JSON.stringify([future ?? null, Boolean(isSpaMode)]);
    if (!byOptions.has(key)) byOptions.set(key, build(manifest, routeModules, future, isSpaMode));
    return byOptions.get(key);
  };
  once[PATCHED] = true;
  remixRoutes.createServerRoutes = once;
}
