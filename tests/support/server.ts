import { serve } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { createApi } from "../../api/app";
import type { RateLimits } from "../../api/limits";
import type { PaymentProvider } from "../../api/services/payments";
import type { DatabaseHandle } from "../../api/db/client";
import { createServerApp, keepIdleConnections, type ServerAppOptions } from "../../server/app";
import { systemClock, type Clock } from "../../platform/clock";
import { createTestDatabase } from "./db";
import type { Logger } from "../../platform/logger";
import type { DocumentStore } from "../../api/services/document-store/store";

export type LogLine = { level: string; msg: string; fields?: Record<string, unknown> };

/** A logger that keeps its lines for assertions instead of printing them. */
export function memoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

let build: ServerBuild | undefined;
/** The Remix build made by `remix build` (npm test builds before running Vitest). */
export async function loadBuild(): Promise<ServerBuild> {
  build ??= (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  return build;
}

/**
 * The per-address limits of the test server unless a test passes its own: far above what a
 * suite does from 127.0.0.1 (often under a fixed clock, where nothing refills). Tests of the
 * limits pass DEFAULT_RATE_LIMITS (api/limits.ts) or smaller ones.
 */
const HIGH = { limit: 1_000_000, windowMs: 60_000 };
export const TEST_RATE_LIMITS: RateLimits = {
  signIn: HIGH,
  adminSignIn: HIGH,
  register: HIGH,
  anonymousQuote: HIGH,
  checkout: HIGH,
  passwordReset: HIGH,
  callback: HIGH,
};

export const TEST_JWT_SECRET = "integration-test-jwt-secret-0123456789abcdef";
/** The web's SESSION_SECRET in the test server: a test can sign a session cookie with it. */
export const TEST_SESSION_SECRET = "integration-test-session-secret-0123456789";

/**
 * Starts the whole server (web + mounted API, unless apiBaseUrl is given) on a random port
 * over real HTTP. Returns its base URL and a stop function.
 */
export async function startTestServer(opts: {
  database?: DatabaseHandle;
  apiBaseUrl?: string;
  logger?: Logger;
  checkReady?: ServerAppOptions["checkReady"];
  now?: Clock;
  /** 0 when the test changes the catalogue in the database and expects the next call to see it. */
  catalogueCacheMs?: number;
  publicBaseUrl?: string;
  /** Whether the API may say e-mails go out (an SMTP server is configured); false by default. */
  mailDelivery?: boolean;
  trustProxy?: ServerAppOptions["trustProxy"];
  draining?: ServerAppOptions["draining"];
  /** Per-address limits; TEST_RATE_LIMITS when not given. */
  rateLimits?: Partial<RateLimits>;
  /** The payment provider; the test gateway on the API's clock when not given. */
  payments?: PaymentProvider;
  /** The document store; in memory when not given. */
  documents?: DocumentStore;
}) {
  const logger = opts.logger ?? memoryLogger();
  const api = opts.database
    ? createApi({
        db: opts.database.db,
        readDb: opts.database.readDb,
        logger,
        now: opts.now ?? systemClock,
        jwtSecret: TEST_JWT_SECRET,
        catalogueCacheMs: opts.catalogueCacheMs,
        publicBaseUrl: opts.publicBaseUrl,
        mailDelivery: opts.mailDelivery,
        rateLimits: { ...TEST_RATE_LIMITS, ...opts.rateLimits },
        payments: opts.payments,
        documents: opts.documents,
      })
    : undefined;
  const app = createServerApp({
    build: await loadBuild(),
    mode: "test",
    logger,
    api,
    apiBaseUrl: opts.apiBaseUrl,
    sessionSecrets: [TEST_SESSION_SECRET],
    trustProxy: opts.trustProxy,
    draining: opts.draining,
    checkReady: opts.checkReady ?? (async () => opts.database?.ping()),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  // As in production: a test that pauses (a big insert) does not meet a connection closed under it.
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logger,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A fresh test database and a server over it for the whole test file: started before its first
 * test, stopped after its last. Read `database` and `server` inside tests, not at import time.
 */
export function testServerForFile(opts: Omit<Parameters<typeof startTestServer>[0], "database"> = {}): {
  database: DatabaseHandle;
  server: TestServer;
} {
  const context = {} as { database: DatabaseHandle; server: TestServer };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.server = await startTestServer({ ...opts, database: context.database });
  });
  afterAll(async () => {
    await context.server?.stop();
    await context.database?.close();
  });
  return context;
}
