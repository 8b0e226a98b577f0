// The client pipeline's reads (issue 23, ADR 041 «Clientes»): the board (each stage's count,
// premium total and newest cards), its list (list kit) and the CSV in keyset batches. The premium,
// the line and the lines are columns every policy event keeps on the client
// (./client-stage.repo.ts), so nothing here reads policies; the lane totals are kept by day
// (client_stage_days, migration 0030), so the board does not count 200,000 clients.
import { and, desc, eq, gte, inArray, isNull, lt, lte, not, or, sql, type SQL } from "drizzle-orm";
import { BOARD_CARDS_PER_LANE, type BoardCard, type BoardQuery, type ClientBoard } from "../contract/pipeline";
import {
  CLIENT_STALE_STAGES,
  DEFAULT_STALE_DAYS,
  type ClientPipelineExportQuery,
  type ClientPipelineListQuery,
  type ClientPipelineRow,
  type ClientPipelineSortKey,
} from "../contract/client-pipeline";
import { clientSearchNif } from "../contract/clients";
import { CLIENT_STAGES, type ClientStage } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { cappedCount, keptFoldedContains, keysetBatches, keysetColumns, listPage, thenById, type SortMap } from "./list";
import { readSettingVersions, settingDay, valueOn } from "./settings.repo";
import { clients, clientStageDays } from "./schema";
import type { SettingKey } from "../contract/settings";

const DAY_MS = 86_400_000;

/** The setting lead_stale_days in force at `now` (the leads' part adds it; DEFAULT_STALE_DAYS until then). */
export async function staleDaysAt(db: DbOrTx, now: Date): Promise<number> {
  const key = "lead_stale_days" as SettingKey;
  const days: unknown = valueOn(await readSettingVersions(db, [key]), key, settingDay(now));
  return typeof days === "number" && Number.isInteger(days) && days > 0 ? days : DEFAULT_STALE_DAYS;
}

/** What a read needs besides the query: the clock, the stale threshold and whether the reader may move clients. */
export type BoardContext = { now: Date; staleDays: number; canMove: boolean };

const staleSince = (ctx: BoardContext) => new Date(ctx.now.getTime() - ctx.staleDays * DAY_MS);
const isStale = (ctx: BoardContext) => and(inArray(clients.stage, [...CLIENT_STALE_STAGES]), lt(clients.stageChangedAt, staleSince(ctx)))!;

// The lines kept on the client (clients_line_codes_idx): an exists over policies per client took 0.4 s at 200,000.
const hasPolicyOfLine = (line: string) => sql`${clients.lineCodes} @> array[${line}]::line_code[]`;

type Filters = BoardQuery & { stage?: ClientStage; q?: string };

/** The board's filters (owner ignored: clients have no owner), and the list's stage and search. */
function whereOf(query: Filters, ctx: BoardContext): SQL | undefined {
  let search: SQL | undefined;
  if (query.q) {
    const nif = clientSearchNif(query.q);
    search = nif ? eq(clients.nif, nif) : or(keptFoldedContains(clients.nameFolded, query.q), keptFoldedContains(clients.emailFolded, query.q));
  }
  return and(
    search,
    query.stage ? eq(clients.stage, query.stage) : undefined,
    query.line ? hasPolicyOfLine(query.line) : undefined,
    query.minAgeDays !== undefined ? lte(clients.stageChangedAt, new Date(ctx.now.getTime() - query.minAgeDays * DAY_MS)) : undefined,
    query.stale === "true" ? isStale(ctx) : query.stale === "false" ? not(isStale(ctx)) : undefined,
  );
}

const cardColumns = {
  id: clients.id,
  name: clients.name,
  stage: clients.stage,
  line: clients.lineCode,
  premiumCents: clients.premiumCents,
  stageChangedAt: clients.stageChangedAt,
};
type RawCard = { id: number; name: string; stage: ClientStage; line: BoardCard["line"]; premiumCents: number; stageChangedAt: Date };

function toRow(r: RawCard, ctx: BoardContext): ClientPipelineRow {
  return {
    id: r.id,
    name: r.name,
    stage: r.stage,
    line: r.line,
    // A client without a live policy has no premium to show (a prospect, a baja).
    premiumCents: r.premiumCents > 0 ? r.premiumCents : null,
    owner: null,
    nextAction: null,
    nextActionOn: null,
    stageSince: r.stageChangedAt.toISOString(),
    stale: (CLIENT_STALE_STAGES as readonly string[]).includes(r.stage) && r.stageChangedAt < staleSince(ctx),
    canMove: ctx.canMove,
  };
}
const toCard = (r: RawCard, ctx: BoardContext): BoardCard => {
  const { stage: _stage, ...card } = toRow(r, ctx);
  return card;
};

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** Where stage_changed_at falls on the UTC day of `at` (a range of clients_stage_since_idx). */
const onDayOf = (at: Date) => {
  const start = new Date(`${utcDay(at)}T00:00:00Z`);
  return and(gte(clients.stageChangedAt, start), lt(clients.stageChangedAt, new Date(start.getTime() + DAY_MS)))!;
};

/**
 * Each lane's count and premium total (ADR 041 «Velocidad»). The filters of time (days in the
 * stage, stale) bound stage_changed_at; the whole days inside those bounds are summed from the
 * kept totals by day (client_stage_days, for every client or for one line), and only the clients
 * of the bounds' own days, where the bound falls inside the day, are read with the filter itself.
 */
