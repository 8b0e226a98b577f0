// The three routing patches of ADR 046 (patches/, applied by `postinstall: patch-package`): the
// router keeps each routes array's ranked branches, compiled paths and answers per pathname;
// react-router-dom's static router keeps its data routes per routes array; <RemixServer> builds
// its route tree once per manifest. What matters is that answers stay exactly what an unpatched
// router gives, and that each caller still gets objects of its own.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type Router = {
  matchRoutes: (routes: unknown, location: string | { pathname: string }, basename?: string) => Match[] | null;
  matchPath: (pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string) => { params: Record<string, string> } | null;
  createStaticHandler: (routes: unknown) => { query: (request: Request) => Promise<{ matches: Match[] } | Response> };
};
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as Router;
const staticServer = require("react-router-dom/server") as {
  createStaticRouter: (routes: unknown, context: { matches: Match[] }) => { routes: unknown[]; state: { matches: Match[] } };
};

const tree = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "poliza", path: "mi-poliza/:id" },
      { id: "paso", path: "mi-poliza/:id/siniestro/:paso" },
      { id: "cotizar", path: "cotizar" },
      { id: "sensible", path: "Admin", caseSensitive: true },
      { id: "resto", path: "*" },
    ],
  },
];

const ids = (matches: Match[] | null) => matches?.map((m) => m.route.id) ?? null;

describe("los parches del enrutado (ADR 046)", () => {
  it("están aplicados en lo que carga el servidor", () => {
    for (const file of ["@remix-run/router", "react-router-dom/server", "@remix-run/react/dist/server.js"]) {
      expect(readFileSync(require.resolve(file), "utf8"), file).toContain("Cotiza (patches/, ADR 046)");
    }
  });

  it("responde lo mismo a cada llamada, con objetos propios de cada llamada", () => {
    const routes = tree();
    const first = router.matchRoutes(routes, "/mi-poliza/7")!;
    const second = router.matchRoutes(routes, { pathname: "/mi-poliza/7" })!;
    expect(ids(first)).toEqual(["root", "poliza"]);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[1]).not.toBe(first[1]);
    // One params object per answer, shared by its matches, as the router gives it.
    expect(second[0]!.params).toBe(second[1]!.params);
    expect(second[1]!.params).not.toBe(first[1]!.params);
    first[1]!.params.id = "cambiado";
    expect(router.matchRoutes(routes, "/mi-poliza/7")![1]!.params).toEqual({ id: "7" });
  });

  it("distingue cada ruta, sus parámetros, mayúsculas, la barra final y lo que no existe", () => {
    const routes = tree();
    expect(router.matchRoutes(routes, "/mi-poliza/8/siniestro/que")![1]!.params).toEqual({ id: "8", paso: "que" });
    expect(ids(router.matchRoutes(routes, "/cotizar/"))).toEqual(["root", "cotizar"]);
    expect(ids(router.matchRoutes(routes, "/COTIZAR"))).toEqual(["root", "cotizar"]);
    expect(ids(router.matchRoutes(routes, "/Admin"))).toEqual(["root", "sensible"]);
    expect(router.matchRoutes(routes, "/admin")![1]!.params).toEqual({ "*": "admin" });
    expect(ids(router.matchRoutes(routes, "/"))).toEqual(["root", "index"]);
    expect(router.matchRoutes(routes, "/app/cotizar", "/app")![1]!.pathname).toBe("/cotizar");
    expect(router.matchRoutes(routes, "/otra/cotizar", "/app")).toBeNull();
    expect(router.matchRoutes([{ id: "solo", path: "solo" }], "/nada")).toBeNull();
  });

  it("no confunde dos árboles con el mismo camino", () => {
    const a = [{ id: "a", path: "x/:id" }];
    const b = [{ id: "b", path: "x/:otro" }];
    expect(router.matchRoutes(a, "/x/1")![0]).toMatchObject({ route: { id: "a" }, params: { id: "1" } });
    expect(router.matchRoutes(b, "/x/1")![0]).toMatchObject({ route: { id: "b" }, params: { otro: "1" } });
  });

  it("sigue acertando después de olvidar (más de 2.000 caminos distintos)", () => {
    const routes = tree();
    for (let i = 0; i < 2_500; i++) expect(router.matchRoutes(routes, `/mi-poliza/${i}`)![1]!.params.id).toBe(String(i));
    expect(router.matchRoutes(routes, "/mi-poliza/3")![1]!.params.id).toBe("3");
  });

  it("matchPath compila cada patrón una vez y sigue respetando end y caseSensitive", () => {
    expect(router.matchPath({ path: "/a/:b", end: false }, "/a/1/c")!.params).toEqual({ b: "1" });
    expect(router.matchPath({ path: "/a/:b", end: true }, "/a/1/c")).toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: true }, "/a")).toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: false }, "/a")).not.toBeNull();
  });

  it("el manejador estático de Remix casa cada petición con su ruta", async () => {
    const handler = router.createStaticHandler(tree());
    for (const [path, id] of [
      ["/cotizar", "cotizar"],
      ["/mi-poliza/5", "poliza"],
      ["/cotizar", "cotizar"],
    ] as const) {
      const context = await handler.query(new Request(`http://cotiza.test${path}`));
      if (context instanceof Response) throw new Error(`${path}: ${context.status}`);
      expect(context.matches.at(-1)!.route.id).toBe(id);
    }
  });

  it("el enrutador estático reutiliza sus rutas y da a cada petición sus coincidencias", () => {
    const routes = tree();
    const first = staticServer.createStaticRouter(routes, { matches: router.matchRoutes(routes, "/mi-poliza/1")! });
    const second = staticServer.createStaticRouter(routes, { matches: router.matchRoutes(routes, "/cotizar")! });
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => [m.route.id, m.params.id])).toEqual([
      ["root", "1"],
      ["poliza", "1"],
    ]);
    expect(ids(second.state.matches)).toEqual(["root", "cotizar"]);
    // The matches name the static router's own data routes.
    expect(second.state.matches[1]!.route).toBe((second.routes[0] as { children: unknown[] }).children[3]);
  });
});
