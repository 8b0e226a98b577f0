import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { installRouteMatchCache } from "./route-match-cache";

type Router = {
  matchRoutes: (
    routes: unknown,
    location: string | { pathname: string },
    basename?: string,
  ) => { params: Record<string, string>; pathname: string; route: { id: string } }[] | null;
};
const router = createRequire(import.meta.url)("@remix-run/router") as Router;
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "cotizacion", path: "cotizacion/:id" },
      { id: "cotizar", path: "cotizar" },
    ],
  },
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

  it("reconoce un árbol nuevo de las mismas rutas y responde con sus objetos; otro árbol no se confunde", () => {
    installRouteMatchCache();
    const copy = structuredClone(routes);
    const matches = router.matchRoutes(copy, "/cotizacion/xyz")!;
    expect(matches.map((m) => m.route.id)).toEqual(["root", "cotizacion"]);
    expect(matches[1]!.route).toBe(copy[0]!.children[1]);
    expect(matches[1]!.params.id).toBe("xyz");
    // Same ids, another path: another shape, matched on its own.
    const moved = structuredClone(routes);
    moved[0]!.children[1]!.path = "presupuesto/:id";
    expect(router.matchRoutes(moved, "/cotizacion/xyz")).toBeNull();
    expect(router.matchRoutes(moved, "/presupuesto/xyz")!.map((m) => m.route.id)).toEqual(["root", "cotizacion"]);
    // Routes without ids (not Remix's) are matched as before.
    expect(router.matchRoutes([{ path: "a" }], "/a")!.map((m) => m.pathname)).toEqual(["/a"]);
  });

  it("construye una sola vez el árbol de <RemixServer> para el mismo manifiesto", () => {
    installRouteMatchCache();
    const remixRoutes = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as {
      createServerRoutes: (manifest: object, modules: object, future: object, spa: boolean) => { id: string; children?: { id: string }[] }[];
    };
    const manifest = { root: { id: "root", path: "", hasLoader: true }, "routes/a": { id: "routes/a", parentId: "root", path: "a" } };
    const modules = { root: { default: () => null }, "routes/a": { default: () => null } };
    const first = remixRoutes.createServerRoutes(manifest, modules, {}, false);
    expect(first.map((r) => r.id)).toEqual(["root"]);
    expect(first[0]!.children!.map((r) => r.id)).toEqual(["routes/a"]);
    expect(remixRoutes.createServerRoutes(manifest, { ...modules }, {}, false)).toBe(first);
    expect(remixRoutes.createServerRoutes({ ...manifest }, modules, {}, false)).not.toBe(first);
  });
});
