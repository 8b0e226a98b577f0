// The browser build after scripts/rebundle.mjs (Rollup over `remix build`'s output, ADR 008):
// every file the manifest names exists, every import of every built file resolves, the server's
// embedded manifest is the client one, and the pages load few files, none tiny. Reads the build
// `npm run build` made (npm test builds before Vitest).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBuild } from "../support/server";
import { firstLoad, readManifest } from "../../scripts/first-load.mjs";

const PUBLIC = path.resolve("public");
const BUILD = path.join(PUBLIC, "build");

type Entry = { module: string; imports?: string[] };
type Manifest = { entry: Entry; routes: Record<string, Entry & { id: string; parentId?: string }>; url: string; version: string };
type Load = { files: number; list: { url: string; rawBytes: number }[] };

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return jsFiles(file);
    return file.endsWith(".js") ? [file] : [];
  });
}

/** The specifiers of a built module's static imports and of its literal dynamic imports. */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g)) found.add(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.add(m[1]);
  return [...found];
}

const PAGES = ["routes/_index", "routes/cotizar", "routes/results", "routes/checkout"];

describe("la compilación para el navegador, reempaquetada", () => {
  const { manifest, url } = readManifest(PUBLIC) as { manifest: Manifest; url: string };

  it("nombra en el manifiesto solo archivos que existen", () => {
    const named = [manifest.entry, ...Object.values(manifest.routes)].flatMap((e) => [e.module, ...(e.imports ?? [])]);
    expect(named.length).toBeGreaterThan(60);
    expect(named.filter((u) => !existsSync(path.join(PUBLIC, u)))).toEqual([]);
    expect(url).toBe(manifest.url);
  });

  it("resuelve cada import de cada archivo JavaScript a un archivo que existe", () => {
    // The manifest is one assignment of JSON: no imports, and its route names would look like some.
    const files = jsFiles(BUILD).filter((f) => f !== path.join(PUBLIC, manifest.url));
    expect(files.length).toBeGreaterThan(30);
    const missing: string[] = [];
    let imports = 0;
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(file, "utf8"))) {
        imports += 1;
        const target = specifier.startsWith("/") ? path.join(PUBLIC, specifier) : path.resolve(path.dirname(file), specifier);
        if (!existsSync(target)) missing.push(`${path.relative(BUILD, file)} → ${specifier}`);
      }
    }
    expect(imports).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });

  it("da a cada ruta, en sus imports, todos los archivos que su módulo importa", () => {
    const staticImports = (url: string, seen = new Set<string>()): Set<string> => {
      const file = path.join(PUBLIC, url);
      const code = readFileSync(file, "utf8");
      for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g)) {
        const target =
          "/" +
          path
            .relative(PUBLIC, path.resolve(path.dirname(file), m[1]))
            .split(path.sep)
            .join("/");
        if (!seen.has(target)) {
          seen.add(target);
          staticImports(target, seen);
        }
      }
      return seen;
    };
    for (const [id, route] of Object.entries(manifest.routes)) {
      const declared = new Set([...(manifest.entry.imports ?? []), ...(route.imports ?? [])]);
      for (let p = route.parentId; p; p = manifest.routes[p].parentId) manifest.routes[p].imports?.forEach((u) => declared.add(u));
      const undeclared = [...staticImports(route.module)].filter((u) => !declared.has(u));
      expect({ id, undeclared }).toEqual({ id, undeclared: [] });
    }
  });

  it("incrusta en el servidor el mismo manifiesto que recibe el navegador", async () => {
    const build = await loadBuild();
    expect(JSON.parse(JSON.stringify(build.assets))).toEqual(manifest);
  });

  it("carga /cotizar en 12 archivos como mucho, y ninguna página pública carga un archivo de menos de 1 KB", () => {
    expect((firstLoad("routes/cotizar", { publicDir: PUBLIC }) as Load).files).toBeLessThanOrEqual(12);
    for (const route of PAGES) {
      const load = firstLoad(route, { publicDir: PUBLIC }) as Load;
      // The manifest is data, and the client entry is Remix's few lines that start hydration:
      // it must stay a module of its own, imported after the routes (ADR 008).
      const tiny = load.list.filter((f) => f.rawBytes < 1024 && f.url !== manifest.url && f.url !== manifest.entry.module);
      expect({ route, tiny }).toEqual({ route, tiny: [] });
    }
  });

  // A merge must count what the merged group imports, not only its own bytes: a 1 KB group of
  // schemas merged into a chunk the home page loads once brought zod's 60 KB with it (ADR 008).
  // zod's own error text marks its code in a built file.
  // The forms' validators (quote, checkout) arrive on first use; the loaders' schemas stay on the
  // server (app/lib/contract.server.ts).
  it("no carga zod al abrir la portada, /cotizar, /results ni /checkout", () => {
    for (const route of PAGES) {
      const load = firstLoad(route, { publicDir: PUBLIC }) as Load;
      const withZod = load.list.filter((f) => readFileSync(path.join(PUBLIC, f.url), "utf8").includes("ZodError"));
      expect({ route, withZod }).toEqual({ route, withZod: [] });
    }
  });
});
