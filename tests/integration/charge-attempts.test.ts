// Issue 22's two measurements under database faults, and ADR 027's answers to them: a refunded
// charge is never a payment (the checkout's retry and the daily run's next attempt take a new key
// and charge again), a retry with another key after the claim lease does not charge twice, and
// the reconciliation is empty after all of it. The faults are triggers that fail the write after
// the charge, on both engines (as in ./checkout-retry.test.ts).
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { ApiApp } from "../../api/env";
import type { DatabaseHandle } from "../../api/db/client";
import { DatabaseGatewayBooks } from "../../api/db/gateway-books.repo";
import { chargeAttempts, checkoutClaims, gatewayCharges, payments, recibos } from "../../api/db/schema";
import { CHECKOUT_CLAIM_LEASE_MS } from "../../api/db/checkout-claims.repo";
import { nifCheckLetter } from "../../api/domain/nif";
import { runLifecycleDay } from "../../api/services/daily-run";
import { reconcile } from "../../api/services/reconciliation";
import { sweepChargeAttempts } from "../../api/services/charge-attempts";
import { TestGateway, type ChargeRequest, type ChargeResult } from "../../api/services/payments";
import { checkoutBody } from "../support/checkout";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { ALQUILER } from "../support/quote-inputs";
import { memoryLogger, TEST_JWT_SECRET, TEST_RATE_LIMITS } from "../support/server";

/** The stateful test gateway on the database's books, counting its calls; `beforeAnswer` runs once the money is taken. */
class CountingGateway extends TestGateway {
  readonly calls: string[] = [];
  beforeAnswer: (() => Promise<void>) | null = null;
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.calls.push(request.idempotencyKey);
    const result = await super.charge(request);
    const hook = this.beforeAnswer;
    this.beforeAnswer = null;
    await hook?.();
    return result;
  }
}

