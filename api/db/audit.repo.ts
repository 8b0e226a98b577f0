// Reads of the audit log: the filtered, sorted page and the rows of the CSV export, both through
// the list kit (api/db/list.ts). Nothing here (or anywhere in the API) updates or deletes a row.
import { and, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditFilter, AuditListQuery, AuditSortKey } from "../contract/audit";
import type { SortDirection } from "../contract/list-query";
import { queryRows, type DbOrTx } from "./client";
import { cappedCount, keysetBatches, keysetColumns, likeContains, listPage, type SortMap } from "./list";
import { auditActors, auditLog, type ActorType, type AuditLogEntry } from "./schema";

/** Days of the filter are calendar days in Spain, whatever the server's time zone. */
export const AUDIT_TIME_ZONE = "Europe/Madrid";

/**
 * What the actor column shows and sorts by: the label, else the id, else nothing. The same
 * expression is indexed (audit_log_actor_sort_idx), so the sort walks the index.
 */
const actorText = sql`coalesce(${auditLog.actorLabel}, ${auditLog.actorId}, '')`;

// Each sort ends in (at, id), every column in the list's direction: one index per key serves both.
const SORTS: SortMap<AuditSortKey> = {
  at: [
    { expr: auditLog.at, type: "timestamptz" },
    { expr: auditLog.id, type: "bigint" },
  ],
  actor: [
    { expr: actorText, type: "text" },
    { expr: auditLog.at, type: "timestamptz" },
    { expr: auditLog.id, type: "bigint" },
  ],
  action: [
    { expr: auditLog.action, type: "text" },
    { expr: auditLog.at, type: "timestamptz" },
    { expr: auditLog.id, type: "bigint" },
  ],
  entity: [
    { expr: auditLog.entity, type: "text" },
    { expr: auditLog.at, type: "timestamptz" },
    { expr: auditLog.id, type: "bigint" },
  ],
};

/**
 * More actors than this match the text: their rows are found by the trigram index of the log
 * instead (a list of that many values no longer narrows the log much).
 */
const ACTOR_MATCHES_MAX = 200;

/**
 * The actor search: the actors whose text contains it are looked up in audit_actors (trigram
 * index over the distinct actors), then their rows are read by value through
 * audit_log_actor_sort_idx. Trigram-scanning the 2M-row log itself took 20–40 ms a statement
 * for one actor (the common trigrams of "gestor0007" are in hundreds of thousands of rows).
 */
async function actorCondition(db: DbOrTx, text: string): Promise<SQL> {
  const pattern = likeContains(text);
  const actors = await db
    .select({ label: auditActors.label })
    .from(auditActors)
    .where(ilike(auditActors.label, pattern))
    .limit(ACTOR_MATCHES_MAX + 1);
  if (actors.length > ACTOR_MATCHES_MAX) return ilike(actorText, pattern);
  if (actors.length === 0) return sql`false`;
  return inArray(
    actorText,
    actors.map((actor) => actor.label),
  );
}

async function whereOf(db: DbOrTx, filter: AuditFilter): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) conditions.push(await actorCondition(db, filter.actor));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  // Midnight of the day in Madrid, as an instant: `timestamp at time zone` reads it as local time.
  if (filter.from) conditions.push(sql`${auditLog.at} >= (${filter.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}`);
  if (filter.to) conditions.push(sql`${auditLog.at} < ((${filter.to}::date + 1)::timestamp at time zone ${AUDIT_TIME_ZONE})`);
  return and(...conditions);
}

function toEntry(row: AuditLogEntry): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorType: row.actorType,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    ip: row.ip,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export async function listAudit(db: DbOrTx, query: AuditListQuery) {
  const where = await whereOf(db, query);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) =>
      (
        await db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toEntry),
    count: () => cappedCount(db, auditLog, where),
  });
}

/** Rows read per query by the export: big enough to stream fast, small enough to stay light. */
export const AUDIT_EXPORT_BATCH = 2_000;

/**
 * One row of the export as the database sends it: text and numbers only (the instant in epoch
 * milliseconds, before/after as JSON text), so it is read without building a Date, parsing the
 * JSON or drizzle's per-row mapping (a third of the export's time at 2M rows).
 */
export type AuditExportRow = {
  atMs: number;
  actorType: ActorType;
  actorId: string | null;
  actorLabel: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  ip: string | null;
  before: string | null;
  after: string | null;
};

const EXPORT_COLUMNS = {
  // float8: exact to the millisecond; microseconds do not show in the file.
  atMs: sql<number>`(extract(epoch from ${auditLog.at}) * 1000)::float8`.as("atMs"),
  actorType: sql<ActorType>`${auditLog.actorType}::text`.as("actorType"),
  actorId: sql<string | null>`${auditLog.actorId}`.as("actorId"),
  actorLabel: sql<string | null>`${auditLog.actorLabel}`.as("actorLabel"),
  action: sql<string>`${auditLog.action}`.as("action"),
  entity: sql<string>`${auditLog.entity}`.as("entity"),
  entityId: sql<string | null>`${auditLog.entityId}`.as("entityId"),
  ip: sql<string | null>`${auditLog.ip}`.as("ip"),
  before: sql<string | null>`${auditLog.before}::text`.as("before"),
  after: sql<string | null>`${auditLog.after}::text`.as("after"),
};

/** Every row of the filtered, sorted log, in batches (the export streams them as it reads). */
export async function* auditExportBatches(
  db: DbOrTx,
  query: AuditFilter & { sort: AuditSortKey; dir: SortDirection },
): AsyncGenerator<AuditExportRow[]> {
  const where = await whereOf(db, query);
  const keys = Object.fromEntries(Object.entries(keysetColumns(SORTS, query.sort)).map(([name, value]) => [name, value.as(name)]));
  // Built by drizzle, run as plain SQL: the rows come back as the driver reads them.
  yield* keysetBatches(SORTS, query.sort, query.dir, AUDIT_EXPORT_BATCH, (after, orderBy, limit) =>
    queryRows<AuditExportRow & Record<string, unknown>>(
      db,
      db
        .select({ ...EXPORT_COLUMNS, ...keys })
        .from(auditLog)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit)
        .getSQL(),
    ),
  );
}
