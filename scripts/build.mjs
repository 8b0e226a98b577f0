// npm run build: `remix build` (the classic compiler, remix.config.js), the browser build
// re-bundled (scripts/rebundle.mjs), a Brotli and a gzip copy of every asset
// (scripts/precompress.mjs), and the server process bundled into build/server.mjs
// (scripts/build-server.mjs).
//
// One change to the compiler's browser build (ADR 008): Remix swaps each `*.server` module a
// route imports for an empty CommonJS module, and esbuild kept every one of those, unused as
// they are once the loader and action are gone, each as a ~100-byte chunk of its own (11 of the
// 36 files /cotizar loaded). Marking the empty modules side-effect free lets esbuild drop them.
// The plugin is reached through its module's exports object, which the compiler reads at each
// build; @remix-run/dev is pinned (2.17.5), and the build fails loudly if the module moves.
import { createRequire } from "node:module";
import { precompress } from "./precompress.mjs";
import { rebundle } from "./rebundle.mjs";
import { buildServer } from "./build-server.mjs";
import { SERVER_BUNDLE } from "./server-process.mjs";

const require = createRequire(import.meta.url);
const emptyModules = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
if (typeof emptyModules.emptyModulesPlugin !== "function") throw new Error("@remix-run/dev: emptyModulesPlugin not found (scripts/build.mjs)");
const original = emptyModules.emptyModulesPlugin;
emptyModules.emptyModulesPlugin = (...args) => {
  const plugin = original(...args);
  return {
    name: plugin.name,
    setup(build) {
      const proxy = Object.create(build);
      proxy.onResolve = (options, callback) =>
        build.onResolve(options, async (resolveArgs) => {
          const result = await callback(resolveArgs);
          return result ? { ...result, sideEffects: false } : result;
        });
      proxy.onLoad = build.onLoad.bind(build);
      return plugin.setup(proxy);
    },
  };
};

const { run } = require("@remix-run/dev/dist/cli/run.js");
try {
  await run(["build", ...process.argv.slice(2)]);
} catch (error) {
  if (error) console.error(error);
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rebundleStarted = performance.now();
try {
  const r = await rebundle();
  console.log(
    `rebundle: ${r.before} → ${r.after} JavaScript files (smallest ${r.smallest} B), ${r.manifest}, in ${Math.round(performance.now() - rebundleStarted)} ms`,
  );
} catch (error) {
  console.error(error);
  process.exit(1);
}
const started = performance.now();
const t = await precompress("public/build");
console.log(
  `precompress: ${t.files} files (${kb(t.rawBytes)}): Brotli ${kb(t.brBytes)}, gzip ${kb(t.gzipBytes)}, ${t.written} copies written in ${Math.round(performance.now() - started)} ms`,
);
const serverStarted = performance.now();
try {
  const s = await buildServer();
  console.log(`server: ${SERVER_BUNDLE} (${kb(s.bytes)}, ${s.modules} modules) in ${Math.round(performance.now() - serverStarted)} ms`);
} catch (error) {
  console.error(error);
  process.exit(1);
}
// The compiler leaves its esbuild service running; `remix build` exits the same way.
process.exit(0);
