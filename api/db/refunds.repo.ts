// Refunds owed to customers (extornos): written by the lifecycle when money goes back, listed for
// staff, and marked paid when a transfer was made (api/services/refunds.ts).
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { RefundCause, RefundStatus } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { clients, policies, recibos, refunds, type PaymentMethod, type Refund } from "./schema";

export type NewRefundRow = {
  policyId: number;
  reciboId: number | null;
  amountCents: number;
  cause: RefundCause;
  reason: string;
  method: PaymentMethod;
  status: RefundStatus;
  providerRef: string | null;
  idempotencyKey: string;
  at: Date;
};

/** Inserts the refund once per idempotency key; answers the row (the existing one when repeated). */
export async function insertRefund(tx: DbOrTx, r: NewRefundRow): Promise<Refund> {
  const [row] = await tx
    .insert(refunds)
    .values({
      policyId: r.policyId,
      reciboId: r.reciboId,
      amountCents: r.amountCents,
      cause: r.cause,
      reason: r.reason,
      method: r.method,
      status: r.status,
      providerRef: r.providerRef,
      idempotencyKey: r.idempotencyKey,
      doneAt: r.status === "hecho" ? r.at : null,
      createdAt: r.at,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  if (row) return row;
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, r.idempotencyKey));
  return existing!;
}

/** How much of the recibo was refunded already (done or owed), but by the refund of `exceptKey` (the one being made). */
export async function refundedOfRecibo(tx: DbOrTx, reciboId: number, exceptKey: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.reciboId, reciboId), ne(refunds.idempotencyKey, exceptKey)));
  return Number(row?.cents ?? 0);
}

export async function refundsOfPolicy(db: DbOrTx, policyId: number): Promise<Refund[]> {
  return db.select().from(refunds).where(eq(refunds.policyId, policyId)).orderBy(asc(refunds.id));
}

export type RefundListRow = Refund & { policyNumber: string; tomador: string; reciboSequence: number | null };

const listColumns = { refund: refunds, policyNumber: policies.number, tomador: clients.name, reciboSequence: recibos.sequence };
const withPolicy = (r: { refund: Refund; policyNumber: string; tomador: string; reciboSequence: number | null }): RefundListRow => ({
  ...r.refund,
  policyNumber: r.policyNumber,
  tomador: r.tomador,
  reciboSequence: r.reciboSequence,
});
const listed = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(refunds)
    .innerJoin(policies, eq(policies.id, refunds.policyId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .leftJoin(recibos, eq(recibos.id, refunds.reciboId));

/** Refunds of one status, oldest first for the pending ones (the next to pay), newest first otherwise. */
export async function listRefunds(
  db: DbOrTx,
  status: RefundStatus,
  page: { offset: number; limit: number },
): Promise<{ rows: RefundListRow[]; total: number }> {
  const where = eq(refunds.status, status);
  const rows = await listed(db)
    .where(where)
    .orderBy(status === "pendiente" ? asc(refunds.id) : desc(refunds.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(where);
  return { rows: rows.map(withPolicy), total: count?.n ?? 0 };
}

export async function readRefund(db: DbOrTx, id: number): Promise<RefundListRow | undefined> {
  const [row] = await listed(db).where(eq(refunds.id, id));
  return row ? withPolicy(row) : undefined;
}

/** The refund, locked until the transaction ends. */
export async function lockRefund(tx: DbOrTx, id: number): Promise<Refund | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
  return row;
}

export async function markRefundDone(tx: DbOrTx, id: number, patch: { reference: string; byLabel: string; at: Date }): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: "hecho", providerRef: patch.reference, doneAt: patch.at, doneByLabel: patch.byLabel })
    .where(eq(refunds.id, id));
}
