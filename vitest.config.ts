import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two cores: PGlite takes 0.4–0.8 GB and a few seconds per instance, so at most two
// test files run at once. Integration files clone a migrated, seeded template database
// (tests/support/global-setup.ts) instead of migrating their own.
// The files that start the built server or a browser as child processes (and the HTML checker's
// Java), and time them: each keeps a worker of its own.
const SPAWNING_FILES = [
  "tests/integration/process.test.ts",
  "tests/integration/charge-kill.test.ts",
  "tests/integration/html-validity.test.ts",
  "tests/integration/text-browser.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "api/**/*.test.ts", "server/**/*.test.ts", "platform/**/*.test.ts"],
          environment: "node",
          // One module graph per worker instead of one per file: importing the app again for every
          // file was 70 of the 90 s (measured 93 s → 28 s). Unit tests keep no state in modules.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: SPAWNING_FILES,
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As in the unit project: each file gets its own database and server by argument
          // (tests/support/db.ts, server.ts), never through module state, so the app's modules are
          // imported once per worker, not once per file (ADR 043).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-processes",
          include: SPAWNING_FILES,
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
