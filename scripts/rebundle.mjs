// The browser build re-bundled after `remix build` (ADR 008, "Re-bundling after remix build").
//
// esbuild's code splitting makes one chunk per distinct set of entry points sharing a module: with
// ~60 routes, /cotizar loaded 27 files, 17 of them under 1 KB. The classic compiler exposes no
// chunking option, so this pass takes its output (public/build) as input to Rollup:
//
// - inputs: the client entry and every route module, named as before without esbuild's hash;
// - everything the client entry and the root route import statically goes into one "core" chunk
//   (every page loads all of it anyway, so merging it adds nothing to any page);
// - the rest is grouped per set of routes that reach it, as Rollup would, and each group under
//   MIN_CHUNK_SIZE is merged into the group that costs the pages least, counting what the merged
//   group imports (groupModules, below) — which can add a little code to a page that did not load
//   it before. Rollup's own
//   `experimentalMinChunkSize` was tried first: it only merges chunks it can prove free of side
//   effects, and it proved almost none of esbuild's (76 small chunks → 64);
// - the client entry stays a file of its own, ~300 bytes: Remix imports it after the route modules
//   to start hydration, so it cannot share a chunk that the routes import;
// - entry exports are kept exactly (`preserveEntrySignatures: "strict"`), tree-shaking is off
//   (esbuild already dropped what is unused, and the input is minified code whose side effects
//   Rollup would have to judge again), and each chunk is minified again by esbuild (same target
//   as the compiler's: esbuild's default) so Rollup's renaming and glue cost nothing;
// - every file is named by the hash of its final content, which in Rollup covers the names of the
//   files it imports (routes/cotizar-<hash>.js, _shared/chunk-<hash>.js): a name never means two
//   contents across builds, even if this pass or Rollup changes while the sources do not;
// - any Rollup warning fails the build (e.g. CIRCULAR_CHUNK: none is expected; groupModules avoids
//   merges that would make one), as does a file of the compiler's output no entry reaches;
// - the assets manifest is rewritten in both places the compiler wrote it: the client file
//   public/build/manifest-<version>.js (renamed, since its content changes) and the copy the
//   server build embeds (build/index.js). Each entry's `imports` is its new static import
//   closure, minus its parents' as Remix's own manifest does. The build fails loudly when the
//   embedded copy cannot be found or does not equal the client one before the rewrite.
//
// Dynamic `import()` of a literal path becomes its own chunk as usual; Remix's `import(route.module)`
// is left untouched.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import vm from "node:vm";
import { rollup } from "rollup";

// The compiler's own esbuild (pinned with @remix-run/dev), not whichever copy npm hoisted.
const require = createRequire(import.meta.url);
const { transform } = createRequire(require.resolve("@remix-run/dev/package.json"))("esbuild");

/**
 * A group of shared modules smaller than this (bytes of the compiler's minified output) is merged
 * into another chunk. 2 KB: measured against 1, 4 and 8 KB (ADR 008), again once the cost counted
 * what a merge brings: 1 KB left /cotizar at 12 files and /checkout at 23; 4 and 8 KB
 * cut files but added 2–5 KB to /cotizar and /checkout and grew 22–28 pages by more than 300 B.
 */
/**
 * What one more file on a page weighs against bytes when choosing where a small group goes: 4 KB
 * of minified code. Measured at 0, 0.5, 1, 2, 4, 8 and 16 KB (ADR 008): 4 KB gave /cotizar and
 * /checkout their fewest bytes and files and all routes together the fewest bytes; 8 KB cut more
 * files but grew 17 pages by up to 5.7 KB. Env REBUNDLE_FILE_COST to try others.
 */
const FILE_COST = Number(process.env.REBUNDLE_FILE_COST ?? 4096);
export const MIN_CHUNK_SIZE = Number(process.env.REBUNDLE_MIN_CHUNK_SIZE ?? 2 * 1024);

const SERVER_MANIFEST_MARKER = "// server-assets-manifest:@remix-run/dev/assets-manifest";
const SERVER_MANIFEST_PREFIX = "var assets_manifest_default = ";

