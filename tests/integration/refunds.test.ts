// Refunds (extornos), issue 22: a cancellation gives back the premium collected for the days after
// its effective date, recibo by recibo — a recibo collected for a period after it comes back whole
// and is extornado — and money not collected by card is owed by transfer until staff record it.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, madridDate } from "../../api/domain/calendar";
import { gatewayCharges, recibos, refunds } from "../../api/db/schema";
import { insertPayment } from "../../api/db/policy-writes.repo";
import { createPaymentProvider } from "../../api/services/payments";
import { call, database, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy } from "../support/policies";

setUpAdminApi();

type RefundList = {
  items: { id: number; policyNumber: string; reciboSequence: number | null; amountCents: number; status: string; cause: string }[];
  total: number;
};

describe("extornos de una anulación", () => {
  it("una póliza anulada antes de su efecto con dos recibos cobrados los devuelve enteros: extornados y pendientes de transferencia", async () => {
    const start = addDays(madridDate(new Date()), 10);
    const policy = await insertTestPolicy(database.db, { startDate: start, createdAt: new Date(), frequency: "trimestral" });
    // Recibo 2 collected early, as the issue measured (the policy kept both).
    await database.db.update(recibos).set({ status: "cobrado", paidAt: new Date() }).where(eq(recibos.id, policy.recibos[1]!.id));

    const cancelled = await call("post", `/admin/policies/${policy.id}/cancel`, {
      token: superToken,
      body: { reason: "peticion_cliente", effectiveDate: start },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    const rows = await database.db.select().from(recibos).where(eq(recibos.policyId, policy.id)).orderBy(recibos.sequence);
    expect(rows.map((r) => r.status)).toEqual(["extornado", "extornado", "anulado", "anulado"]);
    const owed = await database.db.select().from(refunds).where(eq(refunds.policyId, policy.id)).orderBy(refunds.id);
    expect(owed.map((r) => [r.reciboId, r.amountCents, r.cause, r.status])).toEqual([
      [rows[0]!.id, rows[0]!.amountCents, "anulacion", "pendiente"],
      [rows[1]!.id, rows[1]!.amountCents, "anulacion", "pendiente"],
    ]);

    // Staff see them among the refunds owed by transfer, and record the transfer of one.
    const pending = await json<RefundList>("get", "/admin/payments/refunds?status=pendiente&pageSize=100", { token: superToken, status: 200 });
    const mine = pending.items.filter((r) => r.policyNumber === policy.number);
    expect(mine.map((r) => [r.reciboSequence, r.status])).toEqual([
      [1, "pendiente"],
      [2, "pendiente"],
    ]);
    const paid = await json<{ status: string; providerRef: string; doneBy: string }>("post", `/admin/payments/refunds/${mine[0]!.id}/mark-paid`, {
      token: superToken,
      body: { reference: "TRF-2026-0042" },
      status: 200,
    });
    expect(paid).toMatchObject({ status: "hecho", providerRef: "TRF-2026-0042", doneBy: "admin@cotiza.test" });
    // Twice is refused: the transfer is recorded once.
    const again = await call("post", `/admin/payments/refunds/${mine[0]!.id}/mark-paid`, { token: superToken, body: { reference: "TRF-2026-0043" } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Este extorno ya no está pendiente de transferencia" });
    const bad = await call("post", `/admin/payments/refunds/${mine[1]!.id}/mark-paid`, { token: superToken, body: { reference: "x" } });
    expect(bad.status).toBe(400);
  });

  it("una anulación a mitad del trimestre devuelve solo los días no consumidos del recibo cobrado; si no hay prima cobrada de después, no hay extorno", async () => {
    const today = madridDate(new Date());
    const policy = await insertTestPolicy(database.db, { startDate: addDays(today, -30), createdAt: new Date(), frequency: "trimestral" });
    const [first] = await database.db.select().from(recibos).where(eq(recibos.id, policy.recibos[0]!.id));
    const quarterEnd = policy.recibos[1]!.dueDate;
    const answer = await call("post", `/admin/policies/${policy.id}/cancel`, { token: superToken, body: { reason: "impago", effectiveDate: today } });
    expect(answer.status).toBe(200);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.policyId, policy.id));
    const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
    expect(refund!.amountCents).toBe(Math.round((first!.amountCents * days(today, quarterEnd)) / days(first!.dueDate, quarterEnd)));
    const [row] = await database.db.select().from(recibos).where(eq(recibos.id, first!.id));
    expect(row!.status).toBe("cobrado");

    const none = await insertTestPolicy(database.db, { startDate: addDays(today, -200), createdAt: new Date(), frequency: "trimestral" });
    const late = await call("post", `/admin/policies/${none.id}/cancel`, { token: superToken, body: { reason: "impago", effectiveDate: today } });
    expect(late.status).toBe(200);
    expect(await database.db.select().from(refunds).where(eq(refunds.policyId, none.id))).toEqual([]);
  });

  it("un recibo pagado con tarjeta: la anulación devuelve parte del cobro, que sigue cobrado con lo devuelto; el extorno después devuelve solo lo que queda", async () => {
    const today = madridDate(new Date());
    const policy = await insertTestPolicy(database.db, { startDate: addDays(today, -30), createdAt: new Date(), frequency: "trimestral" });
    const [first] = await database.db.select().from(recibos).where(eq(recibos.id, policy.recibos[0]!.id));
    // Recibo 1 paid by card at the API's gateway (its books are the database's).
    const gateway = createPaymentProvider(undefined, { db: database.db });
    const card = { method: "card" as const, cardNumber: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Ana" };
    const charged = await gateway.charge({ amountCents: first!.amountCents, payment: card, idempotencyKey: `prueba-${policy.id}`, description: "x" });
    if (charged.status !== "accepted") throw new Error("the test charge was not accepted");
    await insertPayment(database.db, {
      policyId: policy.id,
      reciboId: first!.id,
      provider: "test",
      method: "card",
      methodLabel: "•••• 4242",
      amount: first!.amountCents,
      providerRef: charged.providerRef,
      at: new Date(),
    });
    const charge = async () => (await database.db.select().from(gatewayCharges).where(eq(gatewayCharges.providerRef, charged.providerRef)))[0]!;

    const cancelled = await call("post", `/admin/policies/${policy.id}/cancel`, {
      token: superToken,
      body: { reason: "impago", effectiveDate: today },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const [part] = await database.db.select().from(refunds).where(eq(refunds.policyId, policy.id));
    expect(part).toMatchObject({ reciboId: first!.id, status: "hecho", method: "card" });
    expect(part!.amountCents).toBeGreaterThan(0);
    expect(part!.amountCents).toBeLessThan(first!.amountCents);
    // Part of the charge went back: it is still captured, with what was refunded.
    expect(await charge()).toMatchObject({ status: "captured", refundedCents: part!.amountCents });

    // The recibo extornado afterwards gives back only what is left, and the charge is refunded whole.
    const extorno = await call("post", `/admin/policies/${policy.id}/recibos/${first!.id}/refund`, { token: superToken });
    expect(extorno.status, await extorno.clone().text()).toBe(200);
    const all = await database.db.select().from(refunds).where(eq(refunds.policyId, policy.id)).orderBy(refunds.id);
    expect(all.map((r) => [r.cause, r.amountCents, r.status])).toEqual([
      ["anulacion", part!.amountCents, "hecho"],
      ["extorno_recibo", first!.amountCents - part!.amountCents, "hecho"],
    ]);
    expect(await charge()).toMatchObject({ status: "refunded", refundedCents: first!.amountCents });
    const refundEntries = await database.db
      .select()
      .from(gatewayCharges)
      .where(
        inArray(
          gatewayCharges.providerRef,
          all.map((r) => r.providerRef!),
        ),
      );
    expect(refundEntries.map((e) => [e.kind, e.refundOf]).sort()).toEqual([
      ["refund", charged.providerRef],
      ["refund", charged.providerRef],
    ]);
    // Nothing is left: a second extorno is refused and asks the gateway for nothing.
    const again = await call("post", `/admin/policies/${policy.id}/recibos/${first!.id}/refund`, { token: superToken });
    expect(again.status).toBe(409);
  });
});
