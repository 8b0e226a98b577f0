// The sales pipeline's reads besides the board (issue 23): the list and its CSV (the list kit,
// ADR 010), one lead with its quotes and its audit trail, and the dashboard's own leads.
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { LeadDetail, LeadExportQuery, LeadListQuery, LeadRow, LeadSortKey } from "../contract/pipeline-leads";
import {
  AUDIT_ACTIONS,
  LEAD_STAGES,
  OPEN_LEAD_STAGES,
  type AuditAction,
  type CallbackSlot,
  type LeadLostReason,
  type LeadSource,
} from "../contract/vocabulary";
import { canReassignLead, canWorkLead, phoneKey, type PipelineReader } from "../domain/pipeline";
import type { DbOrTx } from "./client";
import { cappedCount, foldedContains, keysetBatches, keysetColumns, listPage, type SortMap } from "./list";
import { boardWhere, cardColumns, toCard, type CardRow } from "./pipeline-board.repo";
import { adminUsers, auditLog, pipelineLeadQuotes, pipelineLeads, policies, quotes } from "./schema";
import { readTogether } from "./reads-together";

const stageOrder = sql<number>`array_position(array[${sql.join(
  LEAD_STAGES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${pipelineLeads.stage}::text)`;

const SORTS: SortMap<LeadSortKey> = {
  stage: [
    { expr: stageOrder, type: "integer" },
    { expr: pipelineLeads.id, type: "integer" },
  ],
  name: [
    { expr: pipelineLeads.name, type: "text" },
    { expr: pipelineLeads.id, type: "integer" },
  ],
  premium: [
    { expr: sql`coalesce(${pipelineLeads.estimatedPremiumCents}, -1)`, type: "integer" },
    { expr: pipelineLeads.id, type: "integer" },
  ],
  age: [
    { expr: pipelineLeads.stageChangedAt, type: "timestamptz" },
    { expr: pipelineLeads.id, type: "integer" },
  ],
  // A lead without a next action sorts after every dated one.
  nextAction: [
    { expr: sql`coalesce(${pipelineLeads.nextActionOn}::text, '9999-12-31')`, type: "text" },
    { expr: pipelineLeads.id, type: "integer" },
  ],
};

type ListCtx = { reader: PipelineReader; now: Date; staleDays: number };

