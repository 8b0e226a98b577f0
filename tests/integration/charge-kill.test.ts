// The process killed between the charge and the commit (ADR 027; issue 22 "No money taken without
// a policy"). The built server (build/server.mjs) runs as a child process with
// COTIZA_FAULT=exit-after-charge: it exits the moment the test gateway has taken a checkout's
// money, before anything else is written. Restarted on the same data dir, the attempt ends
// completed (the customer's retry with the same key gets the same charge, never a second one) or
// refunded (the sweep, when nobody comes back), and the reconciliation is empty.
// PGlite on disk in both CI runs (the env is built here), as ./process.test.ts.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { chargeAttempts, gatewayCharges } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import { sweepChargeAttempts } from "../../api/services/charge-attempts";
import { createPaymentProvider } from "../../api/services/payments";
import { reconcile } from "../../api/services/reconciliation";
import { checkoutBody } from "../support/checkout";
import { ALQUILER } from "../support/quote-inputs";
import { memoryLogger } from "../support/server";

const ADMIN = { email: "kill@cotiza.test", password: "Admin-Kill-Test-2026!" };
const EMPTY = { chargesWithoutPayment: [], recibosWithoutCharge: [], remittancesMismatched: [] };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startServer(dataDir: string, port: number, fault: boolean) {
  const child = spawn(process.execPath, ["build/server.mjs"], {
    env: {
      NODE_ENV: "development",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "charge-kill-session-secret-0123456789abcdef",
      JWT_SECRET: "charge-kill-jwt-secret-0123456789abcdefghij",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: "0",
      LIFECYCLE_INTERVAL_MINUTES: "0",
      RATE_LIMITS: "register=1000/60",
      ...(fault ? { COTIZA_FAULT: "exit-after-charge" } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stdout.resume();
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitReady(port: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become ready");
}

function client(port: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
  return async (method: string, apiPath: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`http://127.0.0.1:${port}/api${apiPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
}

/** A visitor with a quote, and the checkout body they will submit (the form keeps its key across retries). */
async function visitorWithQuote(call: ReturnType<typeof client>, n: number) {
  const registered = await call("POST", "/auth/register", { name: "Marta Corte", email: `corte${n}@example.com`, password: "Gazpacho-andaluz-2026" });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const quote = await call("POST", "/quotes", { line: "alquiler", inputs: ALQUILER }, token);
  expect(quote.status).toBe(201);
  const digits = String(29_000_000 + n);
  return {
    token,
    quoteId: quote.body.id as string,
    body: checkoutBody(`${digits}${nifCheckLetter(digits)}`, { plan: quote.body.plans[0].code }, "alquiler"),
  };
}

/** Starts the faulty server, submits the checkout and waits for the process to die after the charge. */
async function killedAfterCharge(dataDir: string, n: number) {
  const port = await freePort();
  const run = startServer(dataDir, port, true);
  try {
    await waitReady(port);
    const call = client(port);
    const visitor = await visitorWithQuote(call, n);
    await expect(call("POST", `/quotes/${visitor.quoteId}/checkout`, visitor.body, visitor.token)).rejects.toThrow();
    expect(await run.exited).toBe(137);
    expect(run.stderr()).toContain("exit-after-charge");
    return visitor;
  } finally {
    run.child.kill("SIGKILL");
  }
}

async function stop(run: ReturnType<typeof startServer>) {
  run.child.kill("SIGTERM");
  await run.exited;
}

describe("el proceso muere entre el cobro y el commit", () => {
  it("al reiniciar, el reintento del cliente con la misma clave completa la contratación con ese cobro, y la conciliación está vacía", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "cotiza-kill-")), "data");
    const visitor = await killedAfterCharge(dataDir, 1);

    const port = await freePort();
    const run = startServer(dataDir, port, false);
    try {
      await waitReady(port);
      const call = client(port);
      // The dead process's claim is taken over once its heartbeat is 15 s old: the retry waits for it.
      const retry = await call("POST", `/quotes/${visitor.quoteId}/checkout`, visitor.body, visitor.token);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      const login = await call("POST", "/admin/auth/login", ADMIN);
      expect(login.status).toBe(200);
      expect(await call("GET", "/admin/payments/reconciliation", undefined, login.body.token)).toEqual({ status: 200, body: EMPTY });
    } finally {
      await stop(run);
    }

    const database = await openDatabase({ dataDir });
    try {
      const attempts = await database.db
        .select()
        .from(chargeAttempts)
        .where(eq(chargeAttempts.subject, `checkout-${visitor.quoteId}`));
      expect(attempts.map((a) => [a.attempt, a.status])).toEqual([[1, "registrado"]]);
      const charges = await database.db
        .select()
        .from(gatewayCharges)
        .where(like(gatewayCharges.idempotencyKey, `checkout-${visitor.quoteId}-%`));
      expect(charges.map((c) => [c.kind, c.status])).toEqual([["charge", "captured"]]);
    } finally {
      await database.close();
    }
  }, 400_000);

  it("si nadie vuelve, el barrido de intentos devuelve el cobro, y la conciliación está vacía", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "cotiza-kill-")), "data");
    const visitor = await killedAfterCharge(dataDir, 2);

    // Restarted in this process on the same data dir; the attempt is settled now rather than after its 2 minutes.
    const database = await openDatabase({ dataDir });
    try {
      const payments = createPaymentProvider(undefined, { db: database.db });
      const summary = await sweepChargeAttempts({ db: database.db, payments, logger: memoryLogger() }, 0);
      expect(summary).toEqual({ registrados: 0, reembolsados: 1, sinCobro: 0, fallidos: 0 });
      const attempts = await database.db
        .select()
        .from(chargeAttempts)
        .where(eq(chargeAttempts.subject, `checkout-${visitor.quoteId}`));
      expect(attempts.map((a) => [a.attempt, a.status])).toEqual([[1, "reembolsado"]]);
      const [charge] = await database.db
        .select()
        .from(gatewayCharges)
        .where(eq(gatewayCharges.idempotencyKey, `checkout-${visitor.quoteId}-1`));
      expect(charge).toMatchObject({ kind: "charge", status: "refunded" });
      expect(await reconcile(database.db)).toEqual(EMPTY);
    } finally {
      await database.close();
    }
  }, 400_000);
});
