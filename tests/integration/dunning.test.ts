// Dunning (ADR 031) in the daily run: an unpaid recibo gets a reminder on each day of the schedule
// (settings dunning_days: 1, 7, 20) once, whatever the number of runs; after days without a run
// only the latest step is sent; a paid recibo gets no more; a replayed past day sends none.
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { dunningNotices, outboxEmails, policies, recibos, users } from "../../api/db/schema";
import { runLifecycleDay } from "../../api/services/daily-run";
import { runDunning } from "../../api/services/dunning";
import type { LifecycleDeps } from "../../api/services/lifecycle";
import { payReciboNow } from "../../api/services/pay-now";
import { TestGateway } from "../../api/services/payments";
import { createTestDatabase } from "../support/db";
import { insertTestPolicy, type TestPolicy } from "../support/policies";
import { memoryLogger } from "../support/server";

let database: DatabaseHandle;
let deps: LifecycleDeps;
const BASE = "https://cotiza.example";
const morning = (day: string) => new Date(`${day}T08:00:00.000Z`);
const runDay = (day: string) => runLifecycleDay(deps, day, () => morning(day));

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, payments: new TestGateway(), logger: memoryLogger(), publicBaseUrl: BASE };
});
afterAll(async () => {
  await database?.close();
});

/** A yearly policy of a customer with an account, its only recibo (due on the start date) left unpaid. */
async function unpaidPolicy(startDate: string, status: "devuelto" | "pendiente" = "devuelto"): Promise<TestPolicy> {
  const policy = await insertTestPolicy(database.db, { startDate, createdAt: morning(startDate) });
  const [user] = await database.db
    .insert(users)
    .values({ name: policy.name, email: `cuenta-${policy.id}@example.com`, passwordHash: "x" })
    .returning({ id: users.id });
  await database.db.update(policies).set({ userId: user!.id }).where(eq(policies.id, policy.id));
  await database.db
    .update(recibos)
    // One attempt already made: the run's charge of the recibos due leaves it alone.
    .set({ status, paidAt: null, attempts: 1, returnReason: status === "devuelto" ? "Fondos insuficientes" : null })
    .where(eq(recibos.policyId, policy.id));
  return policy;
}

const sentDays = async (policy: TestPolicy) =>
  (
    await database.db
      .select()
      .from(dunningNotices)
      .where(inArray(dunningNotices.reciboId, [policy.recibos[0]!.id]))
      .orderBy(asc(dunningNotices.day))
  ).map((n) => [n.day, n.sentOn]);
const reminders = (policy: TestPolicy) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, policy.email), eq(outboxEmails.subject, `Recordatorio de pago: recibo 1 de su póliza ${policy.number}`)));

describe("recordatorios de pago en el proceso diario", () => {
  it("envía el recordatorio de los días 1, 7 y 20 una sola vez cada uno, aunque el proceso corra dos veces el mismo día", async () => {
    const policy = await unpaidPolicy("2027-01-01");
    const counted: number[] = [];
    for (let d = 2; d <= 22; d++) {
      const day = `2027-01-${String(d).padStart(2, "0")}`;
      counted.push((await runDay(day)).recordatorios);
      if (d === 2 || d === 8) expect((await runDay(day)).recordatorios).toBe(0);
    }
    expect(counted.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await sentDays(policy)).toEqual([
      [1, "2027-01-02"],
      [7, "2027-01-08"],
      [20, "2027-01-21"],
    ]);
    const mails = await reminders(policy);
    expect(mails).toHaveLength(3);
    const body = mails[0]!.body;
    expect(body).toContain("el banco ha devuelto el recibo n.º 1");
    expect(body).toContain(`${BASE}/mi-poliza/${policy.id}/recibos/1/pagar`);
    expect(body).toContain("Si sigue sin pagarse el 01/02/2027, un mes después de su vencimiento, la cobertura quedará suspendida");
    expect(body).toContain("art. 15 de la Ley de Contrato de Seguro");
  });

  it("tras días sin proceso, envía solo el último recordatorio debido, no los atrasados", async () => {
    const policy = await unpaidPolicy("2027-03-01", "pendiente");
    await runDay("2027-03-02");
    // Nothing ran from 3 to 24 March: day 24 is past steps 7 and 20; only 20 goes.
    await runDay("2027-03-25");
    expect(await sentDays(policy)).toEqual([
      [1, "2027-03-02"],
      [20, "2027-03-25"],
    ]);
    expect(await reminders(policy)).toHaveLength(2);
  });

  it("un día pasado que se recupera no envía recordatorios: los envía el proceso de hoy", async () => {
    const policy = await unpaidPolicy("2027-04-01");
    expect(await runDunning(deps, "2027-04-02", () => morning("2027-04-10"))).toEqual({ sent: 0, errors: 0 });
    expect(await sentDays(policy)).toEqual([]);
  });

  it("un recibo domiciliado pendiente espera a la remesa sin recordatorios; devuelto por el banco, los recibe", async () => {
    const policy = await unpaidPolicy("2027-06-01", "pendiente");
    await database.db.update(policies).set({ paymentMethod: "sepa", paymentMandate: null }).where(eq(policies.id, policy.id));
    await runDay("2027-06-02");
    expect(await sentDays(policy)).toEqual([]);
    await database.db.update(recibos).set({ status: "devuelto", returnReason: "Fondos insuficientes" }).where(eq(recibos.policyId, policy.id));
    await runDay("2027-06-08");
    expect(await sentDays(policy)).toEqual([[7, "2027-06-08"]]);
  });

  it("pagar el recibo termina los recordatorios", async () => {
    const policy = await unpaidPolicy("2027-05-01");
    await runDay("2027-05-02");
    expect(await sentDays(policy)).toEqual([[1, "2027-05-02"]]);
    const [owner] = await database.db.select({ userId: policies.userId }).from(policies).where(eq(policies.id, policy.id));
    await payReciboNow(deps, {
      policyId: policy.id,
      sequence: 1,
      body: {
        payment: { method: "card", cardNumber: "4242424242424242", expiry: "12/30", cvc: "123", holder: policy.name },
        idempotencyKey: crypto.randomUUID(),
      },
      actor: { actorType: "user", actorId: owner!.userId, actorLabel: "cliente" },
      now: morning("2027-05-03"),
    });
    for (const day of ["2027-05-08", "2027-05-21"]) await runDay(day);
    expect(await sentDays(policy)).toEqual([[1, "2027-05-02"]]);
    expect(await reminders(policy)).toHaveLength(1);
  });
});
