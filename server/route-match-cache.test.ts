import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { installRouteMatchCache } from "./route-match-cache";

type Router = { matchRoutes: (routes: unknown, location: string | { pathname: string }, basename?: string) => { params: Record<string, string>; route: { id: string } }[] | null };
const router = createRequire(import.meta.url)("@remix-run/router") as Router;
const routes = [
  { id: "root", path: "", children: [
    { id: "index", index: true },
    { id: "cotizacion", path: "cotizacion/:id" },
    { id: "cotizar", path: "cotizar" },
  ] },
];

describe("la memoria de rutas", () => {
  it("responde lo mismo que matchRoutes, con copias para cada llamada", () => {
    const before = router.matchRoutes(routes, "/cotizacion/abc");
    installRouteMatchCache();
    installRouteMatchCache(); // twice is once
    const first = router.matchRoutes(routes, { pathname: "/cotizacion/abc" });
    const second = router.matchRoutes(routes, "/cotizacion/abc?x=1");
    expect(first).toEqual(before);
    expect(second).toEqual(before);
    expect(second).not.toBe(first);
    expect(second![1]!.params).not.toBe(first![1]!.params);
    first![1]!.params.id = "changed";
    expect(router.matchRoutes(routes, "/cotizacion/abc")![1]!.params.id).toBe("abc");
    expect(router.matchRoutes(routes, "/cotizacion/def")![1]!.params.id).toBe("def");
    expect(router.matchRoutes(routes, "/cotizar")!.map((m) => m.route.id)).toEqual(["root", "cotizar"]);
    expect(router.matchRoutes(routes, "/nada")).toBeNull();
    expect(router.matchRoutes(routes, "/app/cotizar", "/app")!.map((m) => m.route.id)).toEqual(["root", "cotizar"]);
  });
});