async function laneTotals(db: DbOrTx, query: BoardQuery, ctx: BoardContext) {
  const minAgeAt = query.minAgeDays !== undefined ? new Date(ctx.now.getTime() - query.minAgeDays * DAY_MS) : null;
  const staleAt = query.stale !== undefined ? staleSince(ctx) : null;
  const staleStage = inArray(clientStageDays.stage, [...CLIENT_STALE_STAGES]);
  const kept = db
    .select({ stage: clientStageDays.stage, count: sql<string>`sum(${clientStageDays.n})`, premium: sql<string>`sum(${clientStageDays.cents})` })
    .from(clientStageDays)
    .where(
      and(
        query.line ? eq(clientStageDays.line, query.line) : isNull(clientStageDays.line),
        minAgeAt ? lt(clientStageDays.day, utcDay(minAgeAt)) : undefined,
        staleAt && query.stale === "true" ? and(staleStage, lt(clientStageDays.day, utcDay(staleAt))) : undefined,
        staleAt && query.stale === "false" ? not(and(staleStage, lte(clientStageDays.day, utcDay(staleAt)))!) : undefined,
      ),
    )
    .groupBy(clientStageDays.stage);
  const edges = [
    minAgeAt ? onDayOf(minAgeAt) : undefined,
    staleAt ? and(inArray(clients.stage, [...CLIENT_STALE_STAGES]), onDayOf(staleAt)) : undefined,
  ];
  const edgeDays = edges.some(Boolean)
    ? db
        .select({ stage: clients.stage, count: sql<string>`count(*)`, premium: sql<string>`coalesce(sum(${clients.premiumCents}), 0)` })
        .from(clients)
        .where(and(whereOf(query, ctx), or(...edges)))
        .groupBy(clients.stage)
    : [];
  const totals = new Map<ClientStage, { count: number; premium: number }>();
  for (const t of (await Promise.all([kept, edgeDays])).flat()) {
    const sum = totals.get(t.stage) ?? { count: 0, premium: 0 };
    totals.set(t.stage, { count: sum.count + Number(t.count), premium: sum.premium + Number(t.premium) });
  }
  return totals;
}

/**
 * The client board: per stage its count and premium total (laneTotals) and its newest
 * BOARD_CARDS_PER_LANE cards (one walk of clients_stage_changed_idx per lane).
 */
export async function clientBoard(db: DbOrTx, query: BoardQuery, ctx: BoardContext): Promise<ClientBoard> {
  const where = whereOf(query, ctx);
  const [totals, ...lanes] = await Promise.all([
    laneTotals(db, query, ctx),
    ...CLIENT_STAGES.map((stage) =>
      db
        .select(cardColumns)
        .from(clients)
        .where(and(eq(clients.stage, stage), where))
        .orderBy(desc(clients.stageChangedAt), desc(clients.id))
        .limit(BOARD_CARDS_PER_LANE),
    ),
  ]);
  return {
    lanes: CLIENT_STAGES.map((stage, i) => ({
      stage,
      count: totals.get(stage)?.count ?? 0,
      premiumCents: totals.get(stage)?.premium ?? 0,
      cards: lanes[i]!.map((r) => toCard(r, ctx)),
    })),
  };
}

// Each sort ends in the id; stage and its age read clients_stage_changed_idx, premium clients_premium_idx, name clients_name_idx.
const SORTS: SortMap<ClientPipelineSortKey> = {
  stageSince: thenById(clients.id, { expr: clients.stageChangedAt, type: "timestamptz" }),
  name: thenById(clients.id, { expr: clients.name, type: "text" }),
  stage: thenById(clients.id, { expr: clients.stage, type: "client_stage" }, { expr: clients.stageChangedAt, type: "timestamptz" }),
  premium: thenById(clients.id, { expr: clients.premiumCents, type: "integer" }),
};

export async function listClientPipeline(db: DbOrTx, query: ClientPipelineListQuery, ctx: BoardContext) {
  const where = whereOf(query, ctx);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) =>
      (
        await db
          .select(cardColumns)
          .from(clients)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((r) => toRow(r, ctx)),
    count: () => cappedCount(db, clients, where),
    rowsFirst: Boolean(query.q),
  });
}

/** Every client matching the list's filters, in its order, in batches (the CSV). */
export async function* clientPipelineExportBatches(
  db: DbOrTx,
  query: ClientPipelineExportQuery,
  ctx: BoardContext,
): AsyncGenerator<ClientPipelineRow[]> {
  const where = whereOf(query, ctx);
  const keys = keysetColumns(SORTS, query.sort);
  const read = (after: SQL | undefined, orderBy: SQL[], limit: number) =>
    db
      .select({ ...cardColumns, ...keys })
      .from(clients)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit);
  for await (const rows of keysetBatches(SORTS, query.sort, query.dir, 500, read)) yield rows.map((r) => toRow(r, ctx));
}

/** One client as the list's row (the card with its stage), or null. */
export async function clientPipelineCard(db: DbOrTx, id: number, ctx: BoardContext): Promise<ClientPipelineRow | null> {
  const [row] = await db.select(cardColumns).from(clients).where(eq(clients.id, id));
  return row ? toRow(row, ctx) : null;
}
