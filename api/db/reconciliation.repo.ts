// The three reconciliation reads (ADR 027): charges without a payment, recibos paid without a
// charge, remittances whose totals do not match their items.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { gatewayCharges, payments, policies, recibos, remittanceItems, remittances } from "./schema";

const LIMIT = 500;

/** Captured (not refunded) charges of the provider's books that no accepted payment records. */
export async function chargesWithoutPayment(db: DbOrTx) {
  return db
    .select({
      providerRef: gatewayCharges.providerRef,
      idempotencyKey: gatewayCharges.idempotencyKey,
      method: gatewayCharges.method,
      amountCents: gatewayCharges.amountCents,
      createdAt: gatewayCharges.createdAt,
    })
    .from(gatewayCharges)
    .where(
      and(
        eq(gatewayCharges.kind, "charge"),
        eq(gatewayCharges.status, "captured"),
        sql`not exists (select 1 from ${payments} where ${payments.providerRef} = ${gatewayCharges.providerRef} and ${payments.status} = 'aceptado' and ${payments.reciboId} is not null)`,
      ),
    )
    .orderBy(gatewayCharges.createdAt)
    .limit(LIMIT);
}

/** Recibos cobrado with no accepted payment, no transfer reference and no remittance item collected. */
export async function recibosWithoutCharge(db: DbOrTx) {
  return db
    .select({
      reciboId: recibos.id,
      policyId: recibos.policyId,
      policyNumber: policies.number,
      sequence: recibos.sequence,
      amountCents: recibos.amountCents,
      paidAt: recibos.paidAt,
    })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(
      and(
        eq(recibos.status, "cobrado"),
        isNull(recibos.paidReference),
        sql`not exists (select 1 from ${payments} where ${payments.reciboId} = ${recibos.id} and ${payments.status} = 'aceptado')`,
        sql`not exists (select 1 from ${remittanceItems} where ${remittanceItems.reciboId} = ${recibos.id} and ${remittanceItems.status} = 'cobrado')`,
      ),
    )
    .orderBy(recibos.id)
    .limit(LIMIT);
}

/** Remittances whose declared count or total differs from their items'. */
export async function remittancesMismatched(db: DbOrTx) {
  const itemsCount = sql<number>`count(${remittanceItems.reciboId})::int`;
  const itemsTotal = sql<number>`coalesce(sum(${remittanceItems.amountCents}), 0)::bigint`;
  const rows = await db
    .select({
      remittanceId: remittances.id,
      messageId: remittances.messageId,
      count: remittances.count,
      totalCents: remittances.totalCents,
      itemsCount,
      itemsTotalCents: itemsTotal,
    })
    .from(remittances)
    .leftJoin(remittanceItems, eq(remittanceItems.remittanceId, remittances.id))
    .groupBy(remittances.id)
    .having(sql`${remittances.count} <> ${itemsCount} or ${remittances.totalCents} <> ${itemsTotal}`)
    .orderBy(remittances.id)
    .limit(LIMIT);
  return rows.map((r) => ({ ...r, totalCents: Number(r.totalCents), itemsCount: Number(r.itemsCount), itemsTotalCents: Number(r.itemsTotalCents) }));
}
