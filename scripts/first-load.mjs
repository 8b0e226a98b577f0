// The JavaScript a page loads on its first visit, from the build's manifest (public/build): the
// manifest file, the client entry and its imports, and for each route of the page (root down to
// the page's own) its module and its imports — what the server puts in <script>/<link
// rel=modulepreload>. Bytes are counted as served: the .br and .gz copies of
// scripts/precompress.mjs (computed the same way when a copy is missing). Used by the bench and
// by the CI budget (scripts/js-budget.mjs).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export function readManifest(publicDir = "public") {
  const dir = path.join(publicDir, "build");
  const file = readdirSync(dir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${dir}: run npm run build`);
  const manifest = JSON.parse(
    readFileSync(path.join(dir, file), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
  return { manifest, url: `/build/${file}` };
}

function served(publicDir, url) {
  const file = path.join(publicDir, url);
  const body = readFileSync(file);
  const br = existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).length
    : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(body, { level: 9 }).length;
  return { url, rawBytes: body.length, brBytes: br, gzipBytes: gzip };
}

/** First-load JavaScript of the route `routeId` (e.g. "routes/cotizar"). */
export function firstLoad(routeId, { publicDir = "public", manifest: given } = {}) {
  const { manifest, url } = given ?? readManifest(publicDir);
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`route ${routeId} not in the manifest`);
  const chain = [];
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
  const urls = new Set([url]);
  const add = (entry) => [entry.module, ...(entry.imports ?? [])].forEach((f) => urls.add(f));
  add(manifest.entry);
  chain.forEach(add);
  const files = [...urls].map((u) => served(publicDir, u));
  const sum = (key) => files.reduce((n, f) => n + f[key], 0);
  const css = [...new Set(chain.flatMap((r) => r.css ?? []))];
  return {
    route: routeId,
    files: files.length,
    cssFiles: css.length,
    rawBytes: sum("rawBytes"),
    brBytes: sum("brBytes"),
    gzipBytes: sum("gzipBytes"),
    smallest: files.reduce((a, b) => (b.rawBytes < a.rawBytes ? b : a)),
    list: files,
  };
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
