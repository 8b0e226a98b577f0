// The customer's retry of a checkout that the database cut short (ADR 017 amended): the
// claim the failed request left behind does not keep the same key waiting, the retry completes
// with the one charge the provider already made, and another key still waits for the claim.
//
// The outage is simulated inside the database, so that it hits exactly between the charge and the
// write on both engines: triggers that fail with SQLSTATE 57P01 ("terminating connection due to
// administrator command", what a restarted PostgreSQL answers) on writing a policy and on
// releasing the claim. tests/integration/database-outage.test.ts does it for real on PostgreSQL.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { ApiApp } from "../../api/env";
import type { DatabaseHandle } from "../../api/db/client";
import { checkoutClaims, payments, policies } from "../../api/db/schema";
import { CHECKOUT_IN_PROGRESS_MESSAGE } from "../../api/contract/checkout";
import { CHECKOUT_CLAIM_LEASE_MS } from "../../api/db/checkout-claims.repo";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../../api/db/unavailable";
import { nifCheckLetter } from "../../api/domain/nif";
import { TestGateway, type ChargeRequest, type ChargeResult, type RefundRequest } from "../../api/services/payments";
import { checkoutBody } from "../support/checkout";
import { createTestDatabase } from "../support/db";
import { ALQUILER } from "../support/quote-inputs";
import { memoryLogger, TEST_JWT_SECRET, TEST_RATE_LIMITS } from "../support/server";

/**
 * A provider that keeps what it did, as a real one does: a charge repeated with its idempotency
 * key answers the first one and takes no money; `beforeAnswer` runs once the money is taken.
 */
class RecordingGateway extends TestGateway {
  readonly charged = new Map<string, ChargeResult>();
  readonly calls: string[] = [];
  readonly refunds: RefundRequest[] = [];
  beforeAnswer: (() => Promise<void>) | null = null;
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.calls.push(request.idempotencyKey);
    const known = this.charged.get(request.idempotencyKey);
    if (known) return known;
    const result = await super.charge(request);
    if (result.status === "accepted") this.charged.set(request.idempotencyKey, result);
    const hook = this.beforeAnswer;
    this.beforeAnswer = null;
    await hook?.();
    return result;
  }
  override async refund(request: RefundRequest): Promise<ChargeResult> {
    this.refunds.push(request);
    return super.refund(request);
  }
}

let database: DatabaseHandle;
let api: ApiApp;
let now = new Date("2026-03-10T09:00:00.000Z");
const gateway = new RecordingGateway();
const logger = memoryLogger();

