import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// Two cores: PGlite takes 0.4–0.8 GB and a few seconds per instance, so at most two
// test files run at once. Integration files clone a migrated, seeded template database
// (tests/support/global-setup.ts) instead of migrating their own.

// Integration files that start the built server or other programs as child processes: each gets
// a fresh worker, as every file did before (ADR 043).
const NEEDS_OWN_PROCESS = [
  "tests/integration/process.test.ts",
  "tests/integration/charge-kill.test.ts",
  "tests/integration/html-validity.test.ts",
  "tests/integration/text-browser.test.ts",
];

// Both integration projects share one template database per run (tests/support/global-setup.ts).
const integration = { globalSetup: ["tests/support/global-setup.ts"], testTimeout: 60_000, hookTimeout: 120_000 };

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
          exclude: [...configDefaults.exclude, ...NEEDS_OWN_PROCESS],
          ...integration,
          // One module graph per worker (ADR 043, "Isolation, third attempt"): importing the app
          // again for every file was half the suite's time. A file's module state must stay per
          // database, per app, or be set again by the file's hooks; the leaks found are fixed.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: NEEDS_OWN_PROCESS,
          ...integration,
        },
      },
    ],
  },
});
