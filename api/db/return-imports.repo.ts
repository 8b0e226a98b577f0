// Data access of the bank's return files (ADR 030): the debits a file names, read in one query
// with their recibos locked; the writes of a whole file, each a single multi-row statement, so a
// file of 1,000 returns costs a handful of round trips, not thousands.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import {
  auditLog,
  clients,
  outboxEmails,
  policies,
  policyHistory,
  reciboReturns,
  recibos,
  remittanceItems,
  remittances,
  returnImports,
  settings,
  users,
  type NewOutboxEmail,
  type NewPolicyHistoryEntry,
  type ReturnImportLine,
} from "./schema";

/** A debit of one of our remittances, with its recibo (locked), its policy and who to tell. */
export type ReturnTarget = {
  endToEndId: string;
  itemStatus: string;
  itemAmountCents: number;
  remittanceId: number;
  remittanceMessageId: string;
  reciboId: number;
  reciboStatus: string;
  sequence: number;
  amountCents: number;
  dueDate: string;
  policyId: number;
  policyNumber: string;
  policyholderName: string;
  policyholderEmail: string | null;
  userId: number | null;
  accountEmail: string | null;
  /** Set when this debit's return was already recorded (by an earlier file). */
  returnedBefore: boolean;
};

/** The debits these end-to-end ids name, their recibos locked until the transaction ends. */
export async function lockReturnTargets(tx: DbOrTx, endToEndIds: string[]): Promise<Map<string, ReturnTarget>> {
  if (endToEndIds.length === 0) return new Map();
  const rows = await tx
    .select({
      endToEndId: remittanceItems.endToEndId,
      itemStatus: remittanceItems.status,
      itemAmountCents: remittanceItems.amountCents,
      remittanceId: remittanceItems.remittanceId,
      remittanceMessageId: remittances.messageId,
      reciboId: recibos.id,
      reciboStatus: recibos.status,
      sequence: recibos.sequence,
      amountCents: recibos.amountCents,
      dueDate: recibos.dueDate,
      policyId: policies.id,
      policyNumber: policies.number,
      policyholderName: clients.name,
      policyholderEmail: clients.email,
      userId: clients.userId,
      accountEmail: users.email,
      returnId: reciboReturns.id,
    })
    .from(remittanceItems)
    .innerJoin(remittances, eq(remittances.id, remittanceItems.remittanceId))
    .innerJoin(recibos, eq(recibos.id, remittanceItems.reciboId))
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .leftJoin(users, eq(users.id, clients.userId))
    .leftJoin(reciboReturns, eq(reciboReturns.endToEndId, remittanceItems.endToEndId))
    .where(inArray(remittanceItems.endToEndId, endToEndIds))
    .orderBy(recibos.id)
    .for("update", { of: recibos });
  return new Map(rows.map(({ returnId, ...row }) => [row.endToEndId, { ...row, returnedBefore: returnId !== null }]));
}

/** Which of these MsgIds are our remittances'. */
export async function knownRemittanceMessageIds(db: DbOrTx, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db.select({ messageId: remittances.messageId }).from(remittances).where(inArray(remittances.messageId, messageIds));
  return new Set(rows.map((r) => r.messageId));
}

export async function findImportBySha(db: DbOrTx, sha256: string) {
  const [row] = await db.select().from(returnImports).where(eq(returnImports.fileSha256, sha256));
  return row ?? null;
}

export async function findImport(db: DbOrTx, id: number) {
  const [row] = await db.select().from(returnImports).where(eq(returnImports.id, id));
  return row ?? null;
}

/** The newest imports first (a bank sends a few files a week: a page of 100 is years of them). */
export async function listImports(db: DbOrTx, limit = 100) {
  return db.select().from(returnImports).orderBy(desc(returnImports.createdAt), desc(returnImports.id)).limit(limit);
}

