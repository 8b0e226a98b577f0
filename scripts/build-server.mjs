// The server process (server.ts: config, database, API, web, HTTP) bundled into build/server.mjs,
// which `npm start`, `npm run serve`, the e2e tests and the bench run with plain node. Running the
// TypeScript through tsx cost ~45 MB of RSS on PostgreSQL (a ~15 % of the process; tsx's compiler
// and its cache stay loaded) and a slower start (ADR 008, memory). Packages stay external
// (node_modules is there at run time); our modules are bundled.
//
// A module that finds files next to itself (api/db/client.ts: the migrations) reads its own
// import.meta.url: in the bundle that would be build/server.mjs, so each module's import.meta.url
// is rewritten to its source file's URL, relative to the bundle. A source map is written beside it
// (node --enable-source-maps build/server.mjs for stacks in TypeScript lines).
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { SERVER_BUNDLE } from "./server-process.mjs";

// The compiler's own esbuild (pinned with @remix-run/dev), as scripts/rebundle.mjs uses.
const require = createRequire(import.meta.url);
const esbuild = createRequire(require.resolve("@remix-run/dev/package.json"))("esbuild");

const ownImportMetaUrl = (outDir) => ({
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url") || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join("/");
      return { contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: "ts" };
    });
  },
});

export async function buildServer({ entry = "server.ts", outfile = SERVER_BUNDLE } = {}) {
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    metafile: true,
    plugins: [ownImportMetaUrl(path.dirname(path.resolve(outfile)))],
  });
  return { bytes: result.metafile.outputs[outfile]?.bytes ?? 0, modules: Object.keys(result.metafile.inputs).length };
}
