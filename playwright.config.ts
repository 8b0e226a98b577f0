import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/server-process.mjs";

// Debian's Chromium where it exists (this machine and CI): its headless shell first, the browser
// Playwright itself runs headless, which costs about a third less CPU than the full browser in
// headless mode (ADR 043); then Debian's full browser; Playwright's own browser elsewhere.
const debianChromium = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
const launchOptions = debianChromium
  ? {
      executablePath: debianChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
    }
  : {};

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: "admin@cotiza.test", password: "Admin-Cotiza-2026!" };
/** The e2e server's SESSION_SECRET: tests/e2e/fixtures.ts signs session cookies with it. */
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";

export default defineConfig({
  testDir: "tests/e2e",
  // A real SMTP server the e2e server sends to (tests/e2e/mail-server.ts).
  globalSetup: "./tests/e2e/mail-server.ts",
  // After the last test, while the webServer still runs: its payments reconciliation must be empty.
  globalTeardown: "./tests/e2e/reconciliation-teardown.ts",
  fullyParallel: true,
  // Two browsers, the server and the specs' own servers share two cores in CI: a step waits up to
  // 10 s and a test up to a minute before either counts as failed (ADR 043).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // In CI a failed test runs once more; tests/support/flaky-reporter.ts lists those that needed it.
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }], ["./tests/support/flaky-reporter.ts"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    // A trace only of a test's retry (CI retries a failure once): recording every test's
    // screencast and DOM snapshots cost a third of the run's time (ADR 043). Locally: --trace=on.
    trace: "on-first-retry",
    launchOptions,
  },
  projects: [
    {
      name: "js-on",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true },
      // Every check of this spec is a full page load answered by the server's guard, the same with
      // or without JavaScript: run once (js-off), not twice.
      testIgnore: ["**/admin-authorization.spec.ts"],
    },
    { name: "js-off", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
  ],
  // The built server, as a user runs it, on a fresh embedded database.
  webServer: {
    command: `rm -rf .cache/e2e-data && node ${SERVER_NODE_FLAGS.join(" ")} build/server.mjs`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: ".cache/e2e-data",
      SESSION_SECRET: E2E_SESSION_SECRET,
      JWT_SECRET: "e2e-jwt-secret-0123456789-abcdefghijklmnopqrstu",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      // tests/e2e/mail-server.ts listens on the next port.
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
      // The suites register, quote and check out many times from one address (127.0.0.1);
      // sign-ins keep the production limit (they fail only a few times).
      RATE_LIMITS: "register=100000/3600,anonymousQuote=100000/600,checkout=100000/600",
      // tests/e2e/address-limits.spec.ts speaks from its own address through X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1,::1",
    },
  },
});