/** Recibo and policy of each recibo id: the import's page names them. */
export async function recibosForLines(db: DbOrTx, reciboIds: number[]) {
  if (reciboIds.length === 0) return [];
  return db
    .select({
      reciboId: recibos.id,
      sequence: recibos.sequence,
      amountCents: recibos.amountCents,
      status: recibos.status,
      policyId: policies.id,
      policyNumber: policies.number,
      reason: reciboReturns.reason,
      feeCents: reciboReturns.feeCents,
      endToEndId: reciboReturns.endToEndId,
    })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .leftJoin(reciboReturns, eq(reciboReturns.reciboId, recibos.id))
    .where(inArray(recibos.id, reciboIds));
}

export type ImportRow = typeof returnImports.$inferInsert;

export async function insertImport(tx: DbOrTx, row: ImportRow & { results: ReturnImportLine[] }) {
  const [inserted] = await tx.insert(returnImports).values(row).returning();
  return inserted!;
}

export type AppliedReturn = { target: ReturnTarget; code: string; reason: string; feeCents: number };

/** One file's returns: the return rows, the debits and the recibos devueltos (the debt reopens: paid_at cleared). */
export async function writeReturns(tx: DbOrTx, importId: number, returns: AppliedReturn[], at: Date): Promise<void> {
  if (returns.length === 0) return;
  await tx.insert(reciboReturns).values(
    returns.map((r) => ({
      reciboId: r.target.reciboId,
      remittanceId: r.target.remittanceId,
      endToEndId: r.target.endToEndId,
      code: r.code,
      reason: r.reason,
      feeCents: r.feeCents,
      importId,
      createdAt: at,
    })),
  );
  await tx
    .update(remittanceItems)
    .set({ status: "devuelto" })
    .where(
      inArray(
        remittanceItems.endToEndId,
        returns.map((r) => r.target.endToEndId),
      ),
    );
  const values = sql.join(
    returns.map((r) => sql`(${r.target.reciboId}::integer, ${r.code}::text, ${r.reason}::text, ${r.feeCents}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${recibos} set status = 'devuelto', return_code = v.code, return_reason = v.reason, return_fee_cents = v.fee,
      paid_at = null, updated_at = ${at}
    from (values ${values}) as v(id, code, reason, fee)
    where ${recibos.id} = v.id`);
}

/** Remittances none of whose debits is still awaiting the bank (all collected or returned) are closed. */
export async function closeSettledRemittances(tx: DbOrTx, remittanceIds: number[]): Promise<void> {
  if (remittanceIds.length === 0) return;
  await tx
    .update(remittances)
    .set({ status: "cerrada" })
    .where(
      and(
        inArray(remittances.id, remittanceIds),
        eq(remittances.status, "abierta"),
        sql`not exists (select 1 from ${remittanceItems} where ${remittanceItems.remittanceId} = ${remittances.id} and ${remittanceItems.status} = 'remesado')`,
      ),
    );
}

export async function insertHistoryRows(tx: DbOrTx, rows: NewPolicyHistoryEntry[]): Promise<void> {
  if (rows.length) await tx.insert(policyHistory).values(rows);
}

export async function insertAuditRows(tx: DbOrTx, rows: (typeof auditLog.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(auditLog).values(rows);
}

/** Queued e-mails in one statement; their ids in the same order. */
export async function insertOutboxRows(tx: DbOrTx, rows: NewOutboxEmail[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(outboxEmails).values(rows).returning({ id: outboxEmails.id });
  return inserted.map((r) => r.id);
}

/** The settings an import reads: our creditor identifier and the fee passed on per returned recibo. */
export async function readReturnSettings(db: DbOrTx): Promise<{ creditorId: string | null; feeCents: number }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ["sepa_creditor", "return_fee_cents"]));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const creditor = value("sepa_creditor") as { creditorId?: unknown } | undefined;
  const fee = value("return_fee_cents");
  return {
    creditorId: typeof creditor?.creditorId === "string" ? creditor.creditorId.toUpperCase() : null,
    feeCents: typeof fee === "number" && Number.isSafeInteger(fee) && fee > 0 ? fee : 0,
  };
}
