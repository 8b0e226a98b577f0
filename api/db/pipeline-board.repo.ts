// The sales board (/admin/pipeline, ADR 041): every lane's count and premium total (kept totals, or
// one grouped query with a filter of time), then one index walk per lane (pipeline_leads_stage_idx, or the owner's
// pipeline_leads_assigned_admin_id_idx) for its newest cards, so it stays fast at 50,000 leads.
import { and, desc, eq, lt, lte, sql, type SQL } from "drizzle-orm";
import { BOARD_CARDS_PER_LANE, type BoardCard, type BoardQuery, type LeadBoard } from "../contract/pipeline";
import { LEAD_STAGES, OPEN_LEAD_STAGES, type LeadStage, type Line } from "../contract/vocabulary";
import { canWorkLead, isStaleLead, staleBefore, type PipelineReader } from "../domain/pipeline";
import type { DbOrTx } from "./client";
import { adminUsers, leadStageTotals, pipelineLeads } from "./schema";

const DAY_MS = 86_400_000;
const openStages = sql`${pipelineLeads.stage} in (${sql.join(
  OPEN_LEAD_STAGES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/** The board's filters (also the list's): owner (me: the reader), line, days in the stage, stale. */
export function boardWhere(query: BoardQuery, ctx: { readerId: number; now: Date; staleDays: number }): SQL | undefined {
  const owner = query.owner === "me" ? ctx.readerId : query.owner;
  const before = staleBefore(ctx.now, ctx.staleDays);
  return and(
    owner !== undefined ? eq(pipelineLeads.assignedAdminId, owner) : undefined,
    query.line ? eq(pipelineLeads.lineCode, query.line) : undefined,
    query.minAgeDays !== undefined ? lte(pipelineLeads.stageChangedAt, new Date(ctx.now.getTime() - query.minAgeDays * DAY_MS)) : undefined,
    query.stale === "true" ? and(openStages, lt(pipelineLeads.lastActivityAt, before)) : undefined,
    query.stale === "false" ? sql`not (${openStages} and ${pipelineLeads.lastActivityAt} < ${before})` : undefined,
  );
}

export const cardColumns = {
  id: pipelineLeads.id,
  stage: pipelineLeads.stage,
  name: pipelineLeads.name,
  line: pipelineLeads.lineCode,
  premiumCents: pipelineLeads.estimatedPremiumCents,
  ownerId: pipelineLeads.assignedAdminId,
  ownerName: adminUsers.username,
  nextAction: pipelineLeads.nextAction,
  nextActionOn: pipelineLeads.nextActionOn,
  stageChangedAt: pipelineLeads.stageChangedAt,
  lastActivityAt: pipelineLeads.lastActivityAt,
};
export type CardRow = {
  id: number;
  stage: LeadStage;
  name: string;
  line: Line | null;
  premiumCents: number | null;
  ownerId: number | null;
  ownerName: string | null;
  nextAction: string | null;
  nextActionOn: string | null;
  stageChangedAt: Date;
  lastActivityAt: Date;
};

/** A lead as a card, seen by this reader (canMove) at this moment (stale). */
export function toCard(row: CardRow, reader: PipelineReader, now: Date, staleDays: number): BoardCard {
  return {
    id: row.id,
    name: row.name,
    line: row.line,
    premiumCents: row.premiumCents,
    owner: row.ownerId === null ? null : { id: row.ownerId, name: row.ownerName ?? `#${row.ownerId}` },
    nextAction: row.nextAction,
    nextActionOn: row.nextActionOn,
    stageSince: new Date(row.stageChangedAt).toISOString(),
    stale: isStaleLead({ stage: row.stage, lastActivityAt: new Date(row.lastActivityAt) }, now, staleDays),
    canMove: canWorkLead(reader, { stage: row.stage, assignedAdminId: row.ownerId }),
  };
}

export async function leadCard(db: DbOrTx, id: number, reader: PipelineReader, now: Date, staleDays: number): Promise<BoardCard | null> {
  const [row] = await db
    .select(cardColumns)
    .from(pipelineLeads)
    .leftJoin(adminUsers, eq(adminUsers.id, pipelineLeads.assignedAdminId))
    .where(eq(pipelineLeads.id, id));
  return row ? toCard(row as CardRow, reader, now, staleDays) : null;
}

/**
 * Each lane's count and premium total. Without a filter of time (days in the stage, stale) they are
 * the kept totals by stage, owner and line (lead_stage_totals, a few hundred rows: ADR 041
 * «Velocidad»); with one, a grouped read of the leads that match.
 */
function laneTotals(db: DbOrTx, query: BoardQuery, readerId: number, where: SQL | undefined) {
  const sums = { count: sql<number>`sum(${leadStageTotals.n})::int`, premium: sql<string>`coalesce(sum(${leadStageTotals.cents}), 0)` };
  if (query.minAgeDays === undefined && query.stale === undefined) {
    const owner = query.owner === "me" ? readerId : query.owner;
    return db
      .select({ stage: leadStageTotals.stage, ...sums })
      .from(leadStageTotals)
      .where(and(owner !== undefined ? eq(leadStageTotals.ownerId, owner) : undefined, query.line ? eq(leadStageTotals.line, query.line) : undefined))
      .groupBy(leadStageTotals.stage);
  }
  return db
    .select({
      stage: pipelineLeads.stage,
      count: sql<number>`count(*)::int`,
      premium: sql<string>`coalesce(sum(${pipelineLeads.estimatedPremiumCents}), 0)`,
    })
    .from(pipelineLeads)
    .where(where)
    .groupBy(pipelineLeads.stage);
}

export async function leadBoard(db: DbOrTx, query: BoardQuery, ctx: { reader: PipelineReader; now: Date; staleDays: number }): Promise<LeadBoard> {
  const where = boardWhere(query, { readerId: ctx.reader.id, now: ctx.now, staleDays: ctx.staleDays });
  // The totals and the lanes' first cards at once: one round trip's wait, not two.
  const [totals, ...lanes] = await Promise.all([
    laneTotals(db, query, ctx.reader.id, where),
    ...LEAD_STAGES.map((stage) =>
      db
        .select(cardColumns)
        .from(pipelineLeads)
        .leftJoin(adminUsers, eq(adminUsers.id, pipelineLeads.assignedAdminId))
        .where(and(eq(pipelineLeads.stage, stage), where))
        .orderBy(desc(pipelineLeads.stageChangedAt), desc(pipelineLeads.id))
        .limit(BOARD_CARDS_PER_LANE),
    ),
  ]);
  const byStage = new Map(totals.map((t) => [t.stage, t]));
  return {
    lanes: LEAD_STAGES.map((stage, i) => ({
      stage,
      count: byStage.get(stage)?.count ?? 0,
      premiumCents: Number(byStage.get(stage)?.premium ?? 0),
      cards: lanes[i]!.map((row) => toCard(row as CardRow, ctx.reader, ctx.now, ctx.staleDays)),
    })),
  };
}
