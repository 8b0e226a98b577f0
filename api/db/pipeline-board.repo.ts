// The sales board (/admin/pipeline, ADR 041): one grouped query for every lane's count and premium
// total, then one index walk per lane (pipeline_leads_stage_idx, or the owner's
// pipeline_leads_assigned_admin_id_idx) for its newest cards, so it stays fast at 50,000 leads.
import { and, desc, eq, lt, lte, sql, type SQL } from "drizzle-orm";
import { BOARD_CARDS_PER_LANE, type BoardCard, type BoardQuery, type LeadBoard } from "../contract/pipeline";
import { LEAD_STAGES, OPEN_LEAD_STAGES, type LeadStage, type Line } from "../contract/vocabulary";
import { canWorkLead, isStaleLead, staleBefore, type PipelineReader } from "../domain/pipeline";
import type { DbOrTx } from "./client";
import { adminUsers, pipelineLeads } from "./schema";

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

export async function leadBoard(db: DbOrTx, query: BoardQuery, ctx: { reader: PipelineReader; now: Date; staleDays: number }): Promise<LeadBoard> {
  const where = boardWhere(query, { readerId: ctx.reader.id, now: ctx.now, staleDays: ctx.staleDays });
  const totals = await db
    .select({
      stage: pipelineLeads.stage,
      count: sql<number>`count(*)::int`,
      premium: sql<number>`coalesce(sum(${pipelineLeads.estimatedPremiumCents}), 0)::bigint`,
    })
    .from(pipelineLeads)
    .where(where)
    .groupBy(pipelineLeads.stage);
  const byStage = new Map(totals.map((t) => [t.stage, t]));
  const lanes = await Promise.all(
    LEAD_STAGES.map(async (stage) => {
      const total = byStage.get(stage);
      const rows = !total
        ? []
        : await db
            .select(cardColumns)
            .from(pipelineLeads)
            .leftJoin(adminUsers, eq(adminUsers.id, pipelineLeads.assignedAdminId))
            .where(and(eq(pipelineLeads.stage, stage), where))
            .orderBy(desc(pipelineLeads.stageChangedAt), desc(pipelineLeads.id))
            .limit(BOARD_CARDS_PER_LANE);
      return {
        stage,
        count: total?.count ?? 0,
        premiumCents: Number(total?.premium ?? 0),
        cards: rows.map((row) => toCard(row as CardRow, ctx.reader, ctx.now, ctx.staleDays)),
      };
    }),
  );
  return { lanes };
}
