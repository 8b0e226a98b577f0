// The one process a user starts: configuration, database, API, web, HTTP server, shutdown.
import { createAdaptorServer } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApi } from "./api/app";
import { parseRateLimits } from "./api/limits";
import { openDatabase, type DatabaseHandle } from "./api/db/client";
import { seedDatabase } from "./api/db/seed";
import { DEMO_RATE_LIMITS, demoDataWanted, seedDemoData } from "./api/db/seed/demo";
import { startOutboxWorker, type OutboxWorker } from "./api/services/mail";
import { startLifecycleScheduler, type LifecycleScheduler } from "./api/services/daily-run-schedule";
import { createPaymentProvider } from "./api/services/payments";
import { sweepChargeAttempts } from "./api/services/charge-attempts";
import { localDocumentStore } from "./api/services/document-store/local";
import { s3DocumentStore } from "./api/services/document-store/s3";
import { withChargeFault } from "./server/charge-fault";
import { createServerApp, keepIdleConnections } from "./server/app";
import { parseTrustProxy } from "./server/client-address";
import { ConfigError, documentsS3Config, loadConfig } from "./server/config";
import { listen, ListenError } from "./server/listen";
import { systemClock } from "./platform/clock";
import { errorFields, errorMessage, logger } from "./platform/logger";

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
const DRAIN_SECONDS = 10;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  process.env.LOG_LEVEL = config.LOG_LEVEL;

  const buildPath = path.resolve("build/index.js");
  if (!existsSync(buildPath)) {
    process.stderr.write("No hay compilación de la web: ejecute `npm run build` (o `npm start`, que compila).\n");
    process.exit(1);
  }

  // The port first: a port in use (most often this same server already running) ends the
  // process here, with one line, before it opens the database or starts any background work.
  // Until the web and the API are ready, every request answers 503 (so /readyz too).
  let handle: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    new Response("Cotiza está arrancando: vuelva a intentarlo en unos segundos.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  const server = createAdaptorServer({ fetch: (request, env) => handle(request, env), hostname: config.HOST });
  keepIdleConnections(server);
  try {
    await listen(server, config.PORT, config.HOST);
  } catch (error) {
    if (error instanceof ListenError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  if (config.generatedSecrets.length) {
    logger.warn(
      `${config.generatedSecrets.join(" y ")} no definida(s): se usa un valor generado guardado en ${path.join(config.DATA_DIR, "secrets.json")}. Defínalas en producción.`,
    );
  }
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

  // The API (and with it the database) is mounted unless API_BASE_URL points at another one.
  let database: DatabaseHandle | undefined;
  let outbox: OutboxWorker | undefined;
  let lifecycle: LifecycleScheduler | undefined;
  let api;
  if (!config.API_BASE_URL) {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_SECONDS * 1000,
      // A connection lost while in use (PostgreSQL restarted, a backend terminated): the request
      // answers 503 and the pool reconnects; one line in the log, the process stays up.
      onConnectionError: (error) => logger.warn("database connection lost", { error: errorMessage(error) }),
    });
    const seeded = await seedDatabase(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      log: (msg, fields) => logger.info(msg, fields),
    });
    if (seeded.adminCreated && seeded.generatedPassword) {
      // Printed once, on the run that creates the first superadmin; never stored in clear.
      process.stdout.write(
        `\n  Primer superadministrador creado: ${seeded.adminEmail}\n  Contraseña generada (se muestra solo esta vez): ${seeded.generatedPassword}\n\n`,
      );
    }
    const payments = withChargeFault(createPaymentProvider(undefined, { now: systemClock, db: database.db }), process.env);
    // Charges a process killed between the charge and the write left behind are given back (ADR 027); in the background.
    void sweepChargeAttempts({ db: database.db, payments, logger }).catch((error: unknown) =>
      logger.warn("charge attempts sweep failed", errorFields(error)),
    );
    // The links of e-mails (Mi póliza, a new password) need the site's address; on one machine it is this one.
    const publicBaseUrl = config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`;
    // The bucket when DOCUMENTS_S3_* are set (ADR 037), else files under DATA_DIR.
    const bucket = documentsS3Config(config);
    const documents = bucket ? s3DocumentStore(bucket) : localDocumentStore(path.join(config.DATA_DIR, "documents"));
    logger.info("document store", bucket ? { store: "s3", endpoint: bucket.endpoint, bucket: bucket.bucket } : { store: "local" });
    api = createApi({
      payments,
      documents,
      db: database.db,
      readDb: database.readDb,
      logger,
      now: systemClock,
      jwtSecret: config.jwtSecret,
      catalogueCacheMs: config.CATALOGUE_CACHE_SECONDS * 1000,
      publicBaseUrl,
      // The pages say "le hemos enviado un correo" only when e-mail can go out.
      mailDelivery: Boolean(config.SMTP_URL),
      rateLimits: config.RATE_LIMITS ? parseRateLimits(config.RATE_LIMITS) : undefined,
    });
    if (demoDataWanted(config)) {
      // Through an API of its own on the same database, with room for a dozen sign-ups from one address.
      const demoApi = createApi({
        payments,
        documents,
        db: database.db,
        logger,
        now: systemClock,
        jwtSecret: config.jwtSecret,
        catalogueCacheMs: 0,
        rateLimits: DEMO_RATE_LIMITS,
      });
      await seedDemoData(database.db, demoApi, (msg, fields) => logger.info(msg, fields)).catch((error: unknown) =>
        logger.warn("no se han podido crear los datos de demostración", errorFields(error)),
      );
    }
    // Sends the queued e-mails (policy confirmations) through SMTP_URL; without it they wait.
    outbox = startOutboxWorker({ db: database.db, smtpUrl: config.SMTP_URL, logger, documents });
    // The daily policy run (charges, suspensions, renewals…), once a day across instances.
    if (config.LIFECYCLE_INTERVAL_MINUTES > 0) {
      lifecycle = startLifecycleScheduler({ db: database.db, payments, logger, publicBaseUrl }, systemClock, {
        intervalMs: config.LIFECYCLE_INTERVAL_MINUTES * 60_000,
      });
    }
  }

  let draining = false;
  const app = createServerApp({
    draining: () => draining,
    build,
    mode: config.NODE_ENV,
    logger,
    api,
    apiBaseUrl: config.API_BASE_URL,
    sessionSecrets: config.sessionSecrets,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    checkReady: async () => {
      if (database) await database.ping();
    },
  });

  handle = (request, env) => app.fetch(request, env as Parameters<typeof app.fetch>[1]);
  const { port } = server.address() as AddressInfo;
  logger.info(`Cotiza escuchando en http://localhost:${port}`, {
    port,
    database: database ? database.kind : "none (API_BASE_URL)",
    mode: config.NODE_ENV,
  });

  const shutdown = (signal: string) => {
    if (draining) return;
    // Drain: /readyz is 503 and every answer says Connection: close from now on; no new
    // connections; idle keep-alive connections close now, busy ones after their answer; the
    // background work and the database stop once the last request has finished.
    draining = true;
    logger.info("shutting down", { signal, drainSeconds: DRAIN_SECONDS });
    const force = setTimeout(() => {
      logger.warn(`forced exit after ${DRAIN_SECONDS} s`);
      process.exit(1);
    }, DRAIN_SECONDS * 1000);
    force.unref();
    server.close(async () => {
      try {
        await lifecycle?.stop();
      } catch (error) {
        logger.error("lifecycle stop failed", errorFields(error));
      }
      try {
        await outbox?.stop();
      } catch (error) {
        logger.error("outbox stop failed", errorFields(error));
      }
      try {
        await database?.close();
      } catch (error) {
        logger.error("database close failed", errorFields(error));
      }
      logger.info("stopped");
      process.exit(0);
    });
    // A connection that was busy when the signal came and is idle now (its client ignored
    // Connection: close) is closed on the next tick of this timer.
    const closeIdle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    closeIdle();
    setInterval(closeIdle, 250).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  logger.error("startup failed", errorFields(error));
  process.exit(1);
});
