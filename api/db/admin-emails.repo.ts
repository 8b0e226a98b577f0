// Data access of /admin/email (ADR 039 on the list kit of ADR 010): every outbox message, one page,
// its capped count and the CSV batches from one where-builder; one message; its resend and cancel.
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AdminEmailExportQuery, AdminEmailListQuery, AdminEmailRow, AdminEmailSortKey } from "../contract/emails";
import type { EmailStatus, EmailTemplateKey } from "../contract/vocabulary";
import { EMAIL_TEMPLATES } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { cappedCount, foldedContains, keysetBatches, keysetColumns, listPage, thenById, type SortMap } from "./list";
import { clients, outboxEmails, policies, type OutboxEmail } from "./schema";

type Filters = Omit<AdminEmailExportQuery, "sort" | "dir">;

/** The list's filters as one condition on `outbox_emails` (the policy number through a subquery). */
export function emailFilterWhere(f: Partial<Filters>): SQL | undefined {
  const q = f.q?.trim();
  return and(
    f.status ? eq(outboxEmails.status, f.status) : undefined,
    f.template ? eq(outboxEmails.template, f.template) : undefined,
    f.policy
      ? inArray(outboxEmails.policyId, sql`(select ${policies.id} from ${policies} where ${policies.number} = ${f.policy.toUpperCase()})`)
      : undefined,
    f.client ? eq(outboxEmails.clientId, f.client) : undefined,
    // Days as the office lives them (Europe/Madrid), "to" included.
    f.from ? sql`${outboxEmails.createdAt} >= (${f.from}::date)::timestamp at time zone 'Europe/Madrid'` : undefined,
    f.to ? sql`${outboxEmails.createdAt} < ((${f.to}::date + 1)::timestamp at time zone 'Europe/Madrid')` : undefined,
    // An address or words of the subject (trigram indexes), or a policy number's start (its unique index).
    q
      ? or(
          foldedContains(outboxEmails.to, q),
          foldedContains(outboxEmails.subject, q),
          inArray(
            outboxEmails.policyId,
            sql`(select ${policies.id} from ${policies} where ${policies.number} like ${`${q.toUpperCase().replace(/[\\%_]/g, "")}%`})`,
          ),
        )
      : undefined,
  );
}

const SORTS: SortMap<AdminEmailSortKey> = {
  createdAt: thenById(outboxEmails.id, { expr: outboxEmails.createdAt, type: "timestamptz" }),
  to: thenById(outboxEmails.id, { expr: outboxEmails.to, type: "text" }),
  subject: thenById(outboxEmails.id, { expr: outboxEmails.subject, type: "text" }),
  status: thenById(outboxEmails.id, { expr: sql`${outboxEmails.status}::text`, type: "text" }, { expr: outboxEmails.createdAt, type: "timestamptz" }),
  attempts: thenById(outboxEmails.id, { expr: outboxEmails.attempts, type: "integer" }),
};

const rowColumns = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  template: outboxEmails.template,
  subject: outboxEmails.subject,
  status: outboxEmails.status,
  attempts: outboxEmails.attempts,
  lastError: outboxEmails.lastError,
  nextAttemptAt: outboxEmails.nextAttemptAt,
  createdAt: outboxEmails.createdAt,
  sentAt: outboxEmails.sentAt,
  policyId: outboxEmails.policyId,
  policyNumber: policies.number,
  clientId: clients.id,
  clientName: clients.name,
  resentFromId: outboxEmails.resentFromId,
};
type RawRow = {
  id: number;
  to: string;
  template: string | null;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | string;
  createdAt: Date | string;
  sentAt: Date | string | null;
  policyId: number | null;
  policyNumber: string | null;
  clientId: number | null;
  clientName: string | null;
  resentFromId: number | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const templateKey = (t: string | null): EmailTemplateKey | null =>
  (EMAIL_TEMPLATES as readonly string[]).includes(t ?? "") ? (t as EmailTemplateKey) : null;

function toEmailRow(r: RawRow): AdminEmailRow {
  return {
    id: r.id,
    to: r.to,
    template: templateKey(r.template),
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: new Date(r.nextAttemptAt).toISOString(),
    createdAt: new Date(r.createdAt).toISOString(),
    sentAt: iso(r.sentAt),
    policy: r.policyId !== null && r.policyNumber !== null ? { id: r.policyId, number: r.policyNumber } : null,
    client: r.clientId !== null && r.clientName !== null ? { id: r.clientId, name: r.clientName } : null,
    resentFromId: r.resentFromId,
  };
}

const rowsSelect = <E extends Record<string, SQL>>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(outboxEmails)
    .leftJoin(policies, eq(policies.id, outboxEmails.policyId))
    .leftJoin(clients, eq(clients.id, outboxEmails.clientId));

export async function listAdminEmails(db: DbOrTx, query: AdminEmailListQuery) {
  const where = emailFilterWhere(query);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) =>
      (
        await rowsSelect(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toEmailRow),
    count: () => cappedCount(db, outboxEmails, where),
  });
}

/** Every message matching the list's filters, in its order, in batches (the CSV export). */
export async function* adminEmailExportBatches(db: DbOrTx, query: AdminEmailExportQuery): AsyncGenerator<AdminEmailRow[]> {
  const where = emailFilterWhere(query);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 1000, (after, orderBy, limit) =>
    rowsSelect(db, keysetColumns(SORTS, query.sort))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map((r) => toEmailRow(r as RawRow));
}

/** One message: its stored row and its row as the list shows it (null: no such message). */
export async function adminEmailById(db: DbOrTx, id: number): Promise<{ stored: OutboxEmail; row: AdminEmailRow } | null> {
  const [stored] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!stored) return null;
  const [raw] = await rowsSelect(db).where(eq(outboxEmails.id, id));
  return { stored, row: toEmailRow(raw!) };
}

/** A message's row, locked until the transaction ends (null: no such message). */
export async function lockEmail(tx: DbOrTx, id: number): Promise<OutboxEmail | null> {
  const [row] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, id)).for("update");
  return row ?? null;
}

/** The copies "Reenviar" queued of a message, newest first. */
export async function emailResends(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: outboxEmails.id, status: outboxEmails.status, createdAt: outboxEmails.createdAt })
    .from(outboxEmails)
    .where(eq(outboxEmails.resentFromId, id))
    .orderBy(desc(outboxEmails.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, status: r.status, createdAt: r.createdAt.toISOString() }));
}

/**
 * Queues a copy of a message as a new one, due now, linked to the original. The copy keeps the
 * original's texts and attachments (one queued by reference is rendered when the copy is sent).
 */
export async function queueResend(db: DbOrTx, original: OutboxEmail, now: Date): Promise<number> {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      to: original.to,
      subject: original.subject,
      body: original.body,
      html: original.html,
      attachments: original.attachments,
      template: original.template,
      policyId: original.policyId,
      clientId: original.clientId,
      resentFromId: original.id,
      status: "pendiente",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

/**
 * Cancels a pending message; null when it was not pending any more (sent, failed, cancelled): the
 * status check is in the UPDATE, so a worker's write and a cancel cannot both win.
 */
export async function cancelPendingEmail(db: DbOrTx, id: number, by: { id: number; label: string }, at: Date): Promise<OutboxEmail | null> {
  const [row] = await db
    .update(outboxEmails)
    .set({ status: "cancelado", cancelledAt: at, cancelledById: by.id, cancelledByLabel: by.label })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, "pendiente")))
    .returning();
  return row ?? null;
}
