// The browser build of the routes: server-only wrappers must never run there. A route that
// called `adminLoader(...)` at the top level shipped that call to the browser, where the
// `.server` module is empty, and the page never hydrated (toasts stayed, forms lost their
// JavaScript). Routes wrap the call in their own arrow function; this keeps it that way.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES_DIR = path.resolve("public/build/routes");

describe("la compilación para el navegador", () => {
  it("no llama a los envoltorios de servidor de las rutas de administración", () => {
    const files = readdirSync(ROUTES_DIR).filter((file) => file.endsWith(".js"));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((file) => /\badmin(Loader|Action)\b/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
