// How the built server is started: its bundle and the node flags it runs with. Kept apart from
// build-server.mjs so that what only starts the server (the e2e config, the bench) does not load
// the compiler's esbuild.

export const SERVER_BUNDLE = "build/server.mjs";

/**
 * The V8 heap settings the server runs with (`npm start`, `npm run serve`, the e2e server, the
 * bench; package.json repeats them, server/node-flags.test.ts keeps the copies equal). Node 24 on a
 * machine with a large memory gives the young generation 64 MB semi-spaces (134 MB committed) and
 * lets the old generation grow to several times the live set before a full collection: on
 * PostgreSQL the process peaked at 545-585 MB under the bench's load with ~60 MB live. With 16 MB
 * semi-spaces (the default of earlier Node versions) and the old generation grown by half its live
 * set, it peaked at ~290 MB with the same req/s (ADR 047). They are heap settings V8 reads only at
 * start: they cannot be set from inside the process.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=50"];