function fail(message) {
  throw new Error(`rebundle: ${message} (scripts/rebundle.mjs)`);
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

function readClientManifest(buildDir) {
  const names = readdirSync(buildDir).filter((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (names.length !== 1) fail(`expected one manifest-*.js in ${buildDir}, found ${names.length}`);
  const source = readFileSync(path.join(buildDir, names[0]), "utf8");
  const match = /^window\.__remixManifest=(.*);$/s.exec(source.trim());
  if (!match) fail(`${names[0]} is not window.__remixManifest={...};`);
  return { file: path.join(buildDir, names[0]), manifest: JSON.parse(match[1]) };
}

/** The server build's copy: one statement on the line after the compiler's marker comment. */
function readServerManifest(serverFile) {
  const lines = readFileSync(serverFile, "utf8").split("\n");
  const at = lines.flatMap((line, i) => (line === SERVER_MANIFEST_MARKER ? [i] : []));
  if (at.length !== 1) fail(`expected one "${SERVER_MANIFEST_MARKER}" in ${serverFile}, found ${at.length}`);
  const index = at[0] + 1;
  const line = lines[index] ?? "";
  if (!line.startsWith(SERVER_MANIFEST_PREFIX) || !line.endsWith(";")) {
    fail(`the line after the marker in ${serverFile} is not "${SERVER_MANIFEST_PREFIX}{...};"`);
  }
  const expression = line.slice(SERVER_MANIFEST_PREFIX.length, -1);
  let value;
  try {
    value = vm.runInNewContext(`(${expression})`, Object.create(null), { timeout: 1000 });
  } catch (error) {
    fail(`the embedded manifest in ${serverFile} does not evaluate: ${error.message}`);
  }
  return { lines, index, manifest: value };
}

/**
 * Which chunk each module goes to (Rollup's manualChunks). A module reached by the client entry or
 * the root route goes to "core". Any other module is grouped with those reached by the same set of
 * routes (what Rollup and esbuild do by themselves); a route's own modules stay in its file. Then,
 * smallest first, each group under MIN_CHUNK_SIZE is merged into the group (or core) that costs
 * least: the bytes and files the merge adds to the pages' loads, summed over every route, a page's
 * load being everything its entry and core reach in the chunk graph (so a small group's imports
 * count, see `cost`). A merge that would make two chunks import each other (through a third) is
 * skipped. Ties by name: the result is a function of the compiler's output alone.
 */
function groupModules(entries, entryFiles, core, getModuleInfo) {
  const reachedBy = new Map();
  for (const entry of entries) {
    const stack = [entry];
    const seen = new Set([entry]);
    while (stack.length) {
      for (const id of getModuleInfo(stack.pop()).importedIds) {
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(id);
        if (!entryFiles.has(id)) reachedBy.set(id, (reachedBy.get(id) ?? new Set()).add(entry));
      }
    }
  }
  const groups = new Map([["core", { entries: new Set(entries), size: 0, modules: [] }]]);
  const groupOf = new Map(entries.map((e) => [e, `entry:${e}`]));
  for (const [id, by] of [...reachedBy].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let key;
    if (core.has(id)) key = "core";
    else if (by.size === 1) key = `entry:${[...by][0]}`;
    else key = [...by].sort().join("|");
    groupOf.set(id, key);
    if (key.startsWith("entry:")) continue;
    const group = groups.get(key) ?? { entries: by, size: 0, modules: [] };
    group.modules.push(id);
    group.size += Buffer.byteLength(getModuleInfo(id).code ?? "");
    groups.set(key, group);
  }
  // The chunk graph (static imports between groups and entries), kept up to date as groups merge.
  const edges = new Map();
  for (const [id, from] of groupOf) {
    for (const imported of getModuleInfo(id).importedIds) {
      const to = groupOf.get(imported);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const makesCycle = (a, b) => {
    const stack = [...(edges.get(a) ?? []), ...(edges.get(b) ?? [])].filter((k) => k !== a && k !== b);
    const seen = new Set(stack);
    while (stack.length) {
      for (const next of edges.get(stack.pop()) ?? []) {
        if (next === a || next === b) return true;
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  };
  // What a merge costs: the bytes it adds to the pages, summed over every entry, each page's load
  // being the closure of its entry and of core in the chunk graph. Counting the closure, not the
  // group alone, matters: a 1 KB group of schemas is cheap by itself, but merged into a chunk a
  // page loads it brings the 60 KB of zod it imports (ADR 008).
  const sizeOf = new Map();
  for (const [id, key] of groupOf) sizeOf.set(key, (sizeOf.get(key) ?? 0) + Buffer.byteLength(getModuleInfo(id).code ?? ""));
  const loadOf = (entry, small, target) => {
    const rename = (k) => (k === small ? target : k);
    const start = [rename(`entry:${entry}`), "core"];
    const seen = new Set(start);
    const stack = [...start];
    let bytes = 0;
    while (stack.length) {
      const key = stack.pop();
      bytes += FILE_COST;
      bytes += key === target ? (sizeOf.get(target) ?? 0) + (sizeOf.get(small) ?? 0) : (sizeOf.get(key) ?? 0);
      const next = key === target ? [...(edges.get(key) ?? []), ...(edges.get(small) ?? [])] : [...(edges.get(key) ?? [])];
      for (const k of next.map(rename)) {
        if (!seen.has(k)) {
          seen.add(k);
          stack.push(k);
        }
      }
    }
    return bytes;
  };
  const cost = (smallKey, targetKey) => {
    let extra = 0;
    for (const entry of entries) extra += loadOf(entry, smallKey, targetKey) - loadOf(entry, undefined, undefined);
    return extra;
  };
  const stuck = new Set();
  for (;;) {
    const small = [...groups]
      .filter(([key, g]) => key !== "core" && g.size < MIN_CHUNK_SIZE && !stuck.has(key))
      .sort(([ka, a], [kb, b]) => a.size - b.size || (ka < kb ? -1 : 1))[0];
    if (!small) break;
    const [smallKey, smallGroup] = small;
    const target = [...groups]
      .filter(([key]) => key !== smallKey && !makesCycle(smallKey, key))
      .map(([key, g]) => [key, g, cost(smallKey, key)])
      .sort(([ka, , ca], [kb, , cb]) => ca - cb || (ka < kb ? -1 : 1))[0];
    if (!target) {
      stuck.add(smallKey);
      continue;
    }
    const [targetKey, targetGroup] = target;
    targetGroup.modules.push(...smallGroup.modules);
    targetGroup.size += smallGroup.size;
    sizeOf.set(targetKey, (sizeOf.get(targetKey) ?? 0) + (sizeOf.get(smallKey) ?? 0));
    sizeOf.delete(smallKey);
    targetGroup.entries = new Set([...targetGroup.entries, ...smallGroup.entries]);
    groups.delete(smallKey);
    // Redirect the small group's edges to the target.
    const out = edges.get(smallKey) ?? new Set();
    edges.delete(smallKey);
    const targetOut = edges.get(targetKey) ?? new Set();
    out.forEach((k) => k !== targetKey && targetOut.add(k));
    edges.set(targetKey, targetOut);
    for (const [from, to] of edges) {
      if (to.delete(smallKey) && from !== targetKey) to.add(targetKey);
    }
  }
  const chunkOf = new Map();
  for (const [key, group] of groups) {
    const name = key === "core" ? "core" : `shared-${sha(key).slice(0, 8)}`;
    for (const id of group.modules) chunkOf.set(id, name);
  }
  return chunkOf;
}

const sha = (text) => createHash("sha256").update(text).digest("hex");

export async function rebundle({ publicDir = "public", serverFile = "build/index.js", publicPath = "/build/" } = {}) {
  const buildDir = path.resolve(publicDir, publicPath.replace(/^\/|\/$/g, ""));
  const client = readClientManifest(buildDir);
  const server = readServerManifest(serverFile);
  const { manifest } = client;
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(server.manifest)), manifest)) {
    fail(`the manifest embedded in ${serverFile} differs from ${path.basename(client.file)}`);
  }

  const urlToFile = (url) => {
    if (!url.startsWith(publicPath)) fail(`${url} is not under ${publicPath}`);
    return path.join(buildDir, url.slice(publicPath.length));
  };
  const fileToUrl = (fileName) => publicPath + fileName.split(path.sep).join("/");
  const nameOf = (url) => {
    const match = /^(.*)-[A-Z0-9]{8}\.js$/.exec(url.slice(publicPath.length));
    if (!match) fail(`unexpected module name ${url}`);
    return match[1];
  };

  // Inputs: the client entry and each route module (several routes may share one file).
  const input = { [nameOf(manifest.entry.module)]: urlToFile(manifest.entry.module) };
  for (const route of Object.values(manifest.routes)) input[nameOf(route.module)] = urlToFile(route.module);
  const entryFiles = new Set(Object.values(input));

  // "core": the static closure of the client entry and the root route, without those two.
  const root = manifest.routes.root;
  if (!root) fail("no root route in the manifest");
  const core = new Set([...manifest.entry.imports, ...(root.imports ?? [])].map(urlToFile).filter((f) => !entryFiles.has(f)));

  let groups;
  const jsFiles = listFiles(buildDir).filter((f) => f.endsWith(".js") && f !== client.file);
  const loaded = new Set();
  const warnings = [];
  const bundle = await rollup({
    input,
    preserveEntrySignatures: "strict",
    treeshake: false,
    onwarn(warning) {
      warnings.push(warning);
    },
    plugins: [
      {
        name: "remix-build-urls",
        resolveId(source, importer) {
          if (source.startsWith(publicPath)) return urlToFile(source);
          if (importer && (source.startsWith("./") || source.startsWith("../"))) return path.resolve(path.dirname(importer), source);
          if (!importer) return null;
          fail(`cannot resolve "${source}" imported by ${importer}`);
        },
        load(id) {
          loaded.add(id);
          return null;
        },
        async renderChunk(code) {
          const result = await transform(code, { minify: true, format: "esm", charset: "utf8", legalComments: "none" });
          return { code: result.code, map: null };
        },
      },
    ],
  });
  const { output } = await bundle.generate({
    format: "es",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "_shared/chunk-[hash].js",
    hashCharacters: "base36",
    // The compiler's names as they were ($, [.] included; they served fine), not Rollup's "_".
    sanitizeFileName: (name) => name.replace(/[\0?*]/g, "_"),
    compact: true,
    manualChunks: (id, { getModuleInfo }) => {
      groups ??= groupModules(Object.values(input), entryFiles, core, getModuleInfo);
      return groups.get(id);
    },
    sourcemap: false,
  });
  await bundle.close();
  if (warnings.length) {
    // Rollup warns about e.g. a missing export or a circular chunk; none is expected from
    // esbuild's output, so any is a reason to look.
    fail(`Rollup warned:\n${warnings.map((w) => `  ${w.code}: ${w.message}`).join("\n")}`);
  }
  const unreached = jsFiles.filter((f) => !loaded.has(f));
  if (unreached.length) fail(`files of the compiler's output no entry reaches: ${unreached.join(", ")}`);
  const assets = output.filter((o) => o.type !== "chunk");
  if (assets.length) fail(`unexpected assets: ${assets.map((a) => a.fileName).join(", ")}`);

  // New names, and each entry's static import closure.
  const chunks = new Map(output.map((chunk) => [chunk.fileName, chunk]));
  const newUrlOfFile = new Map();
  for (const chunk of output) if (chunk.isEntry) newUrlOfFile.set(chunk.facadeModuleId, fileToUrl(chunk.fileName));
  const closure = (fileName, seen = new Set()) => {
    for (const imported of chunks.get(fileName).imports) {
      if (!seen.has(imported)) {
        seen.add(imported);
        closure(imported, seen);
      }
    }
    return seen;
  };
  const importsOf = (url) => {
    const newUrl = newUrlOfFile.get(urlToFile(url));
    if (!newUrl) fail(`no output for ${url}`);
    return { module: newUrl, imports: [...closure(newUrl.slice(publicPath.length))].map(fileToUrl) };
  };

  // The manifest, rewritten in place (its key order kept): entry, then each route with the imports
  // its parents (and the entry) do not already have — Remix's optimizeRoutes.
  const entry = importsOf(manifest.entry.module);
  manifest.entry.module = entry.module;
  manifest.entry.imports = entry.imports;
  const full = new Map(Object.entries(manifest.routes).map(([id, route]) => [id, importsOf(route.module)]));
  for (const [id, route] of Object.entries(manifest.routes)) {
    const inherited = new Set(entry.imports);
    for (let parent = route.parentId; parent; parent = manifest.routes[parent].parentId) {
      full.get(parent).imports.forEach((u) => inherited.add(u));
    }
    const own = full.get(id);
    const imports = own.imports.filter((u) => !inherited.has(u));
    route.module = own.module;
    route.imports = imports.length ? imports : undefined;
  }
  const version = sha(JSON.stringify({ entry: manifest.entry, routes: manifest.routes })).slice(0, 8);
  manifest.version = version;
  const manifestName = `manifest-${version.toUpperCase()}.js`;
  manifest.url = publicPath + manifestName;
  const manifestJson = JSON.stringify(manifest);

  // Replace the compiler's JavaScript with Rollup's (CSS and other assets stay).
  for (const file of [...jsFiles, client.file]) rmSync(file);
  for (const chunk of output) {
    const file = path.join(buildDir, chunk.fileName);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, chunk.code);
  }
  writeFileSync(path.join(buildDir, manifestName), `window.__remixManifest=${manifestJson};`);
  server.lines[server.index] = `${SERVER_MANIFEST_PREFIX}${manifestJson};`;
  writeFileSync(serverFile, server.lines.join("\n"));

  return {
    before: jsFiles.length + 1,
    after: output.length + 1,
    smallest: Math.min(...output.map((c) => Buffer.byteLength(c.code))),
    manifest: manifest.url,
  };
}