function listWhere(query: LeadExportQuery, ctx: ListCtx): SQL | undefined {
  const q = query.q;
  const phone = q ? phoneKey(q) : null;
  return and(
    boardWhere(query, { readerId: ctx.reader.id, now: ctx.now, staleDays: ctx.staleDays }),
    query.stage ? eq(pipelineLeads.stage, query.stage) : undefined,
    q
      ? or(
          foldedContains(pipelineLeads.name, q),
          sql`lower(${pipelineLeads.email}) like ${`%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`,
          phone && /^\+?\d{3,}$/.test(phone) ? sql`${pipelineLeads.phone} like ${`%${phone}%`}` : undefined,
        )
      : undefined,
  );
}

const rowColumns = {
  ...cardColumns,
  source: pipelineLeads.source,
  email: pipelineLeads.email,
  phone: pipelineLeads.phone,
  createdAt: pipelineLeads.createdAt,
};
type RawRow = CardRow & { source: LeadSource; email: string | null; phone: string | null; createdAt: Date };

function toRow(r: RawRow, ctx: ListCtx): LeadRow {
  return {
    ...toCard(r, ctx.reader, ctx.now, ctx.staleDays),
    stage: r.stage,
    source: r.source,
    email: r.email,
    phone: r.phone,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

const select = (db: DbOrTx) => db.select(rowColumns).from(pipelineLeads).leftJoin(adminUsers, eq(adminUsers.id, pipelineLeads.assignedAdminId));

export async function listLeads(db: DbOrTx, query: LeadListQuery, ctx: ListCtx) {
  const where = listWhere(query, ctx);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) => {
      const rows = await select(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toRow(r as RawRow, ctx));
    },
    count: () => cappedCount(db, pipelineLeads, where),
    rowsFirst: query.q !== undefined,
  });
}

export async function* leadExportBatches(db: DbOrTx, query: LeadExportQuery, ctx: ListCtx): AsyncGenerator<LeadRow[]> {
  const where = listWhere(query, ctx);
  const keys = keysetColumns(SORTS, query.sort);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 1000, (after, orderBy, limit) =>
    db
      .select({ ...rowColumns, ...keys })
      .from(pipelineLeads)
      .leftJoin(adminUsers, eq(adminUsers.id, pipelineLeads.assignedAdminId))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map((r) => toRow(r as unknown as RawRow, ctx));
}

/** One lead with everything the page shows, or null. */
export async function leadDetail(db: DbOrTx, id: number, ctx: ListCtx): Promise<LeadDetail | null> {
  const [row] = await db
    .select({
      ...rowColumns,
      notes: pipelineLeads.notes,
      lostReason: pipelineLeads.lostReason,
      callbackSlot: pipelineLeads.callbackSlot,
      callbackConsentAt: pipelineLeads.callbackConsentAt,
      wonPolicyId: pipelineLeads.wonPolicyId,
      wonPolicyNumber: policies.number,
      closedAt: pipelineLeads.closedAt,
    })
    .from(pipelineLeads)
    .leftJoin(adminUsers, eq(adminUsers.id, pipelineLeads.assignedAdminId))
    .leftJoin(policies, eq(policies.id, pipelineLeads.wonPolicyId))
    .where(eq(pipelineLeads.id, id));
  if (!row) return null;
  const [leadQuotes, trail] = await readTogether(
    db,
    () =>
      db
        .select({
          id: quotes.id,
          line: quotes.lineCode,
          status: quotes.status,
          bestPriceCents: quotes.bestPrice,
          createdAt: quotes.createdAt,
          validUntil: quotes.validUntil,
        })
        .from(pipelineLeadQuotes)
        .innerJoin(quotes, eq(quotes.id, pipelineLeadQuotes.quoteId))
        .where(eq(pipelineLeadQuotes.leadId, id))
        .orderBy(desc(quotes.createdAt)),
    () =>
      db
        .select({ at: auditLog.at, action: auditLog.action, actor: auditLog.actorLabel, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "pipeline_lead"), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(200),
  );
  const ownership = { stage: row.stage, assignedAdminId: row.ownerId };
  return {
    ...toRow(row as RawRow, ctx),
    notes: row.notes,
    lostReason: row.lostReason as LeadLostReason | null,
    callbackSlot: row.callbackSlot as CallbackSlot | null,
    callbackConsentAt: row.callbackConsentAt ? new Date(row.callbackConsentAt).toISOString() : null,
    wonPolicy: row.wonPolicyId !== null && row.wonPolicyNumber !== null ? { id: row.wonPolicyId, number: row.wonPolicyNumber } : null,
    closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
    lastActivityAt: new Date(row.lastActivityAt).toISOString(),
    quotes: leadQuotes.map((q) => ({
      id: q.id,
      line: q.line,
      // Today's status: a quote past its validity is caducada even before a read marks it so.
      status: q.status === "cotizada" && q.validUntil <= ctx.now ? "caducada" : q.status,
      bestPriceCents: q.bestPriceCents,
      createdAt: q.createdAt.toISOString(),
    })),
    history: trail.map((t) => ({
      at: t.at.toISOString(),
      action: t.action,
      label: AUDIT_ACTIONS[t.action as AuditAction] ?? t.action,
      actor: t.actor,
      after: t.after ?? null,
    })),
    canEdit: canWorkLead(ctx.reader, ownership),
    canReassign: canReassignLead(ctx.reader),
  };
}

/** The dashboard's «Mis oportunidades»: the reader's open leads and their next actions due by today. */
export async function myLeads(db: DbOrTx, adminId: number, today: string) {
  const open = and(eq(pipelineLeads.assignedAdminId, adminId), inArray(pipelineLeads.stage, [...OPEN_LEAD_STAGES]));
  const [[counted], due] = await readTogether(
    db,
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(pipelineLeads)
        .where(open),
    () =>
      db
        .select({ id: pipelineLeads.id, name: pipelineLeads.name, nextAction: pipelineLeads.nextAction, nextActionOn: pipelineLeads.nextActionOn })
        .from(pipelineLeads)
        .where(and(open, isNotNull(pipelineLeads.nextActionOn), lte(pipelineLeads.nextActionOn, today)))
        .orderBy(asc(pipelineLeads.nextActionOn), asc(pipelineLeads.id))
        .limit(10),
  );
  return { open: counted?.n ?? 0, due: due.map((d) => ({ ...d, nextActionOn: d.nextActionOn! })) };
}
