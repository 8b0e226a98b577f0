// Data access of the bank's return files (ADR 030): the debits a file names, read in one query
// with their recibos locked; the writes of a whole file, each a single multi-row statement, so a
// file of 1,000 returns costs a handful of round trips, not thousands. And the list of imports (ADR 010).
import { and, eq, gt, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { ReturnImportListQuery, ReturnImportSortKey } from "../contract/returns";
import { AUDIT_TIME_ZONE } from "./audit.repo";
import type { DbOrTx } from "./client";
import { cappedCount, likeContains, listPage, type SortMap } from "./list";
import { settingsAt, type SettingDate } from "./settings.repo";
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

const IMPORT_SORTS: SortMap<ReturnImportSortKey> = {
  createdAt: [
    { expr: returnImports.createdAt, type: "timestamptz" },
    { expr: returnImports.id, type: "integer" },
  ],
};

/** The list's filters as one condition on return_imports; days are whole days in Madrid, both inclusive. */
function importFilterWhere(f: Partial<ReturnImportListQuery>): SQL | undefined {
  return and(
    // Midnight of the day in Madrid, as an instant: `timestamp at time zone` reads it as local time.
    f.from ? sql`${returnImports.createdAt} >= (${f.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}` : undefined,
    f.to ? sql`${returnImports.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${AUDIT_TIME_ZONE})` : undefined,
    f.format ? eq(returnImports.format, f.format) : undefined,
    // A bank sends a few files a week: the table stays small enough to read whole for a name.
    f.importedBy ? ilike(returnImports.createdByLabel, likeContains(f.importedBy)) : undefined,
    f.notApplied === "si" ? gt(returnImports.alreadyReturned, 0) : f.notApplied === "no" ? eq(returnImports.alreadyReturned, 0) : undefined,
  );
}

/** One page of the imports (their lines' outcomes are not read: the import's page shows them). */
export async function listImports(db: DbOrTx, query: ReturnImportListQuery) {
  const where = importFilterWhere(query);
  return listPage(query, IMPORT_SORTS, {
    rows: (orderBy, limit, offset) =>
      db
        .select({
          id: returnImports.id,
          fileName: returnImports.fileName,
          format: returnImports.format,
          lineCount: returnImports.lineCount,
          applied: returnImports.applied,
          alreadyReturned: returnImports.alreadyReturned,
          createdAt: returnImports.createdAt,
          createdByLabel: returnImports.createdByLabel,
        })
        .from(returnImports)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: () => cappedCount(db, returnImports, where),
  });
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

/** The settings an import reads (in force at `at`): our creditor identifier and the fee passed on per returned recibo. */
export async function readReturnSettings(db: DbOrTx, at: SettingDate): Promise<{ creditorId: string | null; feeCents: number }> {
  const values = await settingsAt(db, ["sepa_creditor", "return_fee_cents"], at);
  const creditor = values.sepa_creditor as { creditorId?: unknown } | undefined;
  const fee: unknown = values.return_fee_cents;
  return {
    creditorId: typeof creditor?.creditorId === "string" ? creditor.creditorId.toUpperCase() : null,
    feeCents: typeof fee === "number" && Number.isSafeInteger(fee) && fee > 0 ? fee : 0,
  };
}