let database: DatabaseHandle;
let api: ApiApp;
let gateway: CountingGateway;
const now = new Date("2026-03-10T09:00:00.000Z");
const logger = memoryLogger();

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = new CountingGateway({ now: () => now, books: new DatabaseGatewayBooks(database.db) });
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
  const headers: Record<string, string> = { "x-cotiza-client-ip": "192.0.2.28" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await api.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

let visitors = 0;
async function visitorWithQuote() {
  visitors += 1;
  const registered = await call("POST", "/auth/register", {
    name: "Irene Intento",
    email: `intento${visitors}@example.com`,
    password: "Gazpacho-andaluz-2026",
  });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const quote = await call("POST", "/quotes", { line: "alquiler", inputs: ALQUILER }, token);
  expect(quote.status).toBe(201);
  const digits = String(28_000_000 + visitors);
  return { token, quoteId: quote.body.id as string, plan: quote.body.plans[0].code as string, nif: `${digits}${nifCheckLetter(digits)}` };
}

/** The write after the charge fails (an error of the database that is not an outage) until `faultEnds`. */
async function faultOn(table: "policies" | "payments") {
  await database.db.execute(sql`create or replace function simulated_fault() returns trigger language plpgsql as $$
    begin raise exception 'fallo simulado al escribir'; end $$`);
  await database.db.execute(
    sql.raw(`create trigger simulated_fault_${table} before insert on ${table} for each statement execute function simulated_fault()`),
  );
}
async function faultEnds(table: "policies" | "payments") {
  await database.db.execute(sql.raw(`drop trigger if exists simulated_fault_${table} on ${table}`));
}

const attemptsOf = (subjectPrefix: string) =>
  database.db
    .select({ key: chargeAttempts.providerKey, status: chargeAttempts.status, providerRef: chargeAttempts.providerRef })
    .from(chargeAttempts)
    .where(like(chargeAttempts.subject, `${subjectPrefix}%`))
    .orderBy(chargeAttempts.attempt);
const booked = async (key: string) => (await database.db.select().from(gatewayCharges).where(eq(gatewayCharges.idempotencyKey, key)))[0];
const paymentRefOfPolicy = async (policyId: number) =>
  (
    await database.db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(and(eq(payments.policyId, policyId), eq(payments.status, "aceptado")))
  )[0]!.ref;

describe("un cobro devuelto nunca es un pago", () => {
  it("la contratación cuya escritura falla tras el cobro devuelve el cobro, y el reintento con la misma clave cobra de nuevo con otro intento", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const body = checkoutBody(nif, { plan }, "alquiler");
    await faultOn("policies");
    let failed: Awaited<ReturnType<typeof call>>;
    try {
      failed = await call("POST", `/quotes/${quoteId}/checkout`, body, token);
    } finally {
      await faultEnds("policies");
    }
    expect(failed.status).toBe(500);
    const first = `checkout-${quoteId}-1`;
    expect(await attemptsOf(`checkout-${quoteId}`)).toEqual([
      { key: first, status: "reembolsado", providerRef: expect.stringMatching(/^test_card_/) },
    ]);
    // The gateway keeps the refund: the same key answers the same charge, refunded (what made 29 of 57 policies "paid").
    expect(await booked(first)).toMatchObject({ status: "refunded" });
    expect(
      await gateway.charge({ amountCents: 1, payment: body.payment as ChargeRequest["payment"], idempotencyKey: first, description: "" }),
    ).toEqual({
      status: "refunded",
      providerRef: (await booked(first))!.providerRef,
    });

    const retry = await call("POST", `/quotes/${quoteId}/checkout`, body, token);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    const attempts = await attemptsOf(`checkout-${quoteId}`);
    expect(attempts.map((a) => [a.key, a.status])).toEqual([
      [first, "reembolsado"],
      [`checkout-${quoteId}-2`, "registrado"],
    ]);
    const paidBy = await paymentRefOfPolicy(retry.body.id);
    expect(paidBy).toBe(attempts[1]!.providerRef);
    expect(paidBy).not.toBe(attempts[0]!.providerRef);
    expect(await booked(`checkout-${quoteId}-2`)).toMatchObject({ status: "captured", providerRef: paidBy });
  });

  it("otra clave, pasada la reserva del proceso que murió tras cobrar, completa con ese cobro: nunca cobra dos veces", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const first = checkoutBody(nif, { plan }, "alquiler");
    gateway.beforeAnswer = async () => {
      throw new Error("el proceso muere tras el cobro");
    };
    expect((await call("POST", `/quotes/${quoteId}/checkout`, first, token)).status).toBe(500);
    // Its claim stayed behind (the process died), its heartbeat older than the lease.
    const at = new Date(now.getTime() - CHECKOUT_CLAIM_LEASE_MS - 1_000);
    await database.db.insert(checkoutClaims).values({
      quoteId,
      idempotencyKey: first.idempotencyKey,
      claimedAt: at,
      heartbeatAt: at,
      holder: "otra-maquina:1:dead",
      lease: crypto.randomUUID(),
    });

    const other = { ...first, idempotencyKey: crypto.randomUUID() };
    const bought = await call("POST", `/quotes/${quoteId}/checkout`, other, token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const charges = await database.db
      .select()
      .from(gatewayCharges)
      .where(like(gatewayCharges.idempotencyKey, `checkout-${quoteId}-%`));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: "captured", providerRef: await paymentRefOfPolicy(bought.body.id) });
    expect(await attemptsOf(`checkout-${quoteId}`)).toEqual([
      { key: `checkout-${quoteId}-1`, status: "registrado", providerRef: charges[0]!.providerRef },
    ]);
  });

  it("el cobro por mandato del proceso diario cuya transacción falla tras cobrar se devuelve, y el siguiente intento cobra con otra clave", async () => {
    const { token, quoteId, plan, nif } = await visitorWithQuote();
    const bought = await call("POST", `/quotes/${quoteId}/checkout`, checkoutBody(nif, { plan, frequency: "mensual" }, "alquiler"), token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const [second] = await database.db
      .select()
      .from(recibos)
      .where(and(eq(recibos.policyId, bought.body.id), eq(recibos.sequence, 2)));
    const day = second!.dueDate;
    const deps = { db: database.db, payments: gateway, logger };
    const at = () => new Date(`${day}T08:00:00.000Z`);

    await faultOn("payments");
    try {
      expect((await runLifecycleDay(deps, day, at)).errores).toBeGreaterThan(0);
    } finally {
      await faultEnds("payments");
    }
    const first = `recibo-${second!.id}-1`;
    expect((await database.db.select({ status: recibos.status }).from(recibos).where(eq(recibos.id, second!.id)))[0]!.status).toBe("pendiente");
    expect(await attemptsOf(`recibo-${second!.id}`)).toMatchObject([{ key: first, status: "reembolsado" }]);
    expect(await booked(first)).toMatchObject({ status: "refunded" });

    // The next run: a new attempt, a new charge; never the refunded one.
    expect((await runLifecycleDay(deps, day, at)).cobrados).toBeGreaterThan(0);
    const attempts = await attemptsOf(`recibo-${second!.id}`);
    expect(attempts.map((a) => [a.key, a.status])).toEqual([
      [first, "reembolsado"],
      [`recibo-${second!.id}-2`, "registrado"],
    ]);
    const [paid] = await database.db.select().from(recibos).where(eq(recibos.id, second!.id));
    expect(paid!.status).toBe("cobrado");
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.reciboId, second!.id), eq(payments.status, "aceptado")));
    expect(await booked(`recibo-${second!.id}-2`)).toMatchObject({ status: "captured", providerRef: payment!.providerRef });
  });

  it("ningún recibo cobrado lo paga un cobro devuelto, y la conciliación está vacía (también por la API, con payments:read)", async () => {
    const paidByRefunded = await database.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(gatewayCharges, eq(gatewayCharges.providerRef, payments.providerRef))
      .where(and(eq(payments.status, "aceptado"), eq(gatewayCharges.status, "refunded")));
    expect(paidByRefunded).toEqual([]);
    // Nothing open is left for the sweep either.
    expect(await sweepChargeAttempts({ db: database.db, payments: gateway, logger }, 0)).toEqual({
      registrados: 0,
      reembolsados: 0,
      sinCobro: 0,
      fallidos: 0,
    });
    const empty = { chargesWithoutPayment: [], recibosWithoutCharge: [], remittancesMismatched: [] };
    expect(await reconcile(database.db)).toEqual(empty);
    const login = await call("POST", "/admin/auth/login", { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(await call("GET", "/admin/payments/reconciliation", undefined, login.body.token)).toEqual({ status: 200, body: empty });
  });

  it("la conciliación enseña un cobro sin recibo, un recibo cobrado sin cobro y una remesa que no cuadra", async () => {
    await gateway.charge({
      amountCents: 4_200,
      payment: { method: "card", cardNumber: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Sin Póliza" },
      idempotencyKey: "huerfano-1",
      description: "",
    });
    const [victim] = await database.db.select().from(recibos).where(eq(recibos.status, "pendiente")).limit(1);
    await database.db.update(recibos).set({ status: "cobrado", paidAt: now }).where(eq(recibos.id, victim!.id));
    await database.db.execute(sql`insert into remittances (message_id, request_key, collection_date, count, total_cents, file_xml, file_sha256)
      values ('MSG-DESCUADRE', 'clave-descuadre', '2026-03-12', 2, 5000, '<xml/>', 'x')`);
    const found = await reconcile(database.db);
    expect(found.chargesWithoutPayment).toEqual([expect.objectContaining({ idempotencyKey: "huerfano-1", amountCents: 4_200 })]);
    expect(found.recibosWithoutCharge).toEqual([expect.objectContaining({ reciboId: victim!.id })]);
    expect(found.remittancesMismatched).toEqual([
      { remittanceId: expect.any(Number), messageId: "MSG-DESCUADRE", count: 2, totalCents: 5000, itemsCount: 0, itemsTotalCents: 0 },
    ]);
  });
});
