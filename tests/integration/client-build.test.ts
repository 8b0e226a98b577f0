// The browser build of the routes: server-only wrappers must never run there. A route that
// called `adminLoader(...)` at the top level shipped that call to the browser, where the
// `.server` module is empty, and the page never hydrated (toasts stayed, forms lost their
// JavaScript). Routes wrap the call in their own arrow function; this keeps it that way.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES_DIR = path.resolve("public/build/routes");
const ROUTES_SOURCE = path.resolve("app/routes");

/** The names a route module imports (not as types) from `.server` modules: empty in the browser. */
function serverImports(source: string): string[] {
  const names: string[] = [];
  for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"[^"]*\.server"/g)) {
    for (const entry of list!.split(",")) {
      const name = entry.trim().split(/\s+as\s+/)[0]!;
      if (name !== "" && !name.startsWith("type ")) names.push(name);
    }
  }
  return names;
}

describe("la compilación para el navegador", () => {
  it("no llama a los envoltorios de servidor de las rutas de administración", () => {
    const files = readdirSync(ROUTES_DIR).filter((file) => file.endsWith(".js"));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((file) => /\badmin(Loader|Action)\b/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("no usa en el navegador nada que una ruta importe de un módulo .server (allí está vacío)", () => {
    const built = readdirSync(ROUTES_DIR).filter((file) => file.endsWith(".js"));
    const offenders: string[] = [];
    for (const file of readdirSync(ROUTES_SOURCE).filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))) {
      const base = file.replace(/\.tsx?$/, "");
      const bundle = built.find((name) => name.startsWith(`${base}-`) && /^[a-z0-9]{8}\.js$/.test(name.slice(base.length + 1)));
      if (!bundle) continue; // a resource route: no browser module
      const code = readFileSync(path.join(ROUTES_DIR, bundle), "utf8");
      for (const name of serverImports(readFileSync(path.join(ROUTES_SOURCE, file), "utf8"))) {
        if (new RegExp(`\\.${name.replace(/\$/g, "\\$")}\\b`).test(code)) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
