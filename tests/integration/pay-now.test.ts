// "Pagar ahora" (ADR 031) over real HTTP with the API's clock set by the test: a customer pays a
// returned or due recibo of their own policy by card; a stranger gets 404, a recibo that cannot be
// paid 409, a declined card 402 with nothing written; paying ends a suspension with cover back
// 24 h later (art. 15 LCS); the same submit twice is one charge; the justificante de pago.
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { auditLog, chargeAttempts, gatewayCharges, outboxEmails, payments, policies, policyHistory, recibos, users } from "../../api/db/schema";
import { createTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf-text";
import { memoryLogger, startTestServer } from "../support/server";
import { insertTestPolicy, policyRow, reciboRows, type TestPolicy } from "../support/policies";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
const logger = memoryLogger();
const now = new Date("2027-03-05T10:00:00.000Z");

const GOOD_CARD = { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Lucía Martín" };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" };
const KEY = () => crypto.randomUUID();

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    body: (type.includes("json") ? await response.json() : {}) as Record<string, unknown> & { error?: string },
    bytes: type.includes("pdf") ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0),
  };
}

let registered = 0;
async function customer(): Promise<{ token: string; userId: number }> {
  registered += 1;
  const email = `paga${registered}@example.com`;
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Cliente ${registered}`, email, password: "Gazpacho-andaluz-2026" }),
  });
  const body = (await response.json()) as { token: string };
  expect(response.status).toBe(201);
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token: body.token, userId: user!.id };
}

/** A monthly policy of the customer's since 1 January 2027, with recibo 2 (due 1 February) returned. */
async function policyWithReturnedRecibo(userId: number, status: "en_vigor" | "suspendida" = "en_vigor"): Promise<TestPolicy> {
  const policy = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: new Date("2027-01-01T09:00:00Z"), frequency: "mensual" });
  await database.db
    .update(policies)
    .set({ userId, status, suspendedAt: status === "suspendida" ? new Date("2027-03-02T05:00:00Z") : null })
    .where(eq(policies.id, policy.id));
  await database.db
    .update(recibos)
    .set({ status: "devuelto", returnReason: "Fondos insuficientes", attempts: 1 })
    .where(and(eq(recibos.policyId, policy.id), eq(recibos.sequence, 2)));
  return policy;
}

const pay = (token: string, policyId: number, sequence: number, payment = GOOD_CARD, idempotencyKey = KEY()) =>
  call("POST", `/me/policies/${policyId}/recibos/${sequence}/pay`, token, { payment, idempotencyKey });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, now: () => now, logger });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

describe("pagar ahora un recibo", () => {
  it("Mi póliza ofrece el recibo devuelto y los pendientes ya vencidos, no los futuros ni los cobrados", async () => {
    const { token, userId } = await customer();
    const policy = await policyWithReturnedRecibo(userId);
    const answer = await call("GET", `/me/policies/${policy.id}`, token);
    expect(answer.status).toBe(200);
    // 5 March: recibo 2 returned, recibo 3 (due 1 March) pending and due; recibo 4 (1 April) not yet.
    expect((answer.body.payNow as { sequence: number; status: string; amountDue: number }[]).map((r) => [r.sequence, r.status, r.amountDue])).toEqual(
      [
        [2, "devuelto", 12_000],
        [3, "pendiente", 12_000],
      ],
    );
  });

  it("la póliza de otra persona: 404, y no se cobra nada", async () => {
    const owner = await customer();
    const stranger = await customer();
    const policy = await policyWithReturnedRecibo(owner.userId);
    const answer = await pay(stranger.token, policy.id, 2);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("Póliza no encontrada");
    expect(await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.policyId, policy.id))).toEqual([]);
  });

  it("un recibo que no se puede pagar: 409 con el motivo en español", async () => {
    const { token, userId } = await customer();
    const policy = await policyWithReturnedRecibo(userId);
    const paid = await pay(token, policy.id, 1);
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe("Este recibo ya está pagado.");
    const future = await pay(token, policy.id, 4);
    expect(future.status).toBe(409);
    expect(future.body.error).toMatch(/aún no ha vencido/);
    expect((await pay(token, policy.id, 99)).status).toBe(404);
  });

  it("rechaza una tarjeta denegada: 402 y nada escrito salvo el intento rechazado", async () => {
    const { token, userId } = await customer();
    const policy = await policyWithReturnedRecibo(userId);
    const answer = await pay(token, policy.id, 2, DECLINED_CARD);
    expect(answer.status).toBe(402);
    expect((answer.body.fieldErrors as Record<string, string[]>).cardNumber).toEqual(["La tarjeta ha sido rechazada. Pruebe con otra tarjeta."]);
    expect((await reciboRows(database.db, policy.id))[1]!.status).toBe("devuelto");
    expect(await database.db.select().from(payments).where(eq(payments.policyId, policy.id))).toEqual([]);
    const attempts = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.policyId, policy.id));
    expect(attempts.map((a) => [a.purpose, a.status, a.providerKey])).toEqual([
      ["pago_cliente", "rechazado", `pago_cliente-recibo-${policy.recibos[1]!.id}-1`],
    ]);
  });

  it("pagar el recibo impagado rehabilita la póliza suspendida: la cobertura se reanuda 24 h después; el mismo envío repetido no cobra otra vez", async () => {
    const { token, userId } = await customer();
    const policy = await policyWithReturnedRecibo(userId, "suspendida");
    // Recibo 3 (due 1 March) was paid meanwhile: recibo 2 is the only one overdue.
    await database.db
      .update(recibos)
      .set({ status: "cobrado", paidAt: now })
      .where(and(eq(recibos.policyId, policy.id), eq(recibos.sequence, 3)));
    const key = KEY();
    const answer = await pay(token, policy.id, 2, GOOD_CARD, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      sequence: 2,
      amountPaid: 12_000,
      methodLabel: "•••• 4242",
      policyStatus: "en_vigor",
      coverResumesAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      receiptUrl: `/me/policies/${policy.id}/recibos/2/receipt`,
    });
    const row = await policyRow(database.db, policy.id);
    expect(row.status).toBe("en_vigor");
    expect(row.coverResumesAt?.toISOString()).toBe(new Date(now.getTime() + 24 * 3600_000).toISOString());
    expect((await reciboRows(database.db, policy.id))[1]).toMatchObject({ status: "cobrado", paidAt: now });
    const history = await database.db.select().from(policyHistory).where(eq(policyHistory.policyId, policy.id));
    expect(history.map((h) => h.summary.replace(/\s/g, " "))).toContain("Recibo 2 (120,00 €) pagado por el cliente con tarjeta •••• 4242");
    expect(history.some((h) => h.event === "rehabilitada")).toBe(true);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "recibo.paid_by_customer"), eq(auditLog.entityId, String(policy.recibos[1]!.id))));
    expect(audit).toMatchObject({ actorType: "user", actorId: String(userId), before: { status: "devuelto" } });
    // The receipt by e-mail (ADR 040): its template, the amount and the PDF, once.
    const receipts = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.policyId, policy.id), eq(outboxEmails.template, "justificante-pago")));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Justificante de pago: recibo 2 de su póliza ${policy.number}`);
    expect(receipts[0]!.body).toContain("120,00");
    expect(receipts[0]!.attachments.map((a) => a.filename)).toEqual([`justificante-${policy.number}-2.pdf`]);

    const again = await pay(token, policy.id, 2, GOOD_CARD, key);
    expect(again.status).toBe(200);
    expect(again.body.providerRef).toBe(answer.body.providerRef);
    expect(await database.db.select().from(payments).where(eq(payments.policyId, policy.id))).toHaveLength(1);
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.policyId, policy.id))).toHaveLength(1);
    const other = await pay(token, policy.id, 2);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("Este recibo ya está pagado.");
  });

  it("dos envíos idénticos a la vez: un intento, un cobro en la pasarela, y los dos contestan el mismo pago", async () => {
    const { token, userId } = await customer();
    const policy = await policyWithReturnedRecibo(userId);
    const key = KEY();
    const [a, b] = await Promise.all([pay(token, policy.id, 2, GOOD_CARD, key), pay(token, policy.id, 2, GOOD_CARD, key)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(b.body.providerRef).toBe(a.body.providerRef);
    expect(await database.db.select().from(payments).where(eq(payments.policyId, policy.id))).toHaveLength(1);
    const attempts = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.policyId, policy.id));
    expect(attempts.map((x) => [x.providerKey, x.status, x.requestKey])).toEqual([
      [`pago_cliente-recibo-${policy.recibos[1]!.id}-1`, "registrado", key],
    ]);
    const taken = await database.db
      .select()
      .from(gatewayCharges)
      .where(like(gatewayCharges.idempotencyKey, `pago_cliente-recibo-${policy.recibos[1]!.id}-%`));
    expect(taken.map((c) => [c.kind, c.status, c.providerRef])).toEqual([["charge", "captured", a.body.providerRef]]);
  });

  it("el justificante de pago: póliza, tomador, recibo, importe, fecha, tarjeta y referencia; solo de recibos cobrados y propios", async () => {
    const { token, userId } = await customer();
    const stranger = await customer();
    const policy = await policyWithReturnedRecibo(userId);
    const paid = await pay(token, policy.id, 2);
    expect(paid.status).toBe(200);
    const receipt = await call("GET", `/me/policies/${policy.id}/recibos/2/receipt`, token);
    expect(receipt.status).toBe(200);
    const text = pdfText(receipt.bytes);
    for (const expected of [
      "Justificante de pago",
      policy.number,
      policy.name,
      "N.º 2",
      "120,00",
      "•••• 4242",
      String(paid.body.providerRef),
      "05/03/2027",
    ]) {
      expect(text).toContain(expected);
    }
    expect((await call("GET", `/me/policies/${policy.id}/recibos/2/receipt`, stranger.token)).status).toBe(404);
    expect((await call("GET", `/me/policies/${policy.id}/recibos/3/receipt`, token)).status).toBe(404);
  });

  it("si el registro falla después del cobro, se devuelve el cobro y el reintento es otro intento con otra clave, nunca el cobro devuelto", async () => {
    const { token, userId } = await customer();
    const policy = await policyWithReturnedRecibo(userId);
    await database.db.execute(
      sql.raw(`create function fail_pay_now() returns trigger language plpgsql as $$
      begin if new.policy_id = ${policy.id} then raise exception 'simulated failure after the charge'; end if; return new; end $$`),
    );
    await database.db.execute(sql`create trigger fail_pay_now before insert on payments for each row execute function fail_pay_now()`);
    const key = KEY();
    const failed = await pay(token, policy.id, 2, GOOD_CARD, key);
    expect(failed.status).toBe(500);
    expect((await reciboRows(database.db, policy.id))[1]!.status).toBe("devuelto");
    const [first] = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.policyId, policy.id));
    expect(first).toMatchObject({ status: "reembolsado", attempt: 1 });
    expect(logger.lines.some((l) => l.msg === "pay-now charged but not written: charge refunded" && l.fields?.refund === "reembolsado")).toBe(true);

    await database.db.execute(sql`drop trigger fail_pay_now on payments`);
    const retried = await pay(token, policy.id, 2, GOOD_CARD, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.providerRef).not.toBe(first!.providerRef);
    const attempts = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.policyId, policy.id));
    expect(attempts.map((a) => [a.attempt, a.status]).sort()).toEqual([
      [1, "reembolsado"],
      [2, "registrado"],
    ]);
    const paid = await database.db.select().from(payments).where(eq(payments.policyId, policy.id));
    expect(paid.map((p) => p.providerRef)).toEqual([retried.body.providerRef]);
  });
});