beforeAll(async () => {
  database = await createTestDatabase();
  api = createApi({
    db: database.db,
    readDb: database.readDb,
    logger,
    now: () => now,
    jwtSecret: TEST_JWT_SECRET,
    payments: gateway,
    rateLimits: TEST_RATE_LIMITS,
  });
});
afterAll(async () => {
  await database?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "x-cotiza-client-ip": "192.0.2.27" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await api.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The database "goes away" for writing policies and releasing claims (see the header). */
async function outageStarts() {
  await database.db.execute(sql`create or replace function simulated_outage() returns trigger language plpgsql as $$
    begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`);
  await database.db.execute(
    sql`create trigger simulated_outage_policies before insert on policies for each statement execute function simulated_outage()`,
  );
  await database.db.execute(
    sql`create trigger simulated_outage_claims before update or delete on checkout_claims for each statement execute function simulated_outage()`,
  );
}
async function outageEnds() {
  await database.db.execute(sql`drop trigger if exists simulated_outage_policies on policies`);
  await database.db.execute(sql`drop trigger if exists simulated_outage_claims on checkout_claims`);
}

let visitors = 0;
async function visitorWithQuote() {
  visitors += 1;
  const registered = await call("POST", "/auth/register", {
    name: "Nuria Reintento",
    email: `reintento${visitors}@example.com`,
    password: "Gazpacho-andaluz-2026",
  });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const quote = await call("POST", "/quotes", { line: "alquiler", inputs: ALQUILER }, token);
  expect(quote.status).toBe(201);
  const digits = String(27_000_000 + visitors);
  return { token, quoteId: quote.body.id as string, plan: quote.body.plans[0].code as string, nif: `${digits}${nifCheckLetter(digits)}` };
}

const OTHER_INSTANCE = "otra-maquina:1:0badc0de";

/** A claim another instance took `ageMs` ago (its last heartbeat), as if it still held it or had died. */
async function leftBehind(quoteId: string, idempotencyKey: string, ageMs: number) {
  const at = new Date(now.getTime() - ageMs);
  await database.db
    .insert(checkoutClaims)
    .values({ quoteId, idempotencyKey, claimedAt: at, heartbeatAt: at, holder: OTHER_INSTANCE, lease: crypto.randomUUID() });
}

const policiesOfKey = async (key: string) => (await database.db.select({ n: count() }).from(policies).where(eq(policies.idempotencyKey, key)))[0]!.n;

describe("reintentar una contratación que cortó una caída de la base de datos", () => {
  it("el reintento con la misma clave contrata enseguida, con el único cobro ya hecho y sin devolución", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const body = checkoutBody(nif, { plan }, "alquiler");
    gateway.beforeAnswer = outageStarts;
    let failed: Awaited<ReturnType<typeof call>>;
    try {
      failed = await call("POST", `/quotes/${quoteId}/checkout`, body, token);
    } finally {
      await outageEnds();
    }
    expect(failed).toEqual({ status: 503, body: { error: DATABASE_UNAVAILABLE_MESSAGE } });
    // The failed request could not release its claim: it is still there.
    expect(await database.db.select({ key: checkoutClaims.idempotencyKey }).from(checkoutClaims).where(eq(checkoutClaims.quoteId, quoteId))).toEqual([
      { key: body.idempotencyKey },
    ]);

    const retry = await call("POST", `/quotes/${quoteId}/checkout`, body, token);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await policiesOfKey(body.idempotencyKey)).toBe(1);
    // One charge at the provider (the retry asked again with the attempt's key and got the same one), never refunded.
    const attemptKey = `checkout-${quoteId}-1`;
    expect(gateway.calls.filter((k) => k === attemptKey)).toHaveLength(2);
    expect(gateway.refunds).toEqual([]);
    const [payment] = await database.db.select({ providerRef: payments.providerRef }).from(payments).where(eq(payments.policyId, retry.body.id));
    expect(gateway.charged.get(attemptKey)).toMatchObject({ status: "accepted", providerRef: payment!.providerRef });
    expect(await database.db.select().from(checkoutClaims).where(eq(checkoutClaims.quoteId, quoteId))).toEqual([]);
  });

  it("la reserva de otra instancia cuyo latido se paró hace más de 15 s se retoma con la misma clave, sin cobrar otra vez", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const body = checkoutBody(nif, { plan }, "alquiler");
    // The other instance recorded its attempt and charged, then died before the answer was written (its claim stayed).
    gateway.beforeAnswer = async () => {
      throw new Error("el proceso muere tras el cobro");
    };
    expect((await call("POST", `/quotes/${quoteId}/checkout`, body, token)).status).toBe(500);
    await leftBehind(quoteId, body.idempotencyKey, 16_000);

    const retry = await call("POST", `/quotes/${quoteId}/checkout`, body, token);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await policiesOfKey(body.idempotencyKey)).toBe(1);
    const attemptKey = `checkout-${quoteId}-1`;
    expect(gateway.calls.filter((k) => k === attemptKey)).toHaveLength(2);
    expect(gateway.charged.get(attemptKey)).toMatchObject({ status: "accepted" });
    expect(gateway.refunds).toEqual([]);
  });

  it("la reserva de una petición viva (latido reciente) no se retoma: el reintento espera y la retoma cuando el latido se para", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const body = checkoutBody(nif, { plan }, "alquiler");
    await leftBehind(quoteId, body.idempotencyKey, 2_000);

    const retry = call("POST", `/quotes/${quoteId}/checkout`, body, token);
    // While the holder's heartbeat is fresh, the retry waits: it neither charges nor takes the claim.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(gateway.calls).not.toContain(`checkout-${quoteId}-1`);
    expect(await database.db.select({ holder: checkoutClaims.holder }).from(checkoutClaims).where(eq(checkoutClaims.quoteId, quoteId))).toEqual([
      { holder: OTHER_INSTANCE },
    ]);
    // No heartbeat for 15 s more: the holder is gone, and the waiting retry completes the checkout.
    now = new Date(now.getTime() + 15_000);
    const answer = await retry;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await policiesOfKey(body.idempotencyKey)).toBe(1);
  });

  it("otra clave sigue esperando a la reserva: 409 aunque su petición ya no exista, y la retoma pasados 2 minutos sin latido", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const first = checkoutBody(nif, { plan }, "alquiler");
    await leftBehind(quoteId, first.idempotencyKey, 16_000);
    const other = { ...first, idempotencyKey: crypto.randomUUID() };
    const refused = await call("POST", `/quotes/${quoteId}/checkout`, other, token);
    expect(refused).toEqual({ status: 409, body: { error: CHECKOUT_IN_PROGRESS_MESSAGE } });
    expect(gateway.calls).not.toContain(`checkout-${quoteId}-1`);

    now = new Date(now.getTime() + CHECKOUT_CLAIM_LEASE_MS);
    const taken = await call("POST", `/quotes/${quoteId}/checkout`, other, token);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});
